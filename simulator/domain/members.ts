import { badRequest, notFound } from '../apiError';
import {
	ASSIGNABLE_ROLES,
	type AssignableRole,
	type Membership,
	type Team,
	type User,
} from '../model';
import { randomId } from '../random';
import type { Store } from '../store';
import {
	type Body,
	requireObjectBody,
	requiredEmail,
	requiredEnum,
	requiredString,
} from '../validation';

/**
 * Team membership rules. The organization owner owns every team: their role never changes and they are never
 * paused, removed or deleted. Every other member keeps at least one team and at least one active team.
 */

export interface MemberInput {
	name: string;
	email: string;
	role: AssignableRole;
}

function parseMemberFields(body: Body): Omit<MemberInput, 'role'> {
	return {
		name: requiredString(body, 'name', { nonEmpty: true }),
		email: requiredEmail(body, 'email'),
	};
}

export function parseMemberInput(raw: unknown): MemberInput {
	const body = requireObjectBody(raw);
	return { ...parseMemberFields(body), role: requiredEnum(body, 'role', ASSIGNABLE_ROLES) };
}

export function parseRole(raw: unknown): AssignableRole {
	return requiredEnum(requireObjectBody(raw), 'role', ASSIGNABLE_ROLES);
}

function isOwner(store: Store, user: User): boolean {
	return store.orgs.get(user.orgId)?.ownerUserId === user.id;
}

function inviteUser(store: Store, orgId: string, name: string, email: string): User {
	const user: User = {
		id: randomId('usr_'),
		orgId,
		name,
		email,
		state: 'pending',
		invitationsSent: 1,
		resendCount: 0,
		createdAt: store.clock.now(),
	};
	store.users.set(user.id, user);
	return user;
}

function assertNotOwner(store: Store, user: User, action: string): void {
	if (isOwner(store, user)) throw badRequest(`The organization owner cannot be ${action}`);
}

/** Adds the member, or changes the role of an existing one; an unknown e-mail becomes a pending, invited user. */
export function addMember(store: Store, team: Team, input: MemberInput): Membership {
	const user =
		store.userByEmail(team.orgId, input.email) ??
		inviteUser(store, team.orgId, input.name, store.heldEmail(input.email));
	assertNotOwner(store, user, 'given another role');
	const existing = store.membership(team.id, user.id);
	const membership: Membership = existing
		? { ...existing, role: input.role }
		: { teamId: team.id, userId: user.id, role: input.role, state: 'active' };
	store.putMembership(membership);
	return membership;
}

/**
 * One user into several teams at once; every team is checked before anything changes, unless `bulkAddInOrder`:
 * then the teams are applied in the order listed and the first unknown team stops the request, the teams before
 * it keeping the person.
 */
export function bulkAddMember(store: Store, orgId: string, raw: unknown): void {
	const body = requireObjectBody(raw);
	const fields = parseMemberFields(body);
	const entries = body.teams;
	if (!Array.isArray(entries) || entries.length === 0)
		throw badRequest('"teams" must be a non-empty array of {teamId, role}');
	const targets = entries.map((entry, index) => {
		const item = requireObjectBody(entry);
		const teamId = requiredString(item, 'teamId', { nonEmpty: true });
		const role = requiredEnum(item, 'role', ASSIGNABLE_ROLES);
		if (entries.findIndex((other) => (other as Body)?.teamId === teamId) !== index) {
			throw badRequest(`"teams" lists team ${teamId} more than once`);
		}
		if (store.config.bulkAddInOrder !== true) store.teamOfOrg(orgId, teamId);
		return { teamId, role };
	});
	const existing = store.userByEmail(orgId, fields.email);
	if (existing) assertNotOwner(store, existing, 'given another role');
	for (const { teamId, role } of targets)
		addMember(store, store.teamOfOrg(orgId, teamId), { ...fields, role });
}

export interface MemberRef {
	user: User;
	membership: Membership;
}

export function findMember(store: Store, team: Team, email: string): MemberRef {
	const user = store.userByEmail(team.orgId, email);
	const membership = user && store.membership(team.id, user.id);
	if (!user || !membership) throw notFound(`${email} is not a member of this team`);
	return { user, membership };
}

function otherMemberships(store: Store, ref: MemberRef): Membership[] {
	return store
		.membershipsOfUser(ref.user.id)
		.filter((membership) => membership.teamId !== ref.membership.teamId);
}

export function activateMember(store: Store, team: Team, email: string): void {
	const ref = findMember(store, team, email);
	if (ref.membership.state !== 'paused') throw badRequest(`${email} is not paused in this team`);
	store.putMembership({ ...ref.membership, state: 'active' });
}

export function pauseMember(store: Store, team: Team, email: string): void {
	const ref = findMember(store, team, email);
	assertNotOwner(store, ref.user, 'paused');
	if (ref.membership.state === 'paused')
		throw badRequest(`${email} is already paused in this team`);
	if (!otherMemberships(store, ref).some((membership) => membership.state === 'active')) {
		throw badRequest(
			`${email} would be left with no active team; a member needs at least one active team`,
		);
	}
	store.putMembership({ ...ref.membership, state: 'paused' });
}

export function changeMemberRole(
	store: Store,
	team: Team,
	email: string,
	role: AssignableRole,
): void {
	const ref = findMember(store, team, email);
	assertNotOwner(store, ref.user, 'given another role');
	store.putMembership({ ...ref.membership, role });
}

export function removeMember(store: Store, team: Team, email: string): void {
	const ref = findMember(store, team, email);
	assertNotOwner(store, ref.user, 'removed from a team');
	const others = otherMemberships(store, ref);
	if (others.length === 0)
		throw badRequest(`${email} cannot be removed from their last team; delete the member instead`);
	if (!others.some((membership) => membership.state === 'active')) {
		throw badRequest(
			`${email} would be left with no active team; activate them in another team first`,
		);
	}
	store.deleteMembership(team.id, ref.user.id);
}

/** Removes the user from the organization: every membership and the user record. */
export function deleteMemberCompletely(store: Store, orgId: string, email: string): void {
	const user = store.userByEmail(orgId, email);
	if (!user) throw notFound(`${email} is not a member of this organization`);
	assertNotOwner(store, user, 'deleted');
	for (const membership of store.membershipsOfUser(user.id))
		store.deleteMembership(membership.teamId, user.id);
	store.users.delete(user.id);
}

/** Re-sends the invitation of a pending user, at most `resendLimit` times. */
export function resendInvite(store: Store, orgId: string, email: string): void {
	const user = store.userByEmail(orgId, email);
	if (!user) throw notFound(`${email} is not a member of this organization`);
	if (user.state !== 'pending') throw badRequest(`${email} has already accepted the invitation`);
	if (user.resendCount >= store.config.resendLimit) {
		throw badRequest(
			`Invitation resend limit reached for ${email} (${store.config.resendLimit} resends)`,
		);
	}
	user.resendCount += 1;
	user.invitationsSent += 1;
}
