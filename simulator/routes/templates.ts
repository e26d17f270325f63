import { templatesView } from '../domain/templates';
import { ok, type ApiRoute } from '../http/route';

export const templateRoutes: ApiRoute[] = [
	{
		method: 'GET',
		path: '/qr-templates-api',
		operationId: 'getQrTemplatesByTeam',
		team: 'required',
		handle: ({ state, actor }) => ok(templatesView(state, actor.team.id)),
	},
];
