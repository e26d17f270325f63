import type { IDataObject } from 'n8n-workflow';

import { noTotalsRow, totalsByCode } from '../codeTotals';

/**
 * The totals of the codes a row asked for, in its order (pure). `liveIds`: the asked IDs known as live codes of the
 * team (listed, or read by ID). Only those get a row: their totals, or, left out of the answer, no totals
 * (codeTotals.ts: nulls and a note). Every other ID is named in `missing`, also when the answer gives it totals (a
 * service may answer zeros for any ID): an unknown, deleted or other team's ID must not look like a code.
 */
export function totalsInOrder(
	qrIds: readonly string[],
	totals: readonly IDataObject[],
	liveIds: ReadonlySet<string>,
): { totals: IDataObject[]; missing: string[] } {
	const totalsOf = totalsByCode(totals);
	return {
		totals: qrIds
			.filter((qrId) => liveIds.has(qrId))
			.map((qrId) => totalsOf(qrId) ?? noTotalsRow(qrId)),
		missing: qrIds.filter((qrId) => !liveIds.has(qrId)),
	};
}
