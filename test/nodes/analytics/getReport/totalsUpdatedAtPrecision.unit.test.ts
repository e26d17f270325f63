/**
 * Compare With Totals through `placeTotalsAnswer`, `totalsCheck` and `ScanTally`: how precisely a totals answer
 * writes its last scans is read from its `updatedAt` values alone (the contract types each time only as an
 * integer, and each field's unit is read on its own), in steps of a second, a tenth or a hundredth.
 */
import {
	ScanTally,
	type Cutoff,
	type CutoffCounts,
} from '../../../../nodes/Qrtrac/actions/analytics/getReport/scanTally';
import { totalsCheck } from '../../../../nodes/Qrtrac/actions/analytics/getReport/totalsCheck';
import { ZonedDays } from '../../../../nodes/Qrtrac/actions/analytics/getReport/zonedDays';
import { placeTotalsAnswer } from '../../../../nodes/shared/api/scanTotals';

const PRESENT = Date.UTC(2026, 0, 15);
const SECOND = Date.UTC(2026, 0, 14, 12, 0, 0);

function counted(cutoffs: ReadonlyMap<string, Cutoff>, scans: number[]): CutoffCounts {
	const tally = new ScanTally(
		{
			qrIds: ['qr'],
			range: { startTime: 0, endTime: Number.MAX_SAFE_INTEGER },
			breakdowns: [],
			visitorKey: 'ip',
			byDay: false,
			acrossCodes: false,
			cutoffs,
		},
		new ZonedDays('UTC'),
	);
	for (const scanTime of scans) tally.add({ qrId: 'qr', scanTime });
	const { scansToCutoff, scansBeforeCutoff } = tally.codes.get('qr')!;
	return { scansToCutoff, scansBeforeCutoff };
}

function noteFor(row: Record<string, unknown>, scans: number[]) {
	const [placed] = placeTotalsAnswer([{ id: 'qr', ...row } as never], PRESENT);
	const check = totalsCheck({ startTime: SECOND - 2 * 86_400_000, endTime: PRESENT }, [[placed]]);
	return check.compare('qr', counted(check.cutoffs, scans)).totalsNote;
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
