/**
 * Routes: each QRTRAC path is written once, as the contract writes it, in nodes/shared/api; the request path and
 * the answer's label are both built from it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { endpoint, fillRoute, labelOf, methodOf } from '../../../../nodes/shared/api/route';

const API = path.join(__dirname, '../../../../nodes/shared/api');

describe('a route gives the request path', () => {
	it('fills each {name} with its value as one encoded path segment', () => {
		expect(
			fillRoute('DELETE /teams-api/{id}/members/{email}', { id: 'a/b?c', email: 'x@e.com' }),
		).toBe('/teams-api/a%2Fb%3Fc/members/x%40e.com');
	});

	it('refuses ".", ".." or none: an address reads them as steps even when escaped', () => {
		// `%2E%2E` is `..` to an address: /api/qrs-api/teams/%2E%2E is fetched as /api/qrs-api/
		expect(new URL('https://h.test/api/qrs-api/teams/%2E%2E').pathname).toBe('/api/qrs-api/');
		for (const id of ['..', '.', ''])
			expect(() => fillRoute('GET /qrs-api/teams/{id}', { id })).toThrow(
				'cannot travel as one path segment',
			);
		expect(fillRoute('GET /qrs-api/teams/{id}', { id: '.a.' })).toBe('/qrs-api/teams/.a.');
		// three dots are no step: the address keeps them as the code's own segment
		expect(new URL('https://h.test/api/qrs-api/teams/...').pathname).toBe('/api/qrs-api/teams/...');
		expect(fillRoute('GET /qrs-api/teams/{id}', { id: '...' })).toBe('/qrs-api/teams/...');
	});

	it('takes the method from the route', () => {
		expect(methodOf('PATCH /qrs-api/{id}/title')).toBe('PATCH');
	});
});

describe("a route gives the answer's label", () => {
	it('names the operation, the method and the path as the contract writes them', () => {
		expect(labelOf(endpoint('Get QR Code', 'GET /qrs-api/teams/{id}'))).toBe(
			'Get QR Code (GET /qrs-api/teams/{id})',
		);
	});

	it('puts the simple interface under /v1', () => {
		expect(labelOf(endpoint('Create Dynamic Link', 'POST /qr/create', { api: 'simple' }))).toBe(
			'Create Dynamic Link (POST /v1/qr/create)',
		);
	});
});

describe('the endpoint module writes the contract routes', () => {
	it('writes each method and path of the contract once (the simple interface aside)', () => {
		const contract = JSON.parse(
			readFileSync(path.join(__dirname, '../../../contract/openapi.json'), 'utf8'),
		) as { paths: Record<string, Record<string, unknown>> };
		const contractRoutes = new Set(
			Object.entries(contract.paths).flatMap(([route, operations]) =>
				Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`),
			),
		);
		const written = readdirSync(API)
			.filter((name) => name.endsWith('.ts'))
			.flatMap((name) => [
				...readFileSync(path.join(API, name), 'utf8').matchAll(
					/'((?:GET|POST|PUT|PATCH|DELETE) \/[^']*)'/g,
				),
			])
			.map((match) => match[1])
			.filter((route) => route !== 'POST /qr/create');
		// Each contract route written exactly once.
		expect([...written].sort()).toEqual([...contractRoutes].sort());
	});
});
