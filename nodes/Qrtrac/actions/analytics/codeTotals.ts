import type { IDataObject } from 'n8n-workflow';

/**
 * QRTRAC's totals of a code as Get Scan Totals answers them, one rule for Get Totals and Get Report's Compare With
 * Totals (pure). The contract does not promise a row for every code asked (a service may leave out a code never
 * scanned), so a live code the answer leaves out has no totals given: its counts are `null` with a note, never
 * zeros the service did not say.
 */

export const NO_TOTALS_NOTE = 'QRTRAC returned no totals for this code';

/** The fields of a totals row (the contract's `OverviewAnalyticsResponse` item) besides `id`. */
const TOTALS_FIELDS = [
	'totalScans',
	'todayScans',
	'yesterdayScans',
	'totalLeadsCount',
	'leadsTodayCount',
	'leadsYesterdayCount',
	'createdAt',
	'updatedAt',
	'leadsUpdatedAt',
	'todayDate',
	'leadsTodayDate',
] as const;

/** Each code's totals row, by its ID; a row without a number `totalScans` gives no totals. */
export function totalsByCode(
	totals: readonly IDataObject[],
): (qrId: string) => IDataObject | undefined {
	const byId = new Map(totals.map((entry) => [String(entry.id), entry]));
	return (qrId) => {
		const entry = byId.get(qrId);
		return entry && typeof entry.totalScans === 'number' ? entry : undefined;
	};
}

/** The totals row of a live code the answer gave no totals for: every field `null`, and the note. */
export function noTotalsRow(qrId: string): IDataObject {
	const row: IDataObject = { id: qrId };
	for (const field of TOTALS_FIELDS) row[field] = null;
	row.totalsNote = NO_TOTALS_NOTE;
	return row;
}
