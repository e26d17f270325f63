/**
 * Compare With Totals through `withLastScans`, `totalsCheck` and `ScanTally`: how precisely a totals answer
 * writes its last scans is read from its scanned codes' `updatedAt` alone (the contract types each time only as an
 * integer, and each field's unit is read on its own), in steps of an hour, 15 or 5 minutes or a minute (each from
 * enough scanned codes' last scans, eventTime.ts `TIME_STEPS`), a second, a tenth or a hundredth.
 */
import {
	ScanTally,
	type Cutoff,
	type CutoffCounts,
} from '../../../../nodes/Qrtrac/actions/analytics/getReport/scanTally';
import { totalsCheck } from '../../../../nodes/Qrtrac/actions/analytics/getReport/totalsCheck';
import { ZonedDays } from '../../../../nodes/Qrtrac/actions/analytics/getReport/zonedDays';
import { placeTotalsTimes, withLastScans } from '../../../../nodes/shared/api/scanTotals';

/** One totals answer read alone, as `readTotalsAnswers` reads a report's answers together. */
const placeTotalsAnswer = (rows: readonly object[], presentMs: number) =>
	withLastScans([placeTotalsTimes(rows as never, presentMs)])[0];

const PRESENT = Date.UTC(2026, 0, 15);
const SECOND = Date.UTC(2026, 0, 14, 12, 0, 0);

function counted(cutoffs: ReadonlyMap<string, Cutoff>, scans: number[], qrId = 'qr'): CutoffCounts {
	const tally = new ScanTally(
		{
			qrIds: [qrId],
			range: { startTime: 0, endTime: Number.MAX_SAFE_INTEGER },
			breakdowns: [],
			visitorKey: 'ip',
			byDay: false,
			acrossCodes: false,
			cutoffs,
		},
		new ZonedDays('UTC'),
	);
	for (const scanTime of scans) tally.add({ qrId, scanTime });
	const { scansToCutoff, scansBeforeCutoff } = tally.codes.get(qrId)!;
	return { scansToCutoff, scansBeforeCutoff };
}

/** The note of code `qrId` (scanned at `scans`) in one totals answer of `rows`. */
function noteIn(rows: Array<Record<string, unknown>>, scans: number[], qrId = 'qr') {
	const placed = placeTotalsAnswer(rows as never, PRESENT);
	const check = totalsCheck({ startTime: SECOND - 2 * 86_400_000, endTime: PRESENT }, [placed]);
	return check.compare(qrId, counted(check.cutoffs, scans, qrId)).totalsNote;
}

function noteFor(row: Record<string, unknown>, scans: number[]) {
	return noteIn([{ id: 'qr', ...row }], scans);
}

// last scan really at 12:00:00.600; 3 scans in all, events ms-precise, totals agree (3)
const scans = [SECOND - 60_000, SECOND - 30_000, SECOND + 600];

it('updatedAt in epoch seconds (truncated), createdAt in epoch ms from the code record: no note', () => {
	expect(
		noteFor(
			{ totalScans: 3, createdAt: SECOND - 86_400_000 + 123, updatedAt: SECOND / 1000 },
			scans,
		),
	).toBeUndefined();
});

it('updatedAt in whole seconds, leadsUpdatedAt to the ms (leads from another table): no note', () => {
	expect(
		noteFor(
			{
				totalScans: 3,
				createdAt: (SECOND - 86_400_000) / 1000,
				updatedAt: SECOND / 1000,
				leadsUpdatedAt: SECOND - 5_000 + 7,
			},
			scans,
		),
	).toBeUndefined();
});

it('totals in centiseconds (truncated: 12:00:00.607 written ...600), events to the ms: no note', () => {
	const events = [SECOND - 60_000, SECOND - 30_000, SECOND + 607];
	expect(
		noteFor(
			{ totalScans: 3, createdAt: SECOND - 86_400_000 + 120, updatedAt: SECOND + 600 },
			events,
		),
	).toBeUndefined();
});

describe('an answer with codes never scanned', () => {
	// a never-scanned code's `updatedAt` is no last scan: the contract says only "last scan time", so a service may
	// give its record's time there, to the ms or in whole seconds
	const scanned = {
		id: 'qr',
		totalScans: 3,
		createdAt: SECOND - 86_400_000,
		updatedAt: SECOND / 1000,
	};
	const recordTime = SECOND - 3_600_000 + 123;

	it("reads the step of the scanned codes' last scans alone: a record time to the ms beside them adds no note", () => {
		const neverScanned = {
			id: 'qr_new',
			totalScans: 0,
			createdAt: recordTime,
			updatedAt: recordTime,
		};
		expect(noteIn([scanned], scans)).toBeUndefined();
		expect(noteIn([scanned, neverScanned], scans)).toBeUndefined();
	});

	it('notes no disagreement for a never-scanned code without events, its record time in whole seconds', () => {
		const neverScanned = {
			id: 'qr_new',
			totalScans: 0,
			createdAt: SECOND - 3_600_000,
			updatedAt: SECOND - 3_600_000,
		};
		expect(noteIn([scanned, neverScanned], [], 'qr_new')).toBeUndefined();
	});
});

it('updatedAt in whole minutes (a rollup truncating its last scan to the minute): no note', () => {
	// last scan really at 12:01:37.600, written 12:01:00; another code's written 11:58:00
	const events = [SECOND - 600_000, SECOND - 300_000, SECOND + 97_600];
	const rows = [
		{ id: 'qr', totalScans: 3, createdAt: SECOND - 86_400_000, updatedAt: SECOND + 60_000 },
		{ id: 'other', totalScans: 1, createdAt: SECOND - 86_400_000, updatedAt: SECOND - 120_000 },
	];
	expect(noteIn(rows, events)).toBeUndefined();
});

it('an hourly rollup (last scans truncated to the hour), totals agreeing with the events: no note', () => {
	// last scans really at 12:37:12.400 and 11:05:00.100, written 12:00:00 and 11:00:00; totals agree (2 each)
	const rows = [
		{ id: 'a', totalScans: 2, createdAt: SECOND - 86_400_000, updatedAt: SECOND },
		{ id: 'b', totalScans: 2, createdAt: SECOND - 86_400_000, updatedAt: SECOND - 3_600_000 },
	];
	const note = noteIn(rows, [SECOND - 7_200_000, SECOND + 37 * 60_000 + 12_400], 'a');
	expect(note).toBeUndefined();
});

it('an hourly rollup, 2 scanned codes last scanned in the same hour (both 11:00:00), totals agreeing: no note', () => {
	// the two codes' last scans are two values even on one time: 11:37 and 11:12, both written 11:00:00
	const rows = [
		{ id: 'qr', totalScans: 2, createdAt: SECOND - 36 * 3_600_000, updatedAt: SECOND - 3_600_000 },
		{ id: 'b', totalScans: 1, createdAt: SECOND - 36 * 3_600_000, updatedAt: SECOND - 3_600_000 },
	];
	expect(noteIn(rows, [SECOND - 5 * 3_600_000, SECOND - 3_600_000 + 37 * 60_000])).toBeUndefined();
});

it('a minute rollup whose 2 codes are on 5-minute marks (1 in 25) is read in minutes: a disagreement is noted', () => {
	// 5 minutes need 5 last scans; totals count 2, the events hold 3 scans before the last one counted (12:00:40)
	const rows = [
		{ id: 'qr', totalScans: 2, createdAt: SECOND - 36 * 3_600_000, updatedAt: SECOND },
		{ id: 'b', totalScans: 1, createdAt: SECOND - 36 * 3_600_000, updatedAt: SECOND - 300_000 },
	];
	expect(noteIn(rows, [SECOND - 600_000, SECOND - 180_000, SECOND + 40_000])).toBeDefined();
});

it('the step is decided once for all the totals answers of a report: an hour from two answers of one code each', () => {
	const answers = [
		[{ id: 'a', totalScans: 2, createdAt: SECOND - 86_400_000, updatedAt: SECOND - 3_600_000 }],
		[{ id: 'b', totalScans: 1, createdAt: SECOND - 86_400_000, updatedAt: SECOND }],
	];
	const placed = withLastScans(answers.map((rows) => placeTotalsTimes(rows as never, PRESENT)));
	expect(placed.flat().map((row) => row.lastScan?.stepMs)).toEqual([3_600_000, 3_600_000]);
});

it('one scanned code in whole seconds whose last scan is on :00 is read in seconds: a disagreement 30 s off is noted', () => {
	// totals say 1 scan, last at 12:00:00; the events hold another 30 s before it (a scan after the last one may
	// have come after the totals were read: only one before it is a disagreement)
	const rows = [
		{ id: 'qr', totalScans: 1, createdAt: SECOND - 86_400_000, updatedAt: SECOND / 1000 },
		{ id: 'never', totalScans: 0, createdAt: SECOND - 5_000, updatedAt: SECOND - 5_000 },
	];
	expect(noteIn(rows, [SECOND - 30_000, SECOND])).toContain('within a second either side');
});

it('a one-row answer to the ms ending in 0 is read in hundredths, and its note says only what its times allow', () => {
	const [row] = placeTotalsAnswer(
		[{ id: 'qr', totalScans: 1, updatedAt: SECOND + 610 } as never],
		PRESENT,
	);
	expect(row.lastScan).toEqual({ firstMs: SECOND + 601, lastMs: SECOND + 619, stepMs: 10 });
	const note = noteFor({ totalScans: 3, createdAt: SECOND - 86_400_000, updatedAt: SECOND + 610 }, [
		SECOND,
	]);
	expect(note).toContain('last scan times are all on whole hundredths of a second');
	expect(note).not.toContain('written in');
});
