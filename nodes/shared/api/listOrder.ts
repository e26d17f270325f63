import type { INode } from 'n8n-workflow';

import { apiError } from '../nodeErrors';
import type { QrCode } from './answers';
import type { QrListQuery } from './qrList';

/**
 * A list read to a Limit holds the first codes of the order asked for only when the service sorted it so: one that
 * ignores `sortBy` would have its oldest codes handed out as the most recently changed. Times are checked, not
 * names: how a service compares names (case, accents) is its own.
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
	// a time of 0 or none is a code never changed, and where a service sorts those is unknown
	const timed = codes.filter((code) => typeof code[field] === 'number' && code[field] > 0);
	const at = timed.findIndex((code, index) => {
		const before = timed[index - 1]?.[field] as number | undefined;
		const time = code[field] as number;
		return before !== undefined && (descending ? time > before : time < before);
	});
	if (at < 0) return;
	const [earlier, later] = [timed[at - 1], timed[at]];
	const order = `${field} ${descending ? 'newest' : 'oldest'} first`;
	throw apiError(
		node,
		{ success: false, message: 'list not in the order asked' },
		{
			message: `QRTRAC's list of codes is not in the order asked (${order})`,
			description: `${label}, read for ${what}, was asked for sortBy=${field}&sortOrder=${descending ? 'desc' : 'asc'} but listed code ${String(later.id)} (${field} ${String(later[field])}) after code ${String(earlier.id)} (${field} ${String(earlier[field])}), so the first codes it gave are not the ones asked for; nothing was output as if they were. A read of every code (Get Many's Return All) sorts them in n8n; report the order to QRTRAC with this message.`,
			itemIndex,
		},
	);
}
