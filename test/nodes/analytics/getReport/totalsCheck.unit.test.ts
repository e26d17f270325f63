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

/** A totals row read in epoch ms: its last scan covers its `updatedAt` alone. */
const inMs = (totals: IDataObject): TotalsRow =>
	typeof totals.updatedAt === 'number' ? { totals, lastScanEnd: totals.updatedAt } : { totals };

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
const at = (ms: number): Cutoff => ({ firstMs: ms, lastMs: ms });

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
	// `updatedAt` 8 (seconds) is read as 8_000 ms; the last scan it stands for may lie anywhere up to 8_999
	const inSeconds = (totals: IDataObject): TotalsRow => ({ totals, lastScanEnd: 8_999 });
	const row = { id: 'qr', totalScans: 3, createdAt: 2_000, updatedAt: 8_000 };
	const wholeLife = { startTime: 1_000, endTime: 90_000 };

	it("counts the events before the last scan's second and up to its end", () => {
		const { cutoffs, compare } = totalsCheck(wholeLife, [[inSeconds(row)]]);
		const counted = countedToCutoff(cutoffs, [
			['qr', 3_000],
			['qr', 5_000],
			['qr', 8_500],
			['qr', 9_000],
		]);
		expect(cutoffs.get('qr')).toEqual({ firstMs: 8_000, lastMs: 8_999 });
		expect(counted.get('qr')).toEqual({ scansToCutoff: 3, scansBeforeCutoff: 2 });
		expect(compare('qr', counted.get('qr')!)).toEqual({ allTimeScans: 3 });
	});

	it('notes no disagreement for totals from one more than the events before that second to the events up to its end', () => {
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
					"up to a moment within its last scan's second (a whole second) are 3 to 4",
				);
				expect(totalsNote).not.toContain('up to the last scan');
			}
		}
	});

	it('notes totals that count a last scan in a second without events', () => {
		const { compare } = totalsCheck(wholeLife, [[inSeconds(row)]]);
		expect(compare('qr', { scansBeforeCutoff: 3, scansToCutoff: 3 }).totalsNote).toContain(
			"before its last scan's second are 3, and none within that second",
		);
	});

	it("lends a later answer's codes the second's first ms, the time known past", () => {
		const never = { id: 'never', totalScans: 0, createdAt: 2_000 };
		const { cutoffs } = totalsCheck(wholeLife, [[inSeconds(row)], [{ totals: never }]]);
		expect([...cutoffs]).toEqual([
			['qr', { firstMs: 8_000, lastMs: 8_999 }],
			['never', at(8_000)],
		]);
	});

	it("claims no whole life for a range ending within the last scan's second", () => {
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
				cutoffs: new Map([['qr_a', { firstMs: 4_000, lastMs: 5_000 }]]),
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
