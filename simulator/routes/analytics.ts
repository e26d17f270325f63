import { scanOverviews, scansInRange, scansOfQr } from '../domain/analytics';
import { ok, type ApiRoute } from '../http/route';

/** Scan analytics of the team's live codes; an unknown, foreign or deleted id is 400. */
export const analyticsRoutes: ApiRoute[] = [
	{
		method: 'GET',
		path: '/analytics-api/detailed/{id}',
		operationId: 'getQrAnalytics',
		team: 'required',
		handle: ({ state, actor, params }) => ok(scansOfQr(state, actor.team.id, params.id)),
	},
	{
		method: 'POST',
		path: '/analytics-api/detailed/all',
		operationId: 'getBulkQrAnalytics',
		team: 'required',
		handle: ({ state, actor, body }) => ok(scansInRange(state, actor.team.id, body)),
	},
	{
		method: 'POST',
		path: '/analytics-api/overviews',
		operationId: 'getTotalScansOverview',
		team: 'required',
		handle: ({ state, actor, body }) => ok(scanOverviews(state, actor.team.id, body)),
	},
];
