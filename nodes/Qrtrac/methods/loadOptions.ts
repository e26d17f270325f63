import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { qrtracApiRequest } from '../../shared/transport';

/** Teams of the organization; the first entry keeps the credential's team. */
export async function getTeams(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { data } = await qrtracApiRequest<IDataObject[]>(this, { method: 'GET', path: '/teams-api' });
	return [
		{ name: "Credential's Team", value: '', description: 'Use the team set in the credential' },
		...(data ?? []).map((team) => ({ name: String(team.name ?? team.id), value: String(team.id) })),
	];
}

/** Design templates of the credential's team. */
export async function getTemplates(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { data } = await qrtracApiRequest<IDataObject[]>(this, { method: 'GET', path: '/qr-templates-api' });
	return [
		{ name: 'Default Template', value: '', description: "The team's default design" },
		...(data ?? []).map((template) => ({
			name: String(template.name ?? template.id),
			value: String(template.id),
			description: typeof template.description === 'string' ? template.description : undefined,
		})),
	];
}

/** Teams of the organization, without a "credential's team" entry: for lists where every entry names a team. */
export async function getTeamsToJoin(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { data } = await qrtracApiRequest<IDataObject[]>(this, { method: 'GET', path: '/teams-api' });
	return (data ?? []).map((team) => ({ name: String(team.name ?? team.id), value: String(team.id) }));
}

/** How many codes the code picker lists: the most recently changed ones (10 pages of 100). */
const PICKER_PAGES = 10;

/**
 * QR codes of the credential's team for a multi-select picker, most recently changed first, labelled
 * "Name (Display ID)". Teams with more codes than the picker lists pick the rest by ID (an expression).
 */
export async function getQrCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const options: INodePropertyOptions[] = [];
	for (let page = 1; page <= PICKER_PAGES; page++) {
		const { data } = await qrtracApiRequest(this, {
			method: 'GET',
			path: '/qrs-api/v2/teams/',
			query: { limit: 100, page, sortBy: 'updatedAt', sortOrder: 'desc' },
		});
		const qrs = (data.qrs as IDataObject[] | undefined) ?? [];
		for (const qr of qrs) {
			options.push({ name: `${String(qr.name ?? 'Untitled')} (${String(qr.displayId ?? qr.id)})`, value: String(qr.id) });
		}
		if (qrs.length < 100 || page * 100 >= Number(data.totalCount ?? 0)) break;
	}
	return options;
}
