import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { getAllTeams, getTeamQrsPaginated } from '../../shared/api';

const PAGE_SIZE = 100;

/** QR codes of the credential's team, searched by name or display ID, 100 per page. */
export async function searchQrCodes(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const { qrs, totalCount } = await getTeamQrsPaginated(this, {
		query: { sortBy: 'updatedAt', sortOrder: 'desc', search: filter?.trim() || undefined },
		page,
		limit: PAGE_SIZE,
	});
	const more = totalCount === undefined ? qrs.length === PAGE_SIZE : page * PAGE_SIZE < totalCount;
	return {
		results: qrs.map((qr) => ({
			name: `${String(qr.name ?? 'Untitled')} (${String(qr.displayId ?? qr.id)})`,
			value: qr.id,
			url: typeof qr.qrImageUrl === 'string' ? qr.qrImageUrl : undefined,
		})),
		paginationToken: more ? String(page + 1) : undefined,
	};
}

/** Teams of the organization, filtered by name or ID. */
export async function searchTeams(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const teams = await getAllTeams(this);
	const needle = filter?.trim().toLowerCase() ?? '';
	return {
		results: teams
			.filter((team) => !needle || `${String(team.name)} ${team.id}`.toLowerCase().includes(needle))
			.map((team) => ({ name: String(team.name ?? team.id), value: team.id })),
	};
}
