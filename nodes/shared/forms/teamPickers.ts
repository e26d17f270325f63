import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { connectionOf, getAllTeams } from '../api';
import { distinctLabels } from './distinctLabels';

/** The team pickers both nodes show: the action node's team fields and the trigger's watched team. */

/** Teams of the organization, filtered by name or ID. */
export async function searchTeams(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const teams = await getAllTeams(this);
	const needle = filter?.trim().toLowerCase() ?? '';
	const entries = teamEntries(teams, (await connectionOf(this)).teamId);
	return {
		results: entries.filter(
			(_, index) =>
				!needle || `${teams[index].name ?? ''} ${teams[index].id}`.toLowerCase().includes(needle),
		),
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
	return teamEntries(await getAllTeams(this), (await connectionOf(this)).teamId);
}

/**
 * One entry per team, labelled by name (and ID where names repeat, over the whole list, not only the matches);
 * the credential's team says so, for a person choosing between it and another.
 */
function teamEntries(
	teams: Array<{ id: string; name?: unknown }>,
	credentialTeamId: string,
): INodePropertyOptions[] {
	return distinctLabels(
		teams.map((team) => ({ name: String(team.name ?? team.id), value: team.id })),
	).map((entry) =>
		entry.value === credentialTeamId
			? { ...entry, name: `${entry.name} (credential's team)` }
			: entry,
	);
}
