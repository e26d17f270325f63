/**
 * Runs one operation of the action node once on the fake context (test/support/fakeContext.ts) and returns the
 * requests it sent: the exact-request unit tests of each operation. The service is a small table of answers by
 * method and path, shaped as the contract's examples, so that an operation that reads before it writes gets to its
 * write. Only the requests are the subject of those tests; the answers are scenery.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { QrtracResource } from '../../nodes/Qrtrac/actions/node.type';
import { NODE_VERSIONS } from '../../nodes/Qrtrac/descriptions/layoutVersions';
import { executeOperation, type Operation } from '../../nodes/shared/executor';
import { fakeContext, ok, type FakeAnswer, type SentRequest } from './fakeContext';

/**
 * Each resource's operations, the modules the node's router maps (actions/router.ts), loaded on first use: a test
 * file loads its own resource, not the whole node (jest loads modules again for every file).
 */
export const RESOURCES: { [R in QrtracResource]: () => { operations: Record<string, Operation> } } =
	{
		qrCode: () => require('../../nodes/Qrtrac/actions/qrCode'),
		designTemplate: () => require('../../nodes/Qrtrac/actions/designTemplate'),
		analytics: () => require('../../nodes/Qrtrac/actions/analytics'),
		team: () => require('../../nodes/Qrtrac/actions/team'),
		teamMember: () => require('../../nodes/Qrtrac/actions/teamMember'),
		dynamicLink: () => require('../../nodes/Qrtrac/actions/dynamicLink'),
	};

export const STORED_CODE = {
	id: 'qr_1',
	displayId: 'd1',
	name: 'Stored',
	qrType: 'WEB',
	qrRedirectUrl: 'https://example.com/old',
	tags: ['a'],
	qrImageUrl: 'https://images.qrtrac.test/qr_1.png',
	createdAt: 1_732_000_000_000,
	updatedAt: 1_732_000_000_001,
};

/** The PNG signature and an empty IHDR chunk: enough for the node to tell a PNG. */
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

export const STORED_TEAM = {
	id: 'team_1',
	name: 'Team',
	domains: ['a.example'],
	defaultDomain: 'a.example',
	members: [{ name: 'Ann', email: 'a@example.com', role: 'viewer', status: 'active' }],
};

/** The answer a service following the contract gives to a request (only the operations' happy paths). */
export function serviceAnswer(request: SentRequest): FakeAnswer {
	const { pathname } = new URL(request.url);
	const route = `${request.method} ${pathname}`;
	if (/^GET \/api\/qrs-api\/availability\//.test(route)) return ok({ available: true });
	if (route === 'GET /api/qrs-api/v2/teams/') return ok({ qrs: [], totalCount: 0 });
	if (/^GET \/api\/qrs-api\/(teams|all)\/fromTime\//.test(route)) return ok([STORED_CODE]);
	// A change answers the code as changed (the node checks that the answer holds what it wrote).
	if (/^PATCH \/api\/qrs-api\/[^/]+\/title$/.test(route))
		return ok({ ...STORED_CODE, name: (request.body as { title?: unknown }).title });
	if (/^PUT \/api\/qrs-api\/[^/]+(\/tags)?$/.test(route))
		return ok({ ...STORED_CODE, ...(request.body as object) });
	if (/^(GET|DELETE) \/api\/qrs-api\//.test(route)) return ok(STORED_CODE);
	// A new code answers what was sent (the node holds a create's answer to its body); a copy, the code copied
	// with its own ID and Display ID (Display IDs are unique across QRTRAC).
	if (route === 'POST /api/qrs-api')
		return ok({ ...STORED_CODE, ...(request.body as object), id: 'qr_2' });
	if (/^POST \/api\/qrs-api/.test(route))
		return ok({ ...STORED_CODE, id: 'qr_2', displayId: 'd2' });
	if (route === 'GET /api/qr-templates-api') return ok([{ id: 'tpl_1', name: 'Template' }]);
	if (/^GET \/api\/analytics-api\/detailed\//.test(route))
		return ok([{ qrId: 'qr_1', scanTime: 1_732_000_000_500 }]);
	if (route === 'POST /api/analytics-api/detailed/all')
		return ok([{ qrId: 'qr_1', scanTime: 1_732_000_000_500 }]);
	if (route === 'POST /api/analytics-api/overviews') return ok([{ id: 'qr_1', totalScans: 3 }]);
	if (route === 'GET /api/teams-api') return ok([STORED_TEAM]);
	if (/^GET \/api\/teams-api\/resend\//.test(route)) return ok();
	// A change answers the team as changed (the node checks that the answer shows what it asked).
	if (/^PUT \/api\/teams-api\/[^/]+(\/domainPreferences)?$/.test(route))
		return ok({ ...STORED_TEAM, ...(request.body as object) });
	if (/^(GET|POST) \/api\/teams-api\/[^/]+$/.test(route)) return ok(STORED_TEAM);
	// A new team: its own ID, the name asked.
	if (route === 'POST /api/teams-api')
		return ok({ ...STORED_TEAM, id: 'team_2', ...(request.body as object) });
	if (/\/api\/teams-api\//.test(route)) return ok();
	if (route === 'POST /v1/qr/create') return ok({ id: 'link_1' });
	if (route === 'GET /qr_1.png')
		return { status: 200, body: PNG_BYTES, headers: { 'content-type': 'image/png' } };
	return { status: 404, body: { success: false, message: `no route ${route}` } };
}

/** The headers the node sets on a request of the primary interface (the credential adds its own in n8n). */
export const TEAM_HEADERS = { Accept: 'application/json', 'x-request-team-id': 'team_1' };

/** The service of `serviceAnswer` with some routes (`GET /api/...`) answered otherwise. */
export function answering(
	routes: Record<string, FakeAnswer>,
): (request: SentRequest) => FakeAnswer {
	return (request) =>
		routes[`${request.method} ${new URL(request.url).pathname}`] ?? serviceAnswer(request);
}

export interface ActionRun {
	sent: SentRequest[];
	output?: INodeExecutionData[][];
	error?: Error;
}

/**
 * Runs one operation as the node's router does (the executor around the operation), at the newest version, for one
 * item with these parameters (and the credential's fields given in `credentials`, e.g. its Base URL).
 */
export async function runAction(
	resource: QrtracResource,
	operation: string,
	parameters: IDataObject,
	answer: (request: SentRequest) => FakeAnswer = serviceAnswer,
	credentials?: IDataObject,
): Promise<ActionRun> {
	const { ctx, sent } = fakeContext({
		parameters: { resource, operation, ...parameters },
		typeVersion: NODE_VERSIONS[NODE_VERSIONS.length - 1],
		answers: answer,
		credentials,
	});
	const handler = RESOURCES[resource]().operations[operation];
	if (!handler) throw new Error(`no operation "${operation}" of "${resource}"`);
	try {
		return { sent, output: [await executeOperation.call(ctx, handler)] };
	} catch (error) {
		return { sent, error: error as Error };
	}
}

/** A request as the tests compare it: method, path, query, the headers the node sets, and the body. */
export function described(request: SentRequest): IDataObject {
	const url = new URL(request.url);
	return {
		method: request.method,
		path: url.pathname,
		...(url.search ? { search: url.search } : {}),
		...(request.qs && Object.keys(request.qs).length > 0 ? { qs: request.qs } : {}),
		headers: request.headers,
		...(request.body === undefined ? {} : { body: request.body }),
	};
}
