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
