import type { IDataObject } from 'n8n-workflow';

import { noTotalsRow, totalsByCode } from '../codeTotals';

/**
 * The totals of the codes a row asked for, in its order (pure). A code the answer leaves out is a live code of the
 * team without totals given (codeTotals.ts: nulls and a note), or else named in `missing`: an unknown, deleted or
 * other team's ID must not look like a code.
 */
export function totalsInOrder(
	qrIds: readonly string[],
	totals: readonly IDataObject[],
	liveIds: ReadonlySet<string>,
): { totals: IDataObject[]; missing: string[] } {
	const totalsOf = totalsByCode(totals);
	const missing = qrIds.filter((qrId) => !totalsOf(qrId) && !liveIds.has(qrId));
	return {
		totals: qrIds.flatMap((qrId) => {
			const entry = totalsOf(qrId);
			if (entry) return [entry];
			return liveIds.has(qrId) ? [noTotalsRow(qrId)] : [];
		}),
		missing,
	};
}
