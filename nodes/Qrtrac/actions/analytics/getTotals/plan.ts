import type { IDataObject } from 'n8n-workflow';

/**
 * The totals of the codes a row asked for, in its order (pure). A code the answer leaves out is named in
 * `missing`: the service answers every code it knows, so a missing one is an unknown or deleted ID, never "no
 * scans" (those come with zeros).
 */
export function totalsInOrder(
	qrIds: readonly string[],
	totals: readonly IDataObject[],
): { totals: IDataObject[]; missing: string[] } {
	const byId = new Map(totals.map((entry) => [String(entry.id), entry]));
	const missing = qrIds.filter((qrId) => !byId.has(qrId));
	return { totals: qrIds.flatMap((qrId) => (byId.has(qrId) ? [byId.get(qrId)!] : [])), missing };
}
