import { badRequest } from '../apiError';
import type { MembershipState, Team, TeamRole, UserState } from '../model';
import { randomId } from '../random';
import type { Store } from '../store';
import { isHostname, requireObjectBody, requiredString, requiredStringArray } from '../validation';
import { seedTemplates } from './templates';

export interface MemberView {
	name: string;
	email: string;
	role: TeamRole;
	/** Membership in this team: active or paused. */
	state: MembershipState;
	/** The user: pending until the invitation is accepted. */
	userState: UserState;
}

export type TeamView = Team & { members: MemberView[] };

export function teamView(store: Store, team: Team): TeamView {
	const members = store.membershipsOfTeam(team.id).flatMap((membership) => {
		const user = store.users.get(membership.userId);
		return user
			? [
					{
						name: user.name,
						email: user.email,
						role: membership.role,
						state: membership.state,
						userState: user.state,
					},
				]
			: [];
	});
	return { ...team, domains: [...team.domains], members };
}

export function parseTeamName(body: unknown): string {
	return requiredString(requireObjectBody(body), 'name', { nonEmpty: true }).trim();
}

/** A new team of the organization: platform domain, starter templates, the org owner as its owner. */
export function createTeam(store: Store, orgId: string, name: string, actorId: string): Team {
	const org = store.orgs.get(orgId);
	if (!org) throw new Error(`unknown organization ${orgId}`);
	const now = store.clock.now();
	const team: Team = {
		id: randomId('team_'),
		orgId,
		name,
		domains: [store.config.platformDomain],
		defaultDomain: store.config.platformDomain,
		createdAt: now,
		createdBy: actorId,
		updatedAt: now,
		updatedBy: actorId,
	};
	store.teams.set(team.id, team);
	store.putMembership({ teamId: team.id, userId: org.ownerUserId, role: 'owner', state: 'active' });
	seedTemplates(store, team);
	return team;
}

export function renameTeam(store: Store, team: Team, name: string, actorId: string): Team {
	Object.assign(team, { name, updatedAt: store.clock.now(), updatedBy: actorId });
	return team;
}

/** Domains are hostnames, unique, at least one; the default domain must be one of them. */
export function setDomainPreferences(
	store: Store,
	team: Team,
	body: unknown,
	actorId: string,
): Team {
	const input = requireObjectBody(body);
	const defaultDomain = requiredString(input, 'defaultDomain', { nonEmpty: true }).toLowerCase();
	const domains = requiredStringArray(input, 'domains').map((domain) => domain.toLowerCase());
	if (domains.length === 0) throw badRequest('"domains" must contain at least one domain');
	const invalid = domains.filter((domain) => !isHostname(domain));
	if (invalid.length > 0)
		throw badRequest(`"domains" must be hostnames without scheme or path: ${invalid.join(', ')}`);
	if (new Set(domains).size !== domains.length)
		throw badRequest('"domains" must not repeat a domain');
	if (!domains.includes(defaultDomain))
		throw badRequest('"defaultDomain" must be one of "domains"');
	Object.assign(team, { domains, defaultDomain, updatedAt: store.clock.now(), updatedBy: actorId });
	return team;
}
