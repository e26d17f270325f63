import type { IDataObject } from 'n8n-workflow';

import { NO_TOTALS_NOTE, totalsByCode } from '../codeTotals';

/**
 * Compare With Totals (pure): each code's all-time scans as QRTRAC's totals count them (`allTimeScans`), and when
 * the range covers the code's whole life (from its creation to its last scan, as the totals tell them) but the
 * code's events up to its cutoff count a different number, a `totalsNote` that says so. The service can cause
 * that (events recorded late, removed, or counted differently); the report shows it rather than pick one number.
 * The totals are read before the events, and a code's events are counted only up to a time of QRTRAC's own clock
 * that was already past when its totals were read (`cutoffs`), so a scan made while the report runs is no
 * disagreement, and no time of n8n's clock is read on QRTRAC's. The totals' times come in epoch ms, read by their
 * unit where they are read (api/scanTotals.ts `readTotalsAnswers`).
 */
export interface TotalsCheck {
	/** Per code, the time up to which its scan events are counted against its totals. */
	cutoffs: ReadonlyMap<string, number>;
	/** `allTimeScans` and any `totalsNote` of a code, from its events up to its cutoff (0 without a cutoff). */
	compare(qrId: string, scansToCutoff: number): IDataObject;
}

/** A totals row and the last ms its `updatedAt` covers (api/scanTotals.ts `TotalsRead`). */
export interface TotalsRow {
	totals: IDataObject;
	lastScanEnd?: number;
}

/**
 * `totals` in the order they were read, one request after another: the latest last scan (`updatedAt`) among a
 * row and those before it was past when that row was read, and a code has no scan between its own last scan and
 * that read. So a code's cutoff is that latest time, or its own last scan to the end of what `updatedAt` covers
 * (the totals counted it) when that is later; also for a code never scanned, which has no `updatedAt`.
 */
export function totalsCheck(
	range: { startTime: number; endTime: number },
	totals: readonly TotalsRow[],
): TotalsCheck {
	const totalsOf = totalsByCode(totals.map((row) => row.totals));
	const cutoffs = new Map<string, number>();
	const lastScans = new Map<string, number>();
	let latest: number | undefined;
	for (const { totals: entry, lastScanEnd } of totals) {
		const id = String(entry.id);
		if (typeof entry.updatedAt === 'number')
			latest = Math.max(latest ?? -Infinity, entry.updatedAt);
		if (totalsOf(id) !== entry) continue;
		if (lastScanEnd !== undefined) lastScans.set(id, lastScanEnd);
		const cutoff = Math.max(latest ?? -Infinity, lastScanEnd ?? -Infinity);
		if (cutoff !== -Infinity) cutoffs.set(id, cutoff);
	}
	const compare = (qrId: string, scansToCutoff: number): IDataObject => {
		const entry = totalsOf(qrId);
		if (!entry) return { allTimeScans: null, totalsNote: NO_TOTALS_NOTE };
		const createdAt = typeof entry.createdAt === 'number' ? entry.createdAt : undefined;
		const lastScan = lastScans.get(qrId);
		// without a last scan only a code never scanned is known to have no scan after the range; without a
		// cutoff no event is known to be older than the totals
		const coversLife =
			createdAt !== undefined &&
			cutoffs.has(qrId) &&
			range.startTime <= createdAt &&
			(lastScan === undefined ? entry.totalScans === 0 : range.endTime >= lastScan);
		if (!coversLife || entry.totalScans === scansToCutoff)
			return { allTimeScans: entry.totalScans };
		return {
			allTimeScans: entry.totalScans,
			totalsNote: `QRTRAC's totals count ${entry.totalScans} scans in this code's whole life, which this range covers, but its scan events in the range up to the last scan the totals had counted are ${scansToCutoff}: the service's totals and events disagree (events recorded late, removed, or counted differently)`,
		};
	};
	return { cutoffs, compare };
}
