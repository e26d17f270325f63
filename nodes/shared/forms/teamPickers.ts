import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { getAllTeams } from '../api';

/** The team pickers both nodes show: the action node's team fields and the trigger's watched team. */

/** Teams of the organization, filtered by name or ID. */
export async function searchTeams(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const teams = await getAllTeams(this);
	const needle = filter?.trim().toLowerCase() ?? '';
	return {
		results: teams
			.filter((team) => !needle || `${team.name ?? ''} ${team.id}`.toLowerCase().includes(needle))
			.map((team) => ({ name: String(team.name ?? team.id), value: team.id })),
	};
}

/** Teams of the organization; the first entry keeps the credential's team. */
export async function getTeams(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return [
		{ name: "Credential's Team", value: '', description: 'Use the team set in the credential' },
		...(await getTeamsToJoin.call(this)),
	];
}

/** Teams of the organization, without a "credential's team" entry: for lists where every entry names a team. */
export async function getTeamsToJoin(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const teams = await getAllTeams(this);
	return teams.map((team) => ({ name: String(team.name ?? team.id), value: team.id }));
}
