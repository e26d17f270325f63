import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { qrtracApiRequest } from '../../shared/transport';

const PAGE_SIZE = 100;

/** QR codes of the credential's team, searched by name or display ID, 100 per page. */
export async function searchQrCodes(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const query: IDataObject = { limit: PAGE_SIZE, page, sortBy: 'updatedAt', sortOrder: 'desc' };
	if (filter?.trim()) query.search = filter.trim();
	const { data } = await qrtracApiRequest(this, { method: 'GET', path: '/qrs-api/v2/teams/', query });
	const qrs = (data.qrs as IDataObject[] | undefined) ?? [];
	const totalCount = Number(data.totalCount ?? 0);
	return {
		results: qrs.map((qr) => ({
			name: `${String(qr.name ?? 'Untitled')} (${String(qr.displayId ?? qr.id)})`,
			value: String(qr.id),
			url: typeof qr.qrImageUrl === 'string' ? qr.qrImageUrl : undefined,
		})),
		paginationToken: page * PAGE_SIZE < totalCount ? String(page + 1) : undefined,
	};
}

/** Teams of the organization, filtered by name or ID. */
export async function searchTeams(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const { data } = await qrtracApiRequest<IDataObject[]>(this, { method: 'GET', path: '/teams-api' });
	const needle = filter?.trim().toLowerCase() ?? '';
	return {
		results: (data ?? [])
			.filter((team) => !needle || `${String(team.name)} ${String(team.id)}`.toLowerCase().includes(needle))
			.map((team) => ({ name: String(team.name ?? team.id), value: String(team.id) })),
	};
}
