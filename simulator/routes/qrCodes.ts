import { requireRole } from '../domain/access';
import {
	createQrFromBody,
	deleteQr,
	duplicateQr,
	liveQr,
	touchQr,
	updateQr,
} from '../domain/qrCodes';
import {
	displayIdAvailability,
	listQrPage,
	parseFromTime,
	parsePageQuery,
	qrsUpdatedAfter,
} from '../domain/qrQueries';
import { created, ok, type ApiRoute } from '../http/route';
import { requireObjectBody, requiredString, requiredStringArray } from '../validation';

/** QR code operations. Writes need at least the editor role ("add/update permission check"). */
export const qrCodeRoutes: ApiRoute[] = [
	{
		method: 'POST',
		path: '/qrs-api',
		operationId: 'createQr',
		team: 'required',
		handle: ({ state, actor, body }) => {
			requireRole(actor, 'editor', 'create QR codes');
			return created(createQrFromBody(state, actor.team, body, actor.client.clientId));
		},
	},
	{
		method: 'POST',
		path: '/qrs-api/duplicate/{id}',
		operationId: 'duplicateQr',
		team: 'required',
		handle: ({ state, actor, params }) => {
			requireRole(actor, 'editor', 'duplicate QR codes');
			return created(duplicateQr(state, actor.team, params.id, actor.client.clientId));
		},
	},
	{
		method: 'GET',
		path: '/qrs-api/availability/{id}',
		operationId: 'checkQrAvailability',
		team: 'optional',
		handle: ({ state, params }) => ({ body: displayIdAvailability(state, params.id) }),
	},
	{
		method: 'PUT',
		path: '/qrs-api/{id}',
		operationId: 'updateQr',
		team: 'required',
		handle: ({ state, actor, params, body }) => {
			requireRole(actor, 'editor', 'update QR codes');
			return ok(updateQr(state, actor.team, params.id, body, actor.client.clientId));
		},
	},
	{
		method: 'DELETE',
		path: '/qrs-api/{id}',
		operationId: 'deleteQr',
		team: 'required',
		handle: ({ state, actor, params }) => {
			requireRole(actor, 'editor', 'delete QR codes');
			return ok(deleteQr(state, actor.team, params.id, actor.client.clientId));
		},
	},
	{
		method: 'PUT',
		path: '/qrs-api/{id}/tags',
		operationId: 'updateQrTags',
		team: 'required',
		handle: ({ state, actor, params, body }) => {
			requireRole(actor, 'editor', 'update QR codes');
			const tags = requiredStringArray(requireObjectBody(body), 'tags');
			return ok(
				touchQr(state, liveQr(state, actor.team.id, params.id), { tags }, actor.client.clientId),
			);
		},
	},
	{
		method: 'PATCH',
		path: '/qrs-api/{id}/title',
		operationId: 'updateQrTitle',
		team: 'required',
		handle: ({ state, actor, params, body }) => {
			requireRole(actor, 'editor', 'update QR codes');
			const name = requiredString(requireObjectBody(body), 'title', { nonEmpty: true });
			return ok(
				touchQr(state, liveQr(state, actor.team.id, params.id), { name }, actor.client.clientId),
			);
		},
	},
	{
		method: 'GET',
		path: '/qrs-api/v2/teams/',
		operationId: 'getTeamQrsPaginated',
		team: 'required',
		handle: ({ state, actor, query }) =>
			ok(listQrPage(state, actor.team.id, parsePageQuery(query))),
	},
	{
		method: 'GET',
		path: '/qrs-api/teams/{id}',
		operationId: 'getQrById',
		team: 'required',
		handle: ({ state, actor, params }) => ok(liveQr(state, actor.team.id, params.id)),
	},
	{
		method: 'GET',
		path: '/qrs-api/teams/fromTime/{fromTime}',
		operationId: 'getTeamQrsFromTime',
		team: 'required',
		handle: ({ state, actor, params }) =>
			ok(qrsUpdatedAfter(state, [actor.team.id], parseFromTime(params.fromTime))),
	},
	{
		method: 'GET',
		path: '/qrs-api/all/fromTime/{fromTime}',
		operationId: 'getAllQrsFromTime',
		team: 'optional',
		handle: ({ state, actor, params }) => {
			const teamIds = state.teamsOfOrg(actor.client.orgId).map((team) => team.id);
			return ok(qrsUpdatedAfter(state, teamIds, parseFromTime(params.fromTime)));
		},
	},
];
