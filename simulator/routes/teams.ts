import { requireRole } from '../domain/access';
import {
	createTeam,
	parseTeamName,
	renameTeam,
	setDomainPreferences,
	teamView,
} from '../domain/teams';
import { ok, type ApiRoute } from '../http/route';

/** Teams of the client's organization; changing them needs the admin role. */
export const teamRoutes: ApiRoute[] = [
	{
		method: 'GET',
		path: '/teams-api',
		operationId: 'getAllTeams',
		team: 'optional',
		handle: ({ state, actor }) =>
			ok(state.teamsOfOrg(actor.client.orgId).map((team) => teamView(state, team))),
	},
	{
		method: 'POST',
		path: '/teams-api',
		operationId: 'createTeam',
		team: 'optional',
		handle: ({ state, actor, body }) => {
			requireRole(actor, 'admin', 'create teams');
			return ok(
				teamView(
					state,
					createTeam(state, actor.client.orgId, parseTeamName(body), actor.client.clientId),
				),
			);
		},
	},
	{
		method: 'GET',
		path: '/teams-api/{id}',
		operationId: 'getTeamById',
		team: 'required',
		handle: ({ state, actor, params }) =>
			ok(teamView(state, state.teamOfOrg(actor.client.orgId, params.id))),
	},
	{
		method: 'PUT',
		path: '/teams-api/{id}',
		operationId: 'updateTeam',
		team: 'required',
		handle: ({ state, actor, params, body }) => {
			requireRole(actor, 'admin', 'update teams');
			const team = state.teamOfOrg(actor.client.orgId, params.id);
			return ok(
				teamView(state, renameTeam(state, team, parseTeamName(body), actor.client.clientId)),
			);
		},
	},
	{
		method: 'PUT',
		path: '/teams-api/{id}/domainPreferences',
		operationId: 'updateDomainPreferences',
		team: 'required',
		handle: ({ state, actor, params, body }) => {
			requireRole(actor, 'admin', 'change domain preferences');
			const team = state.teamOfOrg(actor.client.orgId, params.id);
			return ok(teamView(state, setDomainPreferences(state, team, body, actor.client.clientId)));
		},
	},
];
