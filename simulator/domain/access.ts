import { timingSafeEqual } from 'node:crypto';
import { forbidden, unauthorized } from '../apiError';
import type { ApiClient, Team, TeamRole } from '../model';
import type { Store } from '../store';

/** Who is calling: the authenticated API client and the team the call acts in. */
export interface Actor {
	client: ApiClient;
	team: Team;
}

export interface CredentialHeaders {
	teamId?: string;
	clientId?: string;
	clientSecret?: string;
}

function sameSecret(given: string, expected: string): boolean {
	const a = Buffer.from(given);
	const b = Buffer.from(expected);
	return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Header set A. The team id is part of the credential: a missing, unknown or foreign team answers 401 like a
 * wrong secret. Where the contract lists no team header the client's default team stands in when it is absent.
 */
export function authenticate(
	store: Store,
	headers: CredentialHeaders,
	teamRequired: boolean,
): Actor {
	const client = headers.clientId ? store.clients.get(headers.clientId) : undefined;
	if (!client || !headers.clientSecret || !sameSecret(headers.clientSecret, client.clientSecret))
		throw unauthorized();
	if (!headers.teamId && teamRequired) throw unauthorized();
	const team = store.teams.get(headers.teamId ?? client.defaultTeamId);
	if (!team || team.orgId !== client.orgId) throw unauthorized();
	return { client, team };
}

const RANK: Readonly<Record<TeamRole, number>> = { viewer: 1, editor: 2, admin: 3, owner: 4 };

export function hasRole(role: TeamRole, minimum: TeamRole): boolean {
	return RANK[role] >= RANK[minimum];
}

/** 403 unless the client's role is at least `minimum`. */
export function requireRole(actor: Actor, minimum: TeamRole, action: string): void {
	if (!hasRole(actor.client.role, minimum)) {
		throw forbidden(
			`Your role (${actor.client.role}) is not allowed to ${action}; ${minimum} or higher is required`,
		);
	}
}
