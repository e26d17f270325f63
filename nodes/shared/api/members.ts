import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';
import { classifyFailure } from '../retryPolicy';
import { nothingWentOut } from '../outcomeMarks';
import type { TransportContext } from '../transport';
import type { CheckWait } from '../checkWait';
import { unexpectedAnswer, type Member } from './answers';
import { ASK_BEFORE_RESENDING } from './created';
import { createOnce } from './createTries';
import { verifiedMarker } from '../records/simplify';
import { endpoint, type Endpoint } from './route';
import { callEndpoint } from './source';
import { listedMember, normalizeEmail } from './listedMembers';
import { getAllTeams, getTeamRoster } from './teams';
import { TEAM_ADDRESSES } from './recordAddress';

/**
 * The member operations of the contract (8). The answers carry only `success`, so each returns whether its
 * change was verified after an unknown outcome: a retry refused because the first attempt did go through
 * ("already paused", "not a member") is checked against the team's members before the refusal stands.
 */

export interface MemberTarget {
	teamId: string;
	/** As the team lists the person, else as typed (trimmed): a service may compare e-mails exactly. */
	email: string;
	itemIndex?: number;
	/** Set on the reads that check a change whose outcome is unknown (source.ts InTeam). */
	checking?: CheckWait;
}

export interface ChangeResult {
	verifiedAfterUnknownOutcome?: boolean;
}

/**
 * A member's role, state or status as the node compares it: lower-case text. The contract's roles are lower-case
 * and it lists no state, but a service showing `Editor` or `Paused` means the same: read otherwise, a filter would
 * silently drop them and a re-run would send again what holds.
 */
export function memberWord(value: unknown): string | undefined {
	return typeof value === 'string' ? value.toLowerCase() : undefined;
}

/** The member's state in the team where the service tells it (pending, active, paused); the contract lists none. */
export function memberState(member: Record<string, unknown>): string | undefined {
	if (typeof member.status === 'string') return memberWord(member.status);
	if (memberWord(member.userState) === 'pending') return 'pending';
	return memberWord(member.state);
}

/**
 * Whether the member works in the team (`active`) or is paused there (`paused`), where the service tells it; an
 * invitation not accepted yet is another matter (memberState), so it does not hide a pause.
 */
export function membershipState(member: object): 'active' | 'paused' | undefined {
	const { state, status } = member as { state?: unknown; status?: unknown };
	for (const value of [memberWord(state), memberWord(status)])
		if (value === 'active' || value === 'paused') return value;
	return undefined;
}

/** What a rule below reads of a member; undefined: not listed; null: not known (listedMember), no rule holds. */
export type ListedMember = { role?: unknown; state?: unknown; status?: unknown } | undefined | null;

/**
 * When a member change already holds, read from the member the team lists: the one rule for leaving a re-run's
 * change unsent and for accepting a refused retry as done.
 */
export const memberChangeHolds = {
	activate: (member: ListedMember): boolean =>
		member != null && membershipState(member) === 'active',
	pause: (member: ListedMember): boolean => member != null && membershipState(member) === 'paused',
	changeRole: (member: ListedMember, role: string): boolean => memberWord(member?.role) === role,
	remove: (member: ListedMember): boolean => member === undefined,
};

/** Adds the person with the role, or gives an existing member the role. */
export async function addTeamMember(
	ctx: TransportContext,
	{ teamId, email, name, role, itemIndex }: MemberTarget & { name: string; role: string },
): Promise<ChangeResult> {
	const response = await callEndpoint(ctx, {
		...TEAM_ADDRESSES.addMember,
		params: { id: teamId },
		body: { name, email, role },
		...checkedChange(ctx, { teamId, email, itemIndex }, (member) =>
			memberChangeHolds.changeRole(member, role),
		),
	});
	return verifiedMarker(response);
}

/**
 * The service refused the request outright (retryPolicy.ts's client error: a 4xx other than 408 and 429), so it
 * did nothing; any other failure (5xx, a lost answer, a wait that ran out) may have left it done.
 */
export function refusedOutright(error: unknown): error is NodeApiError {
	return (
		error instanceof NodeApiError &&
		classifyFailure(Number(error.httpCode), undefined) === 'clientError'
	);
}

export const activateMember = simpleChange(
	// a paused member brought back may take a seat again
	endpoint('Activate Team Member', 'PUT /teams-api/{id}/members/{email}/activate', {
		usesPlan: 'members',
	}),
	memberChangeHolds.activate,
);

export const pauseMember = simpleChange(
	endpoint('Pause Team Member', 'PUT /teams-api/{id}/members/{email}/pause'),
	memberChangeHolds.pause,
);

export async function changeMemberRole(
	ctx: TransportContext,
	target: MemberTarget & { role: string },
): Promise<ChangeResult> {
	return await changeMember(
		ctx,
		target,
		endpoint('Change Member Role', 'PUT /teams-api/{id}/members/{email}/changeRole'),
		(member) => memberChangeHolds.changeRole(member, target.role),
		{ role: target.role },
	);
}

/** Takes the member out of this team only. */
export const removeMemberFromTeam = simpleChange(
	endpoint('Remove Member from Team', 'DELETE /teams-api/{id}/members/{email}'),
	memberChangeHolds.remove,
);

/** Permanent removal from the organization: the contract's one member operation that needs the Owner role. */
const DELETE_MEMBER = endpoint('Delete Member', 'DELETE /teams-api/{id}/members/{email}/delete', {
	needsRole: 'Owner',
});

/** Removes the person from the organization; a refused retry is checked against every team's members. */
export async function deleteMember(
	ctx: TransportContext,
	target: MemberTarget,
): Promise<ChangeResult & { message?: string }> {
	const response = await callEndpoint(ctx, {
		...DELETE_MEMBER,
		params: { id: target.teamId, email: target.email },
		teamId: target.teamId,
		itemIndex: target.itemIndex,
		verifyAfterRefusal: async (checking) =>
			(await memberOfAnyTeam(ctx, { ...target, checking })) === false
				? { email: target.email }
				: undefined,
	});
	return {
		...(typeof response.body.message === 'string' ? { message: response.body.message } : {}),
		...verifiedMarker(response),
	};
}

/**
 * Sends the invitation again. It is a GET that sends an e-mail and spends one of a few resends, so it is never
 * sent again after an unknown outcome (and nothing can be read to tell whether it went out), nor by n8n's Retry On
 * Fail after a try that sent it or may have (createOnce; by the item, or with `perPerson` by the person whichever
 * row sent it): only a failure that surely sent nothing is tried again. Answers the item that sent it (`sentBy`):
 * this one, or on a try n8n runs again the earlier try's row that did.
 */
export async function resendInvite(
	ctx: TransportContext,
	{ email, itemIndex, perPerson }: { email: string; itemIndex?: number; perPerson?: boolean },
): Promise<{ sentBy?: number }> {
	const person = normalizeEmail(email);
	const resend = {
		...{ operation: 'Resend Invite', kind: 'invite' as const, body: { email: person }, itemIndex },
		identity: perPerson ? person : undefined,
		mayHaveActed: (error: unknown) => !nothingWentOut(error),
	};
	return await createOnce(ctx, resend, async () => {
		const { data, source } = await callEndpoint(ctx, {
			operation: 'Resend Invite',
			route: 'GET /teams-api/resend/invite/{email}',
			params: { email },
			hasSideEffects: true,
			sendsInvitation: true,
			unknownOutcomeAdvice: ASK_BEFORE_RESENDING,
			itemIndex,
		});
		// the contract answers only `success`: an answer naming another person is no word on the one asked
		const named = isPlainObject(data) ? data.email : undefined;
		if (typeof named === 'string' && normalizeEmail(named) !== person)
			throw unexpectedAnswer(
				source,
				`an answer about the person asked for, "${email}"`,
				data,
				`"email" is "${named}", another person; the invitation was probably sent all the same, so ask the person before running the item again`,
			);
		// all that is kept across tries: which row sent it, not whom (no personal data)
		return { sentBy: itemIndex };
	});
}

/** The member with this e-mail in the team, undefined or null as listedMember says; the roster must be readable. */
export async function findMember(
	ctx: TransportContext,
	{ teamId, email, itemIndex, checking }: MemberTarget,
): Promise<Member | undefined | null> {
	const roster = await getTeamRoster(ctx, { teamId, itemIndex, checking });
	return listedMember(roster.members, email);
}

/** A route that names the team and the member. */
type MemberRoute = `${'PUT' | 'DELETE'} /teams-api/{id}/members/{email}${string}`;

/** A change of one member of one team with no body (Activate, Pause, Remove From Team). */
function simpleChange(
	change: Endpoint<MemberRoute>,
	holds: (member: ListedMember) => boolean,
): (ctx: TransportContext, target: MemberTarget) => Promise<ChangeResult> {
	return async (ctx, target) => await changeMember(ctx, target, change, holds);
}

/** A change of one member of one team, checked against the team's members when a retry is refused. */
async function changeMember(
	ctx: TransportContext,
	target: MemberTarget,
	change: Endpoint<MemberRoute>,
	holds: (member: ListedMember) => boolean,
	body?: IDataObject,
): Promise<ChangeResult> {
	const response = await callEndpoint(ctx, {
		...change,
		params: { id: target.teamId, email: target.email },
		body,
		...checkedChange(ctx, target, holds),
	});
	return verifiedMarker(response);
}

/**
 * The team and item of a member change, and its check after a refused retry: the change went through when the
 * team now lists the member as `holds` wants.
 */
function checkedChange(
	ctx: TransportContext,
	target: MemberTarget,
	holds: (member: ListedMember) => boolean,
): {
	teamId: string;
	itemIndex?: number;
	verifyAfterRefusal: (checking: CheckWait) => Promise<IDataObject | undefined>;
} {
	return {
		teamId: target.teamId,
		itemIndex: target.itemIndex,
		verifyAfterRefusal: async (checking) =>
			holds(await findMember(ctx, { ...target, checking })) ? { email: target.email } : undefined,
	};
}

/**
 * The first team listing the person under their e-mail, each team read in turn, the asked one too (Get All Teams is
 * not said to list it; `asked`, when given, is what a read of it just found, so it is not read again); false when
 * none does and each lists every member with one; else the teams that may.
 */
export async function memberOfAnyTeam(
	ctx: TransportContext,
	target: MemberTarget,
	asked?: { found: null | undefined },
): Promise<string | false | string[]> {
	const teams = await getAllTeams(ctx, { itemIndex: target.itemIndex, checking: target.checking });
	const maybe: string[] = [];
	for (const teamId of new Set([...teams.map((team) => team.id), target.teamId])) {
		const member =
			asked && teamId === target.teamId
				? asked.found
				: await findMember(ctx, { ...target, teamId });
		if (member) return teamId;
		if (member === null) maybe.push(teamId);
	}
	return maybe.length > 0 && maybe;
}
