import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { qrtracApiRequestAllPages } from '../../shared/transport';

/**
 * The team's live code whose displayId is exactly `displayId`, or undefined. The list's `search` matches
 * name or displayId as a case-insensitive substring, so every page of matches is read and the exact,
 * case-sensitive displayId is picked from them.
 */
export async function findQrByDisplayId(
	ctx: IExecuteFunctions,
	displayId: string,
	teamId: string | undefined,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const matches = await qrtracApiRequestAllPages<IDataObject>(
		ctx,
		{ method: 'GET', path: '/qrs-api/v2/teams/', query: { search: displayId }, teamId, itemIndex },
		{ returnAll: true, extract: extractQrPage },
	);
	return matches.find((qr) => qr.displayId === displayId);
}

/** Records and total of one page of the paginated list (`{ qrs, totalCount, page, limit }`). */
export function extractQrPage(data: IDataObject): { items: IDataObject[]; totalCount?: number } {
	const items = Array.isArray(data?.qrs) ? (data.qrs as IDataObject[]) : [];
	const totalCount = typeof data?.totalCount === 'number' ? data.totalCount : undefined;
	return { items, totalCount };
}
