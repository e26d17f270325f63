import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { scrollTeamQrs } from '../../shared/api';
import { isHttpUrl } from '../../shared/validation';
import { codeEntry } from './codeEntry';
import { pickerTeam } from './pickerTeam';

export { searchTeams } from '../../shared/forms/teamPickers';

/**
 * QR codes of the acting team (Team (Override), else the credential's), searched by name or display ID, most
 * recently changed first, 100 per page (or what the service serves).
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
	const { teamId, markListed } = pickerTeam(ctx);
	const { qrs, nextToken } = await scrollTeamQrs(ctx, {
		query: { ...sort, search: filter?.trim() || undefined },
		token: paginationToken,
		teamId,
	});
	return {
		results: qrs.map((qr) =>
			markListed({
				...codeEntry(qr),
				// the editor opens it in a new tab: only an http(s) address, never a javascript: or data: one the
				// service's text may hold, which would run in the editor's page
				url:
					typeof qr.qrImageUrl === 'string' && isHttpUrl(qr.qrImageUrl) ? qr.qrImageUrl : undefined,
			}),
		),
		paginationToken: nextToken,
	};
}
