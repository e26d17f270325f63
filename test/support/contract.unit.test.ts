import { findOperation, operations, validateRequest, validateResponse } from './contract';

/** The helpers others use to check what their nodes send: they must refuse what the contract refuses. */
describe('contract helpers', () => {
	const headerSetA = {
		'x-request-team-id': 't',
		'x-request-client-id': 'c',
		'x-request-client-secret': 's',
	};

	test('the contract has 29 operations with unique ids', () => {
		expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(29);
	});

	test.each([
		['GET', '/api/qrs-api/v2/teams/', 'getTeamQrsPaginated', {}],
		[
			'GET',
			'/api/qrs-api/teams/fromTime/1700000000000',
			'getTeamQrsFromTime',
			{ fromTime: '1700000000000' },
		],
		['GET', '/api/qrs-api/teams/qr_1', 'getQrById', { id: 'qr_1' }],
		['PUT', '/api/qrs-api/qr_1/tags', 'updateQrTags', { id: 'qr_1' }],
		['PUT', '/api/qrs-api/qr_1', 'updateQr', { id: 'qr_1' }],
		[
			'DELETE',
			'/api/teams-api/t1/members/a%2Bb%40x.com',
			'removeMemberFromTeam',
			{ id: 't1', email: 'a+b@x.com' },
		],
		[
			'DELETE',
			'/api/teams-api/t1/members/a%40x.com/delete',
			'deleteMember',
			{ id: 't1', email: 'a@x.com' },
		],
		['GET', '/api/teams-api/resend/invite/a%40x.com', 'resendInvite', { email: 'a@x.com' }],
		['POST', '/v1/qr/create', 'simpleCreateDynamic', {}],
		['GET', 'http://127.0.0.1:9/api/qr-templates-api?x=1', 'getQrTemplatesByTeam', {}],
	])('%s %s is %s', (method, path, operationId, pathParams) => {
		expect(findOperation(method, path)).toEqual({ operationId, pathParams });
	});

	test.each([
		['GET', '/api/qrs-api/v2/teams'],
		['GET', '/qrs-api/v2/teams/'],
		['PATCH', '/api/qrs-api/qr_1'],
		['POST', '/api/v1/qr/create'],
		['GET', '/api/qrs-api/teams/'],
	])('%s %s is no operation', (method, path) => {
		expect(findOperation(method, path)).toBeUndefined();
	});

	test('a valid request has no errors', () => {
		expect(
			validateRequest({
				method: 'POST',
				path: '/api/qrs-api',
				headers: headerSetA,
				body: { qrType: 'WEB', qrRedirectUrl: 'https://example.com' },
			}),
		).toEqual([]);
		expect(
			validateRequest({
				method: 'GET',
				path: '/api/qrs-api/v2/teams/?limit=100&page=2&sortBy=name&sortOrder=asc&search=x',
				headers: headerSetA,
			}),
		).toEqual([]);
		expect(
			validateRequest({
				method: 'POST',
				path: '/v1/qr/create',
				headers: { Authorization: 'Bearer k' },
				body: { destination_url: 'https://e.com' },
			}),
		).toEqual([]);
	});

	test('a simulator request log entry can be checked as it is: the encoded rawPath is preferred over the decoded path', () => {
		const entry = {
			method: 'PUT',
			path: '/api/teams-api/t/members/a+b@x.com/pause',
			rawPath: '/api/teams-api/t/members/a%2Bb%40x.com/pause?force=1',
			headers: { ...headerSetA, 'x-request-client-secret': '[redacted]' },
			query: { force: '1' },
			body: undefined,
		};
		expect(validateRequest(entry)).toEqual(['unknown query parameter force']);
		expect(
			validateRequest({
				...entry,
				rawPath: undefined,
				path: '/api/teams-api/t/members/a%2Bb%40x.com/pause',
				query: {},
			}),
		).toEqual([]);
	});

	test('errors name what is wrong', () => {
		expect(validateRequest({ method: 'GET', path: '/api/nope' })).toEqual([
			'unknown operation: GET /api/nope',
		]);
		expect(
			validateRequest({
				method: 'GET',
				path: '/api/qr-templates-api',
				headers: { 'x-request-team-id': 't' },
			}),
		).toEqual([
			'missing required header x-request-client-id',
			'missing required header x-request-client-secret',
		]);
		expect(
			validateRequest({
				method: 'GET',
				path: '/api/qrs-api/v2/teams/?limit=101&sortBy=id&limit=2',
				headers: headerSetA,
			}),
		).toEqual([
			'query parameter limit given more than once',
			'query parameter sortBy must be equal to one of the allowed values',
		]);
		expect(
			validateRequest({
				method: 'GET',
				path: '/api/qrs-api/teams/fromTime/soon',
				headers: headerSetA,
			}),
		).toEqual(['path parameter fromTime must be integer']);
		expect(
			validateRequest({
				method: 'PUT',
				path: '/api/teams-api/t/members/nobody/pause',
				headers: headerSetA,
			}),
		).toEqual(['path parameter email must match format "email"']);
		expect(validateRequest({ method: 'POST', path: '/api/qrs-api', headers: headerSetA })).toEqual([
			'missing request body',
		]);
		expect(validateRequest({ method: 'GET', path: '/api/teams-api', body: { x: 1 } })).toEqual([
			'getAllTeams takes no request body',
		]);
		expect(
			validateRequest({
				method: 'POST',
				path: '/api/teams-api/members/bulk',
				body: { name: 'n', email: 'e@x.com', teams: [{ teamId: 't', role: 'owner' }] },
			}),
		).toEqual(['body/teams/0/role must be equal to one of the allowed values']);
		expect(
			validateRequest({
				method: 'POST',
				path: '/v1/qr/create',
				headers: { authorization: 'Token k' },
				body: {},
			}),
		).toEqual(['missing Authorization: Bearer <API key> header']);
	});

	test('answers: declared schemas, the error envelope for undeclared errors, undeclared successes refused', () => {
		expect(
			validateResponse('createQr', 201, { success: true, data: { id: 'qr_1', tags: ['a'] } }),
		).toEqual([]);
		expect(validateResponse('createQr', 201, { success: true, data: { tags: 'a' } })).toEqual([
			'body/data/tags must be array',
		]);
		expect(validateResponse('createQr', 200, { success: true })).toEqual([
			'status 200 is not declared for createQr',
		]);
		expect(
			validateResponse('getQrById', 400, { success: false, message: 'QR code not found' }),
		).toEqual([]);
		expect(validateResponse('getQrById', 429, { success: true })).toEqual([
			'error body must have success: false',
			'error body must have a message',
		]);
		expect(validateResponse('getAllTeams', 200, [])).toEqual([
			'body is not a JSON object',
			'body must be object',
		]);
		expect(
			validateResponse('simpleCreateDynamic', 200, { success: true, data: { anything: 1 } }),
		).toEqual([]);
		expect(validateResponse('nope', 200, {})).toEqual(['unknown operationId nope']);
	});
});
