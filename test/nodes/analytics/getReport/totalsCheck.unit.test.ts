/**
 * Scan > Get Report's Compare With Totals (pure): which codes' totals are compared with their events, up to which
 * time of QRTRAC's clock (the cutoff) the events are counted, and the note where they disagree.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	ScanTally,
	type Cutoff,
	type CutoffCounts,
} from '../../../../nodes/Qrtrac/actions/analytics/getReport/scanTally';
import {
	totalsCheck,
	type TotalsRow,
} from '../../../../nodes/Qrtrac/actions/analytics/getReport/totalsCheck';
import { ZonedDays } from '../../../../nodes/Qrtrac/actions/analytics/getReport/zonedDays';
import { placeTotalsTimes, withLastScans } from '../../../../nodes/shared/api/scanTotals';

/** One totals answer read alone, as `readTotalsAnswers` reads a report's answers together. */
const placeTotalsAnswer = (rows: readonly object[], presentMs: number) =>
	withLastScans([placeTotalsTimes(rows as never, presentMs)])[0];

/** A totals row read in epoch ms: its last scan is at its `updatedAt`. */
const inMs = (totals: IDataObject): TotalsRow =>
	typeof totals.updatedAt === 'number'
		? { totals, lastScan: { firstMs: totals.updatedAt, lastMs: totals.updatedAt, stepMs: 1 } }
		: { totals };

/** Scans (qrId, time) tallied with `cutoffs`: each code's scans counted against its cutoff. */
function countedToCutoff(
	cutoffs: ReadonlyMap<string, Cutoff>,
	scans: ReadonlyArray<[string, number]>,
): Map<string, CutoffCounts> {
	const qrIds = [...new Set(scans.map(([qrId]) => qrId))];
	const tally = new ScanTally(
		{
			qrIds,
			range: { startTime: 0, endTime: Number.MAX_SAFE_INTEGER },
			breakdowns: [],
			visitorKey: 'ip',
			byDay: false,
			acrossCodes: false,
			cutoffs,
		},
		new ZonedDays('UTC'),
	);
	for (const [qrId, scanTime] of scans) tally.add({ qrId, scanTime });
	return new Map(
		[...tally.codes].map(([qrId, { scansToCutoff, scansBeforeCutoff }]) => [
			qrId,
			{ scansToCutoff, scansBeforeCutoff },
		]),
	);
}

/** Events counted up to a cutoff known to the ms: `n` up to it (what is before it does not matter). */
const upTo = (n: number): CutoffCounts => ({ scansToCutoff: n, scansBeforeCutoff: 0 });

/** A cutoff known to the ms. */
const at = (ms: number): Cutoff => ({ firstMs: ms, lastMs: ms, stepMs: 1 });

describe('totalsCheck', () => {
	const range = { startTime: 1_000, endTime: 9_000 };

	it("notes a difference only where the range covers the code's whole life", () => {
		const { compare } = totalsCheck(range, [
			[
				{ id: 'covered', totalScans: 5, createdAt: 2_000, updatedAt: 8_000 },
				{ id: 'differs', totalScans: 6, createdAt: 2_000, updatedAt: 8_000 },
				{ id: 'older', totalScans: 9, createdAt: 500, updatedAt: 8_000 },
				{ id: 'later', totalScans: 9, createdAt: 2_000, updatedAt: 9_500 },
			].map(inMs),
			[inMs({ id: 'neverScanned', totalScans: 0, createdAt: 2_000 })],
		]);
		expect(compare('covered', upTo(5))).toEqual({ allTimeScans: 5 });
		expect(compare('differs', upTo(5))).toEqual({
			allTimeScans: 6,
			totalsNote: expect.stringContaining('count 6 scans'),
		});
		expect(compare('older', upTo(5))).toEqual({ allTimeScans: 9 });
		expect(compare('later', upTo(5))).toEqual({ allTimeScans: 9 });
		expect(compare('neverScanned', upTo(2))).toEqual({
			allTimeScans: 0,
			totalsNote: expect.stringContaining('count 0 scans'),
		});
		expect(compare('missing', upTo(5))).toEqual({
			allTimeScans: null,
			totalsNote: 'QRTRAC returned no totals for this code',
		});
	});

	it('claims no whole life when the totals do not tell the last scan of a scanned code', () => {
		// the contract requires no field: without `updatedAt` the code may have been scanned after the range
		const { compare } = totalsCheck(range, [[inMs({ id: 'qr', totalScans: 9, createdAt: 2_000 })]]);
		expect(compare('qr', upTo(5))).toEqual({ allTimeScans: 9 });
	});

	it("counts a code's events up to the later of its own last scan and the latest of the earlier answers", () => {
		// answers in the order they came, one request after another
		const { cutoffs, compare } = totalsCheck({ startTime: 1_000, endTime: 90_000 }, [
			[
				{ id: 'firstNeverScanned', totalScans: 0, createdAt: 2_000 },
				{ id: 'scanned', totalScans: 6, createdAt: 2_000, updatedAt: 8_000 },
			].map(inMs),
			[
				{ id: 'neverScanned', totalScans: 0, createdAt: 2_000 },
				{ id: 'scannedEarlier', totalScans: 3, createdAt: 2_000, updatedAt: 5_000 },
				{ id: 'scannedLater', totalScans: 3, createdAt: 2_000, updatedAt: 9_000 },
			].map(inMs),
		]);
		expect([...cutoffs]).toEqual([
			['scanned', at(8_000)],
			['neverScanned', at(8_000)],
			['scannedEarlier', at(8_000)],
			['scannedLater', at(9_000)],
		]);
		// no time of QRTRAC's is known to be past when the first answer was read: a code never scanned in it gets
		// no comparison
		expect(compare('firstNeverScanned', upTo(1))).toEqual({ allTimeScans: 0 });
		const { totalsNote } = compare('neverScanned', upTo(1));
		expect(totalsNote).toContain('count 0 scans');
		// the cutoff is another code's last scan: the note does not call it this code's
		expect(totalsNote).toContain('up to a time already past when its totals were read are 1');
		expect(totalsNote).not.toContain('last scan');
		expect(compare('scannedEarlier', upTo(4))).toMatchObject({
			totalsNote: expect.stringContaining(
				'up to a time already past when its totals were read are 4',
			),
		});
		expect(compare('scanned', upTo(5))).toMatchObject({
			totalsNote: expect.stringContaining('up to the last scan the totals had counted are 5'),
		});
	});

	it("takes no time from the rows listed before a code's in the same answer", () => {
		// the contract promises neither the rows' order nor one moment for all: B's row read at 1_000 (3 scans, the
		// last at 900), X scanned at 1_100 and its row read at 1_200, X listed first; B scanned at 1_050, after its
		// row was read, while the report runs
		const range = { startTime: 0, endTime: 90_000 };
		const { cutoffs, compare } = totalsCheck(range, [
			[
				{ id: 'X', totalScans: 1, createdAt: 10, updatedAt: 1_100 },
				{ id: 'B', totalScans: 3, createdAt: 10, updatedAt: 900 },
			].map(inMs),
		]);
		const counted = countedToCutoff(cutoffs, [
			['X', 1_100],
			['B', 100],
			['B', 500],
			['B', 900],
			['B', 1_050],
		]);

		expect(cutoffs.get('B')).toEqual(at(900));
		expect(compare('B', counted.get('B')!)).toEqual({ allTimeScans: 3 });
	});
});

describe('totals times written in whole seconds', () => {
	// `updatedAt` 8 (seconds) is read as 8_000 ms; the last scan it stands for, truncated or rounded, may lie
	// anywhere from 7_001 to 8_999
	const inSeconds = (totals: IDataObject): TotalsRow => ({
		totals,
		lastScan: { firstMs: 7_001, lastMs: 8_999, stepMs: 1_000 },
	});
	const row = { id: 'qr', totalScans: 3, createdAt: 2_000, updatedAt: 8_000 };
	const wholeLife = { startTime: 1_000, endTime: 90_000 };

	it("counts the events a second or more before the last scan's time and up to a second after it", () => {
		const { cutoffs, compare } = totalsCheck(wholeLife, [[inSeconds(row)]]);
		const counted = countedToCutoff(cutoffs, [
			['qr', 3_000],
			['qr', 5_000],
			['qr', 7_500],
			['qr', 9_000],
		]);
		expect(cutoffs.get('qr')).toEqual({ firstMs: 7_001, lastMs: 8_999, stepMs: 1_000 });
		expect(counted.get('qr')).toEqual({ scansToCutoff: 3, scansBeforeCutoff: 2 });
		expect(compare('qr', counted.get('qr')!)).toEqual({ allTimeScans: 3 });
	});

	it('notes no disagreement for totals from one more than the events before that span to the events up to its end', () => {
		// 2 events before the second, 2 in it: the totals were read after the first in it, perhaps before the second
		const counted = { scansBeforeCutoff: 2, scansToCutoff: 4 };
		for (const [totalScans, noted] of [
			[2, true],
			[3, false],
			[4, false],
			[5, true],
		] as const) {
			const { compare } = totalsCheck(wholeLife, [[inSeconds({ ...row, totalScans })]]);
			const { totalsNote } = compare('qr', counted);
			expect([totalScans, totalsNote !== undefined]).toEqual([totalScans, noted]);
			if (noted) {
				expect(totalsNote).toContain(
					"up to a moment within a second either side of its last scan's time (the totals' last scan times are all on whole seconds: perhaps truncated or rounded) are 3 to 4",
				);
				expect(totalsNote).not.toContain('up to the last scan');
			}
		}
	});

	it('notes totals that count a last scan in a second without events', () => {
		const { compare } = totalsCheck(wholeLife, [[inSeconds(row)]]);
		expect(compare('qr', { scansBeforeCutoff: 3, scansToCutoff: 3 }).totalsNote).toContain(
			"a second or more before its last scan's time (the totals' last scan times are all on whole seconds: perhaps truncated or rounded) are 3, and none within a second either side of it",
		);
	});

	it("lends a later answer's codes the earliest moment the last scan may have been, known past", () => {
		const never = { id: 'never', totalScans: 0, createdAt: 2_000 };
		const { cutoffs } = totalsCheck(wholeLife, [[inSeconds(row)], [{ totals: never }]]);
		expect([...cutoffs]).toEqual([
			['qr', { firstMs: 7_001, lastMs: 8_999, stepMs: 1_000 }],
			['never', at(7_001)],
		]);
	});

	it("claims no whole life for a range ending within a second after the last scan's time", () => {
		const { compare } = totalsCheck({ startTime: 1_000, endTime: 8_500 }, [[inSeconds(row)]]);
		expect(compare('qr', upTo(2))).toEqual({ allTimeScans: 3 });
	});
});

describe('ScanTally with cutoffs', () => {
	it("counts each code's scans up to its cutoff and before it apart, and none for a code without one", () => {
		const tally = new ScanTally(
			{
				qrIds: ['qr_a', 'qr_b'],
				range: { startTime: 1_000, endTime: 90_000 },
				breakdowns: [],
				visitorKey: 'ip',
				byDay: false,
				acrossCodes: false,
				cutoffs: new Map([['qr_a', { firstMs: 4_000, lastMs: 5_000, stepMs: 1_000 }]]),
			},
			new ZonedDays('UTC'),
		);
		for (const scanTime of [2_000, 5_000, 5_001, 80_000]) {
			tally.add({ qrId: 'qr_a', scanTime });
			tally.add({ qrId: 'qr_b', scanTime });
		}
		const counts = [...tally.codes].map(([qrId, code]) => [
			qrId,
			code.total.scans,
			code.scansToCutoff,
			code.scansBeforeCutoff,
		]);
		expect(counts).toEqual([
			['qr_a', 4, 2, 1],
			['qr_b', 4, 0, 0],
		]);
	});
});

describe('a totals answer read in whole seconds, perhaps rounded (api/scanTotals.ts `withLastScans`)', () => {
	const PRESENT = Date.UTC(2026, 0, 15);
	const SECOND = Date.UTC(2026, 0, 14, 12, 0, 0);

	/**
	 * The note for a code whose totals answer gives `createdAt`/`updatedAt`/`totalScans`, its events `scans`; the
	 * answer holds `others` rows too.
	 */
	function noteFor(
		times: { createdAt: number; updatedAt: number },
		totalScans: number,
		scans: number[],
		others: Array<{ id: string; totalScans: number; updatedAt: number }> = [],
	) {
		const [row, ...rest] = placeTotalsAnswer(
			[{ id: 'qr', totalScans, ...times }, ...others],
			PRESENT,
		);
		const check = totalsCheck({ startTime: SECOND - 2 * 86_400_000, endTime: PRESENT }, [
			[row, ...rest],
		]);
		const counted = countedToCutoff(
			check.cutoffs,
			scans.map((time) => ['qr', time]),
		);
		return check.compare('qr', counted.get('qr')!).totalsNote;
	}

	it('notes no disagreement for a last scan a service rounded to the nearest second (MySQL DATETIME)', () => {
		// last scan at 12:00:00.600, written as 12:00:01 in epoch seconds; totals 3 = the 3 events
		const inSeconds = {
			createdAt: (SECOND - 86_400_000) / 1_000,
			updatedAt: (SECOND + 1_000) / 1_000,
		};
		expect(noteFor(inSeconds, 3, [SECOND - 60_000, SECOND - 30_000, SECOND + 600])).toBeUndefined();
		// and written as 12:00:00 for a scan at 11:59:59.600
		const down = { createdAt: (SECOND - 86_400_000) / 1_000, updatedAt: SECOND / 1_000 };
		expect(noteFor(down, 2, [SECOND - 60_000, SECOND - 400])).toBeUndefined();
	});

	it('compares a ms-precise answer exactly, also a value that happens to end in 000', () => {
		const created = SECOND - 86_400_000 + 123;
		// another code's last scan to the ms shows the answer's `updatedAt` written to the ms
		const other = [{ id: 'qr_other', totalScans: 1, updatedAt: SECOND - 5_000 + 7 }];
		// totals 3, events up to the last scan 2 (one lost); a scan made 400 ms later, after the totals
		const at000 = noteFor(
			{ createdAt: created, updatedAt: SECOND },
			3,
			[SECOND - 60_000, SECOND, SECOND + 400],
			other,
		);
		const at001 = noteFor({ createdAt: created, updatedAt: SECOND + 1 }, 3, [
			SECOND - 60_000,
			SECOND + 1,
			SECOND + 401,
		]);
		expect([at000, at001]).toEqual([
			expect.stringContaining('up to the last scan the totals had counted are 2'),
			expect.stringContaining('up to the last scan the totals had counted are 2'),
		]);
		// and agrees where they agree
		expect(
			noteFor({ createdAt: created, updatedAt: SECOND }, 2, [SECOND - 60_000, SECOND - 2], other),
		).toBeUndefined();
	});

	it('writes the step of an answer in tenths of a second in its note', () => {
		// last scan written 12:00:00.600; 2 events before 12:00:00.501, none from there to 12:00:00.699
		expect(
			noteFor({ createdAt: SECOND - 86_400_000, updatedAt: SECOND + 600 }, 3, [
				SECOND - 60_000,
				SECOND + 400,
			]),
		).toContain(
			"a tenth of a second or more before its last scan's time (the totals' last scan times are all on whole tenths of a second: perhaps truncated or rounded) are 2, and none within a tenth of a second either side of it",
		);
	});
});
