import type { IDataObject } from 'n8n-workflow';

import type { TransportContext } from '../transport';
import {
	namesRecord,
	readRoster,
	readTeam,
	readTeams,
	unexpectedAnswer,
	type AnswerSource,
	type Team,
	type TeamWithMembers,
} from './answers';
import { lookBeforeCreatingAgain, probablyCreated } from './created';
import { endpoint } from './route';
import { callEndpoint } from './source';

/** One team with its domains and members: Get Team, and the roster read for member changes. */
const GET_TEAM = endpoint('Get Team', 'GET /teams-api/{id}');

/** The team operations of the contract (5). Each request acts in the team it names (x-request-team-id). */

export async function getAllTeams(
	ctx: TransportContext,
	{ itemIndex }: { itemIndex?: number } = {},
): Promise<Team[]> {
	const { data, source } = await callEndpoint(ctx, {
		operation: 'Get Many Teams',
		route: 'GET /teams-api',
		itemIndex,
	});
	return readTeams(source, data);
}

/**
 * Names need not be unique, so an unknown outcome cannot be checked: the item fails rather than risk a second team.
 * A success that does not name the new team (namesRecord) made it all the same: the item says so.
 */
export async function createTeam(
	ctx: TransportContext,
	{ name, itemIndex }: { name: string; itemIndex?: number },
): Promise<Team> {
	const { data, source } = await callEndpoint(ctx, {
		operation: 'Create Team',
		route: 'POST /teams-api',
		body: { name },
		unknownOutcomeAdvice: lookBeforeCreatingAgain('team'),
		itemIndex,
	});
	if (!namesRecord(data)) throw probablyCreated(source, data, 'team');
	return readTeam(source, data);
}

/** One team with its domains and members. */
export async function getTeamById(
	ctx: TransportContext,
	{ teamId, itemIndex }: { teamId: string; itemIndex?: number },
): Promise<Team> {
	const { data, source } = await callEndpoint(ctx, {
		...GET_TEAM,
		params: { id: teamId },
		teamId,
		itemIndex,
	});
	return ofAskedTeam(source, readTeam(source, data), teamId);
}

/**
 * The same read as getTeamById, for callers that must list the members (Get Many members, the check of a refused
 * retry): without a members list it fails. A member change that can do without reads getTeamById.
 */
export async function getTeamRoster(
	ctx: TransportContext,
	{ teamId, itemIndex }: { teamId: string; itemIndex?: number },
): Promise<TeamWithMembers> {
	const { data, source } = await callEndpoint(ctx, {
		...GET_TEAM,
		operation: 'Get Team Members',
		params: { id: teamId },
		teamId,
		itemIndex,
	});
	return ofAskedTeam(source, readRoster(source, data), teamId);
}

/**
 * The team an answer about team `teamId` holds, when it is that team: another team's record (its members, its
 * domains) is never shown, compared or acted on as the asked team's.
 */
function ofAskedTeam<T extends Team>(source: AnswerSource, team: T, teamId: string): T {
	if (team.id === teamId) return team;
	throw unexpectedAnswer(
		source,
		`the team asked for, "${teamId}"`,
		{ id: team.id },
		`"id" is "${team.id}", another team`,
	);
}

/** Renames the team. A retry refused after a lost answer is checked against the team's name. */
export async function updateTeam(
	ctx: TransportContext,
	{ teamId, name, itemIndex }: { teamId: string; name: string; itemIndex?: number },
): Promise<IDataObject> {
	const response = await callEndpoint(ctx, {
		operation: 'Rename Team',
		route: 'PUT /teams-api/{id}',
		params: { id: teamId },
		body: { name },
		teamId,
		itemIndex,
		verifyAfterRefusal: async () => {
			const team = await getTeamById(ctx, { teamId, itemIndex });
			return team.name === name ? team : undefined;
		},
	});
	return teamAnswer(response, { id: teamId, name });
}

/** Replaces the domains and the default domain. A retry refused after a lost answer is checked against the team. */
export async function updateDomainPreferences(
	ctx: TransportContext,
	{
		teamId,
		domains,
		defaultDomain,
		itemIndex,
	}: { teamId: string; domains: string[]; defaultDomain: string; itemIndex?: number },
): Promise<IDataObject> {
	const response = await callEndpoint(ctx, {
		operation: 'Set Team Domains',
		route: 'PUT /teams-api/{id}/domainPreferences',
		params: { id: teamId },
		body: { defaultDomain, domains },
		teamId,
		itemIndex,
		verifyAfterRefusal: async () => {
			const team = await getTeamById(ctx, { teamId, itemIndex });
			return holdsDomains(team, { domains, defaultDomain }) ? team : undefined;
		},
	});
	return teamAnswer(response, { id: teamId, domains, defaultDomain });
}

/**
 * Whether the team has these domains (as a set, without case) and this default domain: the one rule for a
 * refused retry and for leaving a re-run's change unsent. `domains` and `defaultDomain` are lower-case.
 */
export function holdsDomains(
	team: IDataObject,
	{ domains, defaultDomain }: { domains: string[]; defaultDomain: string },
): boolean {
	const stored = Array.isArray(team.domains)
		? new Set(team.domains.map((domain) => String(domain).toLowerCase()))
		: new Set<string>();
	return (
		stored.size === new Set(domains).size &&
		domains.every((domain) => stored.has(domain)) &&
		String(team.defaultDomain).toLowerCase() === defaultDomain
	);
}

/**
 * The team a change answers with. An answer that does not name the team (namesRecord: only `success`, or a record
 * without a text `id`) confirms the change as asked (`confirmed`), never padded with guessed fields.
 */
function teamAnswer(
	response: { data: unknown; source: AnswerSource; verifiedAfterUnknownOutcome?: boolean },
	asked: IDataObject,
): IDataObject {
	const marker = response.verifiedAfterUnknownOutcome ? { verifiedAfterUnknownOutcome: true } : {};
	if (!namesRecord(response.data)) return { ...asked, confirmed: true, ...marker };
	const team = readTeam(response.source, response.data);
	return { ...ofAskedTeam(response.source, team, String(asked.id)), ...marker };
}
