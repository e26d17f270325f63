import type { INode } from 'n8n-workflow';

import { apiError } from '../nodeErrors';
import type { QrCode } from './answers';
import { readEventTime } from './eventTime';
import type { QrListQuery } from './qrList';

/** The errors of lists not in the order asked, for a caller that can read the whole list instead. */
const outOfOrder = new WeakSet<Error>();

export function isOutOfOrderList(error: unknown): boolean {
	return error instanceof Error && outOfOrder.has(error);
}

/**
 * A list read to a Limit holds the first codes of the order asked for only when the service sorted it so: one that
 * ignores `sortBy` would have its oldest codes handed out as the most recently changed. Times are checked, each
 * read in the unit its size shows (eventTime.ts), not names: how a service compares names (case, accents) is its
 * own.
 */
export function refuseOutOfOrder(
	node: INode,
	codes: readonly QrCode[],
	query: QrListQuery,
	{ label, what, itemIndex }: { label: string; what: string; itemIndex?: number },
): void {
	const field = query.sortBy ?? 'updatedAt';
	if (field === 'name') return;
	const descending = query.sortOrder !== 'asc';
	const presentMs = Date.now();
	// a code without a readable time (never changed, 0) is one whose place a service may choose
	const timed = codes
		.map((code) => ({ code, time: readEventTime(code[field], presentMs) }))
		.filter((entry): entry is { code: QrCode; time: number } => entry.time !== undefined);
	const at = timed.findIndex(({ time }, index) => {
		const before = timed[index - 1]?.time;
		return before !== undefined && (descending ? time > before : time < before);
	});
	if (at < 0) return;
	const [earlier, later] = [timed[at - 1].code, timed[at].code];
	const order = `${field} ${descending ? 'newest' : 'oldest'} first`;
	const error = apiError(
		node,
		{ success: false, message: 'list not in the order asked' },
		{
			message: `QRTRAC's list of codes is not in the order asked (${order})`,
			description: `${label}, read for ${what}, was asked for sortBy=${field}&sortOrder=${descending ? 'desc' : 'asc'} but listed code ${String(later.id)} (${field} ${String(later[field])}) after code ${String(earlier.id)} (${field} ${String(earlier[field])}), so the first codes it gave are not the ones asked for; nothing was output as if they were. Reading every code instead (Get Many's Return All) sorts them in n8n; report the order to QRTRAC with this message.`,
			itemIndex,
		},
	);
	outOfOrder.add(error);
	throw error;
}
