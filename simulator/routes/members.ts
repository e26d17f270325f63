import { requireRole } from '../domain/access';
import {
	activateMember,
	addMember,
	bulkAddMember,
	changeMemberRole,
	deleteMemberCompletely,
	parseMemberInput,
	parseRole,
	pauseMember,
	removeMember,
	resendInvite,
} from '../domain/members';
import { ok, type ApiRequest, type ApiRoute } from '../http/route';
import type { Team } from '../model';

/** Member management needs the admin role; deleting a member completely needs the owner role. */
function teamOf({ state, actor, params }: ApiRequest): Team {
	requireRole(actor, 'admin', 'manage team members');
	return state.teamOfOrg(actor.client.orgId, params.id);
}

export const memberRoutes: ApiRoute[] = [
	{
		method: 'PUT',
		path: '/teams-api/{id}/members',
		operationId: 'addTeamMember',
		team: 'required',
		handle: (request) => {
			const team = teamOf(request);
			addMember(request.state, team, parseMemberInput(request.body));
			return ok();
		},
	},
	{
		method: 'POST',
		path: '/teams-api/members/bulk',
		operationId: 'bulkAddMember',
		team: 'optional',
		handle: ({ state, actor, body }) => {
			requireRole(actor, 'admin', 'manage team members');
			bulkAddMember(state, actor.client.orgId, body);
			return ok();
		},
	},
	{
		method: 'PUT',
		path: '/teams-api/{id}/members/{email}/activate',
		operationId: 'activateMember',
		team: 'required',
		handle: (request) => {
			activateMember(request.state, teamOf(request), request.params.email);
			return ok();
		},
	},
	{
		method: 'PUT',
		path: '/teams-api/{id}/members/{email}/pause',
		operationId: 'pauseMember',
		team: 'required',
		handle: (request) => {
			pauseMember(request.state, teamOf(request), request.params.email);
			return ok();
		},
	},
	{
		method: 'PUT',
		path: '/teams-api/{id}/members/{email}/changeRole',
		operationId: 'changeMemberRole',
		team: 'required',
		handle: (request) => {
			const team = teamOf(request);
			changeMemberRole(request.state, team, request.params.email, parseRole(request.body));
			return ok();
		},
	},
	{
		method: 'DELETE',
		path: '/teams-api/{id}/members/{email}',
		operationId: 'removeMemberFromTeam',
		team: 'required',
		handle: (request) => {
			removeMember(request.state, teamOf(request), request.params.email);
			return ok();
		},
	},
	{
		method: 'DELETE',
		path: '/teams-api/{id}/members/{email}/delete',
		operationId: 'deleteMember',
		team: 'required',
		handle: ({ state, actor, params }) => {
			requireRole(actor, 'owner', 'delete members completely (Owner only)');
			state.teamOfOrg(actor.client.orgId, params.id);
			deleteMemberCompletely(state, actor.client.orgId, params.email);
			return {
				body: {
					success: true,
					message: `${params.email.toLowerCase()} was removed from the organization`,
				},
			};
		},
	},
	{
		method: 'GET',
		path: '/teams-api/resend/invite/{email}',
		operationId: 'resendInvite',
		team: 'optional',
		handle: ({ state, actor, params }) => {
			requireRole(actor, 'admin', 'manage team members');
			resendInvite(state, actor.client.orgId, params.email);
			return ok();
		},
	},
];
