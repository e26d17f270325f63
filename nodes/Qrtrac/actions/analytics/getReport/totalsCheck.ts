import type { IDataObject } from 'n8n-workflow';

import { NO_TOTALS_NOTE, totalsByCode } from '../codeTotals';
import type { Tally } from './scanTally';

/**
 * Compare With Totals (pure): each code's all-time scans as QRTRAC's totals count them (`allTimeScans`), and when
 * the range covers the code's whole life (from its creation to its last scan, as the totals tell them) but the
 * report counts a different number, a `totalsNote` that says so. The service can cause that (events recorded
 * late, removed, or counted differently); the report shows it rather than pick one number. The totals' times come
 * in epoch ms, read by their unit where they are read (api/scanTotals.ts `getTotalScansOverview`). `asOf`: when
 * the report began; the range covers a life only up to then, as the totals, read after the events, also count the
 * scans made while the report ran.
 */
export function totalsCheck(
	range: { startTime: number; endTime: number },
	totals: readonly IDataObject[],
	asOf: number,
): (qrId: string, tally: Tally) => IDataObject {
	const totalsOf = totalsByCode(totals);
	const coveredUntil = Math.min(range.endTime, asOf);
	return (qrId, tally) => {
		const entry = totalsOf(qrId);
		if (!entry) return { allTimeScans: null, totalsNote: NO_TOTALS_NOTE };
		const createdAt = typeof entry.createdAt === 'number' ? entry.createdAt : undefined;
		const lastScan = typeof entry.updatedAt === 'number' ? entry.updatedAt : undefined;
		// without a last scan only a code never scanned is known to have no scan after the range
		const coversLife =
			createdAt !== undefined &&
			range.startTime <= createdAt &&
			(lastScan === undefined ? entry.totalScans === 0 : coveredUntil >= lastScan);
		if (!coversLife || entry.totalScans === tally.scans) return { allTimeScans: entry.totalScans };
		return {
			allTimeScans: entry.totalScans,
			totalsNote: `QRTRAC's totals count ${entry.totalScans} scans in this code's whole life, which this range covers, but its scan events in the range are ${tally.scans}: the service's totals and events disagree (events recorded late, removed, or counted differently)`,
		};
	};
}
