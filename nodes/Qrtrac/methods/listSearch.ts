import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { getTeamQrsPaginated } from '../../shared/api';
import { pickerTeam } from './pickerTeam';

export { searchTeams } from '../../shared/forms/teamPickers';

const PAGE_SIZE = 100;

/**
 * QR codes of the acting team (Team (Override), else the credential's), searched by name or display ID, most
 * recently changed first, 100 per page.
 */
export async function searchQrCodes(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchCodes(
		this,
		{ sortBy: 'updatedAt', sortOrder: 'desc' },
		filter,
		paginationToken,
	);
}

/** The same search sorted by name (A to Z, as the service sorts names), for the codes picker of the reports. */
export async function searchQrCodesByName(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchCodes(this, { sortBy: 'name', sortOrder: 'asc' }, filter, paginationToken);
}

async function searchCodes(
	ctx: ILoadOptionsFunctions,
	sort: { sortBy: 'updatedAt' | 'name'; sortOrder: 'asc' | 'desc' },
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const { teamId, mark } = pickerTeam(ctx);
	const { qrs, totalCount } = await getTeamQrsPaginated(ctx, {
		query: { ...sort, search: filter?.trim() || undefined },
		page,
		limit: PAGE_SIZE,
		teamId,
	});
	const more = totalCount === undefined ? qrs.length === PAGE_SIZE : page * PAGE_SIZE < totalCount;
	return {
		results: qrs.map((qr) =>
			mark({
				name: `${String(qr.name ?? 'Untitled')} (${String(qr.displayId ?? qr.id)})`,
				value: qr.id,
				url: typeof qr.qrImageUrl === 'string' ? qr.qrImageUrl : undefined,
			}),
		),
		paginationToken: more ? String(page + 1) : undefined,
	};
}
