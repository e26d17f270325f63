/**
 * Scan > Get Report's Compare With Totals (pure): which codes' totals are compared with their events, up to which
 * time of QRTRAC's clock (the cutoff) the events are counted, and the note where they disagree.
 */
import type { IDataObject } from 'n8n-workflow';

import { ScanTally } from '../../../../nodes/Qrtrac/actions/analytics/getReport/scanTally';
import {
	totalsCheck,
	type TotalsRow,
} from '../../../../nodes/Qrtrac/actions/analytics/getReport/totalsCheck';
import { ZonedDays } from '../../../../nodes/Qrtrac/actions/analytics/getReport/zonedDays';

/** A totals row read in epoch ms: its last scan covers its `updatedAt` alone. */
const inMs = (totals: IDataObject): TotalsRow =>
	typeof totals.updatedAt === 'number' ? { totals, lastScanEnd: totals.updatedAt } : { totals };

/** Scans (qrId, time) tallied with `cutoffs`: each code's scans up to its cutoff. */
function scansToCutoff(
	cutoffs: ReadonlyMap<string, number>,
	scans: ReadonlyArray<[string, number]>,
): Map<string, number> {
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
	return new Map([...tally.codes].map(([qrId, code]) => [qrId, code.scansToCutoff]));
}

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
		expect(compare('covered', 5)).toEqual({ allTimeScans: 5 });
		expect(compare('differs', 5)).toEqual({
			allTimeScans: 6,
			totalsNote: expect.stringContaining('count 6 scans'),
		});
		expect(compare('older', 5)).toEqual({ allTimeScans: 9 });
		expect(compare('later', 5)).toEqual({ allTimeScans: 9 });
		expect(compare('neverScanned', 2)).toEqual({
			allTimeScans: 0,
			totalsNote: expect.stringContaining('count 0 scans'),
		});
		expect(compare('missing', 5)).toEqual({
			allTimeScans: null,
			totalsNote: 'QRTRAC returned no totals for this code',
		});
	});

	it('claims no whole life when the totals do not tell the last scan of a scanned code', () => {
		// the contract requires no field: without `updatedAt` the code may have been scanned after the range
		const { compare } = totalsCheck(range, [[inMs({ id: 'qr', totalScans: 9, createdAt: 2_000 })]]);
		expect(compare('qr', 5)).toEqual({ allTimeScans: 9 });
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
			['scanned', 8_000],
			['neverScanned', 8_000],
			['scannedEarlier', 8_000],
			['scannedLater', 9_000],
		]);
		// no time of QRTRAC's is known to be past when the first answer was read: a code never scanned in it gets
		// no comparison
		expect(compare('firstNeverScanned', 1)).toEqual({ allTimeScans: 0 });
		const { totalsNote } = compare('neverScanned', 1);
		expect(totalsNote).toContain('count 0 scans');
		// the cutoff is another code's last scan: the note does not call it this code's
		expect(totalsNote).toContain('up to a time already past when its totals were read are 1');
		expect(totalsNote).not.toContain('last scan');
		expect(compare('scannedEarlier', 4)).toMatchObject({
			totalsNote: expect.stringContaining(
				'up to a time already past when its totals were read are 4',
			),
		});
		expect(compare('scanned', 5)).toMatchObject({
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
		const counted = scansToCutoff(cutoffs, [
			['X', 1_100],
			['B', 100],
			['B', 500],
			['B', 900],
			['B', 1_050],
		]);

		expect(cutoffs.get('B')).toBe(900);
		expect(compare('B', counted.get('B')!)).toEqual({ allTimeScans: 3 });
	});
});

describe('totals times written in whole seconds', () => {
	// `updatedAt` 8 (seconds) is read as 8_000 ms; the last scan it stands for may lie anywhere up to 8_999
	const inSeconds = (totals: IDataObject): TotalsRow => ({ totals, lastScanEnd: 8_999 });
	const row = { id: 'qr', totalScans: 3, createdAt: 2_000, updatedAt: 8_000 };

	it("counts the events up to the end of the last scan's second", () => {
		const { cutoffs, compare } = totalsCheck({ startTime: 1_000, endTime: 90_000 }, [
			[inSeconds(row)],
		]);
		const counted = scansToCutoff(cutoffs, [
			['qr', 3_000],
			['qr', 5_000],
			['qr', 8_500],
		]);
		expect(counted.get('qr')).toBe(3);
		expect(compare('qr', 3)).toEqual({ allTimeScans: 3 });
	});

	it("lends a later answer's codes the second's first ms, the time known past", () => {
		const never = { id: 'never', totalScans: 0, createdAt: 2_000 };
		const { cutoffs } = totalsCheck({ startTime: 1_000, endTime: 90_000 }, [
			[inSeconds(row)],
			[{ totals: never }],
		]);
		expect([...cutoffs]).toEqual([
			['qr', 8_999],
			['never', 8_000],
		]);
	});

	it("claims no whole life for a range ending within the last scan's second", () => {
		const { compare } = totalsCheck({ startTime: 1_000, endTime: 8_500 }, [[inSeconds(row)]]);
		expect(compare('qr', 2)).toEqual({ allTimeScans: 3 });
	});
});

describe('ScanTally with cutoffs', () => {
	it("counts each code's scans up to its cutoff apart, and none for a code without one", () => {
		const tally = new ScanTally(
			{
				qrIds: ['qr_a', 'qr_b'],
				range: { startTime: 1_000, endTime: 90_000 },
				breakdowns: [],
				visitorKey: 'ip',
				byDay: false,
				acrossCodes: false,
				cutoffs: new Map([['qr_a', 5_000]]),
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
		]);
		expect(counts).toEqual([
			['qr_a', 4, 2],
			['qr_b', 4, 0],
		]);
	});
});
