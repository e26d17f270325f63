import type { IDataObject } from 'n8n-workflow';

import { hostName } from '../hostName';
import { verifiedMarker } from '../records/simplify';
import { isStoredFormOf } from '../records/textForm';
import type { TransportContext } from '../transport';
import {
	askedById,
	namesRecord,
	readRoster,
	readTeam,
	readTeams,
	teamShape,
	unexpectedAnswer,
	type AnswerSource,
	type Team,
	type TeamWithMembers,
} from './answers';
import { changeNotHeld, readAfterChange } from './answerErrors';
import { answeredOtherTeam, lookBeforeCreatingAgain, probablyCreated } from './created';
import { createOnce } from './createTries';
import { callEndpoint, connectionOf, type InTeam } from './source';
import { TEAM_ADDRESSES } from './recordAddress';

/** One team with its domains and members: Get Team, and the roster read for member changes. */
const GET_TEAM = TEAM_ADDRESSES.get;

/** The team operations of the contract (5). Each request acts in the team it names (x-request-team-id). */

export async function getAllTeams(
	ctx: TransportContext,
	{ itemIndex, checking }: Omit<InTeam, 'teamId'> = {},
): Promise<Team[]> {
	const { data, source } = await callEndpoint(ctx, {
		operation: 'Get Many Teams',
		route: 'GET /teams-api',
		itemIndex,
		checking,
	});
	return readTeams(source, data);
}

/**
 * Names need not be unique, so an unknown outcome cannot be checked: the item fails rather than risk a second team.
 * A success that does not name the new team (namesRecord) made it all the same: the item says so. So does one
 * naming another team (the team the request acted in, or another name than asked), never output as the new team.
 * n8n's Retry On Fail never sends it twice for one item (createOnce).
 */
export async function createTeam(
	ctx: TransportContext,
	{ name, itemIndex }: { name: string; itemIndex?: number },
): Promise<Team> {
	const body = { name };
	return await createOnce(
		ctx,
		{ operation: 'Create Team', kind: 'team', body, itemIndex },
		async () => {
			const { data, source } = await callEndpoint(ctx, {
				operation: 'Create Team',
				route: 'POST /teams-api',
				usesPlan: 'teams',
				body,
				unknownOutcomeAdvice: lookBeforeCreatingAgain('team'),
				itemIndex,
			});
			const parsed = teamShape.safeParse(data);
			if (!parsed.success || !namesRecord(data))
				throw probablyCreated(source, data, 'team', undefined, parsed.error);
			const team = parsed.data as Team;
			const actingTeam = (await connectionOf(ctx)).teamId;
			if (team.id === actingTeam || (team.name !== undefined && !showsName(team, name)))
				throw answeredOtherTeam(source, team, name);
			return team;
		},
	);
}

/** One team with its domains and members. */
export async function getTeamById(
	ctx: TransportContext,
	{ teamId, itemIndex, checking }: InTeam & { teamId: string },
): Promise<Team> {
	const { data, source } = await callEndpoint(ctx, {
		...GET_TEAM,
		params: { id: teamId },
		teamId,
		itemIndex,
		checking,
	});
	return ofAskedTeam(source, readTeam(source, askedById(data, teamId)), teamId);
}

/**
 * The same read as getTeamById, for callers that must list the members (Get Many members, the check of a refused
 * retry): without a members list it fails. A member change that can do without reads getTeamById.
 */
export async function getTeamRoster(
	ctx: TransportContext,
	{ teamId, itemIndex, checking }: InTeam & { teamId: string },
): Promise<TeamWithMembers> {
	const { data, source } = await callEndpoint(ctx, {
		...GET_TEAM,
		operation: 'Get Team Members',
		params: { id: teamId },
		teamId,
		itemIndex,
		checking,
	});
	return ofAskedTeam(source, readRoster(source, askedById(data, teamId)), teamId);
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

/**
 * Renames the team. A retry refused after a lost answer is checked against the team's name; the answer, against the
 * name asked (teamAfterChange).
 */
export async function updateTeam(
	ctx: TransportContext,
	{ teamId, name, itemIndex }: { teamId: string; name: string; itemIndex?: number },
): Promise<IDataObject> {
	const shows = (team: IDataObject) => showsName(team, name);
	const response = await callEndpoint(ctx, {
		...TEAM_ADDRESSES.rename,
		params: { id: teamId },
		body: { name },
		teamId,
		itemIndex,
		verifyAfterRefusal: async (checking) => {
			const team = await getTeamById(ctx, { teamId, itemIndex, checking });
			return shows(team) ? team : undefined;
		},
	});
	return await teamAfterChange(ctx, response, { teamId, itemIndex, asked: { name }, shows });
}

/**
 * Replaces the domains and the default domain. A retry refused after a lost answer is checked against the team; the
 * answer, against the domains asked (teamAfterChange).
 */
export async function updateDomainPreferences(
	ctx: TransportContext,
	{
		teamId,
		domains,
		defaultDomain,
		itemIndex,
	}: { teamId: string; domains: string[]; defaultDomain: string; itemIndex?: number },
): Promise<IDataObject> {
	const shows = (team: IDataObject) => holdsDomains(team, { domains, defaultDomain });
	const response = await callEndpoint(ctx, {
		...TEAM_ADDRESSES.domains,
		params: { id: teamId },
		body: { defaultDomain, domains },
		teamId,
		itemIndex,
		verifyAfterRefusal: async (checking) => {
			const team = await getTeamById(ctx, { teamId, itemIndex, checking });
			return shows(team) ? team : undefined;
		},
	});
	return await teamAfterChange(ctx, response, {
		teamId,
		itemIndex,
		asked: { domains, defaultDomain },
		shows,
	});
}

/** Whether the team has this name, exactly: a re-run's rename is left unsent only then (one that cleans spaces is sent). */
export function holdsName(team: IDataObject, name: string): boolean {
	return team.name === name;
}

/**
 * Whether a team an answer or a read shows has the name asked, or that name as a service may store it (textForm.ts:
 * `New  team` as `New team`): the check of a create's or a rename's outcome. Only the asked name's own stored form
 * counts, so a rename that cleans spaces (`Sales  Team` to `Sales Team`) is not shown by the team left as it was.
 */
export function showsName(team: IDataObject, name: string): boolean {
	return isStoredFormOf(team.name, name);
}

/**
 * Whether the team has these domains and this default domain, compared as host names (hostName: case, spaces, a
 * trailing `/` or root dot aside, Unicode as its punycode) and as a set (order and repeats aside). The one rule
 * for a re-run's unsent change, a refused retry and the answer.
 */
export function holdsDomains(
	team: IDataObject,
	{ domains, defaultDomain }: { domains: string[]; defaultDomain: string },
): boolean {
	const stored = new Set(Array.isArray(team.domains) ? team.domains.map(hostOf) : []);
	const asked = new Set(domains.map(hostOf));
	return (
		stored.size === asked.size &&
		[...asked].every((domain) => stored.has(domain)) &&
		team.defaultDomain !== undefined &&
		hostOf(team.defaultDomain) === hostOf(defaultDomain)
	);
}

const hostOf = (domain: unknown): string => hostName(String(domain));

/**
 * The team a change left. The contract does not say whether the answer is the team before or after the change, and
 * some successes carry only `success`: the answer counts when it is the asked team's record and shows the change;
 * otherwise (the old values, or another team's record) the team is read by its ID, and a read that does not show
 * the change either fails the item (never `updated` on a change QRTRAC does not hold).
 */
async function teamAfterChange(
	ctx: TransportContext,
	response: { data: unknown; source: AnswerSource; verifiedAfterUnknownOutcome?: boolean },
	{
		teamId,
		itemIndex,
		asked,
		shows,
	}: {
		teamId: string;
		itemIndex?: number;
		asked: IDataObject;
		shows: (team: IDataObject) => boolean;
	},
): Promise<IDataObject> {
	const marker = verifiedMarker(response);
	// Team requires no field: one a record leaves out (or null) cannot contradict a change QRTRAC answered success to.
	const contradicts = (team: IDataObject) =>
		!shows({ ...asked, ...Object.fromEntries(Object.entries(team).filter(([, v]) => v != null)) });
	if (namesRecord(response.data)) {
		const answered = readTeam(response.source, response.data);
		// another team's record, or the team as it was: the team asked for is read instead (never output another's)
		if (answered.id === teamId && !contradicts(answered)) return { ...answered, ...marker };
	}
	const held = await readAfterChange(
		response.source,
		async () => await getTeamById(ctx, { teamId, itemIndex }),
	);
	if (!contradicts(held)) return { ...held, ...marker };
	const heldValues = Object.fromEntries(Object.keys(asked).map((key) => [key, held[key] ?? null]));
	throw changeNotHeld(response.source, asked, heldValues, response.data);
}
