/** The credential's Base URL rule (connection.ts): trimmed, https only (http for this machine), one `/api` accepted. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { FIXED_PATHS } from '../../../nodes/shared/api/route';
import { checkBaseUrl } from '../../../nodes/shared/connection';

it("the fixed paths a Base URL may not end with are the contract's paths of several segments without a parameter", () => {
	const contract = JSON.parse(
		readFileSync(join(__dirname, '../../contract/openapi.json'), 'utf8'),
	) as { paths: Record<string, unknown> };
	const fixed = Object.keys(contract.paths)
		.map((path) => path.replace(/\/+$/, ''))
		.filter((path) => !path.includes('{') && path.split('/').length > 2);
	// the simple interface's one path is not among the primary interface's paths
	expect([...FIXED_PATHS].sort()).toEqual([...fixed, '/qr/create'].sort());
});

/** Each Base URL refused before any request, its problem naming the operation path it holds. */
function expectOperationPathsRefused(cases: Array<[raw: string, path: string]>): void {
	for (const [raw, path] of cases) {
		const { url, problem } = checkBaseUrl(raw);
		expect({ raw, url }).toEqual({ raw, url: undefined });
		expect(problem).toContain(`holds the path of an operation ("${path}")`);
	}
}

/** Each Base URL taken as typed. */
function expectKept(urls: string[]): void {
	expect(urls.map((raw) => checkBaseUrl(raw).url)).toEqual(urls);
}

describe('checkBaseUrl', () => {
	it('drops trailing slashes and one trailing /api segment (the contract’s servers URL)', () => {
		const urls = [
			'https://api.qrtrac.com',
			'https://api.qrtrac.com/',
			' https://api.qrtrac.com/api ',
			'https://api.qrtrac.com/api/',
			'https://api.qrtrac.com/api//',
			'https://proxy.example/qrtrac/api',
			'http://127.0.0.1:8080/api',
		].map((raw) => checkBaseUrl(raw).url);
		expect(urls).toEqual([
			'https://api.qrtrac.com',
			'https://api.qrtrac.com',
			'https://api.qrtrac.com',
			'https://api.qrtrac.com',
			'https://api.qrtrac.com',
			'https://proxy.example/qrtrac',
			'http://127.0.0.1:8080',
		]);
	});

	it('keeps a path or host that only contains api, and strips /api once', () => {
		const urls = [
			'https://proxy.example/apis',
			'https://proxy.example/my-api',
			'https://proxy.example/api/api',
			'https://api',
		].map((raw) => checkBaseUrl(raw).url);
		expect(urls).toEqual([
			'https://proxy.example/apis',
			'https://proxy.example/my-api',
			'https://proxy.example/api',
			'https://api',
		]);
	});

	it('drops a /v1 right after the host (the contract’s simple interface root, {base_url}/v1), no deeper one', () => {
		const urls = [
			'https://api.qrtrac.com/v1',
			'https://api.qrtrac.com/v1/',
			'HTTPS://api.qrtrac.com:8443/v1',
			'https://proxy.example/qrtrac/v1',
			'https://proxy.example/v1/v1',
			'https://proxy.example/v1s',
			'https://v1',
		].map((raw) => checkBaseUrl(raw).url);
		expect(urls).toEqual([
			'https://api.qrtrac.com',
			'https://api.qrtrac.com',
			'HTTPS://api.qrtrac.com:8443',
			'https://proxy.example/qrtrac/v1',
			'https://proxy.example/v1/v1',
			'https://proxy.example/v1s',
			'https://v1',
		]);
	});

	it('still refuses plain http to another host, with or without /api', () => {
		expect(checkBaseUrl('http://qrtrac.example/api').problem).toContain('must start with https://');
	});

	it('refuses a user name or password in the Base URL, without repeating the password', () => {
		for (const raw of [
			'https://user:pw-SECRET@api.qrtrac.com',
			'https://user@api.qrtrac.com/api',
			'http://user:pw-SECRET@qrtrac.example',
			'http://user:pw-SECRET@127.0.0.1:8080',
		]) {
			const { url, problem } = checkBaseUrl(raw);
			expect({ raw, url }).toEqual({ raw, url: undefined });
			expect(problem).toContain('must not hold a user name or password');
			expect(problem).not.toContain('pw-SECRET');
		}
	});

	it('refuses a query or a fragment, which would move the interfaces’ paths out of the path', () => {
		for (const raw of [
			'https://api.qrtrac.com/?region=eu',
			'https://api.qrtrac.com?x',
			'https://api.qrtrac.com#top',
			'https://proxy.example/qrtrac/api?key=1',
			'http://127.0.0.1:8080/#/',
		]) {
			const { url, problem } = checkBaseUrl(raw);
			expect({ raw, url }).toEqual({ raw, url: undefined });
			expect(problem).toContain('must not hold a query (?) or a fragment (#)');
		}
	});

	it('does not repeat the query or fragment it refuses, where a proxy key may sit', () => {
		const { problem } = checkBaseUrl('https://proxy.example.com/?apikey=SECRET123');

		expect(problem).toContain('it is "https://proxy.example.com/" followed by one');
		expect(problem).not.toContain('SECRET123');
	});

	it('refuses a Base URL holding an operation’s path (pasted from the API reference), naming it', () => {
		expectOperationPathsRefused([
			['https://api.qrtrac.com/api/qrs-api', '/api/qrs-api'],
			['https://api.qrtrac.com/qrs-api/v2/teams/', '/qrs-api/v2/teams'],
			['https://api.qrtrac.com/api/teams-api/', '/api/teams-api'],
			['https://proxy.example/qrtrac/analytics-api/overviews', '/qrtrac/analytics-api/overviews'],
			['https://api.qrtrac.com/api/QR-Templates-API', '/api/QR-Templates-API'],
			['https://api.qrtrac.com/v1/qr/create', '/v1/qr/create'],
			['http://127.0.0.1:8080/api/qrs-api', '/api/qrs-api'],
		]);
	});

	it('keeps a path that only resembles an operation’s', () => {
		expectKept([
			'https://proxy.example/qrs-apis',
			'https://proxy.example/my-qrs-api',
			'https://proxy.example/qr',
		]);
	});

	it('refuses the operation joins a request would repeat anywhere in the path (/api/<root>, /v1/qr/create)', () => {
		expectOperationPathsRefused([
			['https://gw.corp.example/qrtrac/api/teams-api/x', '/qrtrac/api/teams-api/x'],
			['https://gw.corp.example/qrtrac/v1/qr/create/', '/qrtrac/v1/qr/create'],
			['https://api.qrtrac.com/teams-api/members/bulk', '/teams-api/members/bulk'],
		]);
	});

	it('keeps a gateway mounted at a path named like a root (/teams-api) and what is no operation’s path', () => {
		expectKept([
			'https://gw.corp.example/teams-api/qrtrac',
			'https://gw.corp.example/teams-api',
			'https://gw.corp.example/qrs-api/qrtrac/v2',
			'https://gw.corp.example/analytics-api/v1',
			'https://gw.corp.example/api/qrs-apis',
			'https://gw.corp.example/qr/created',
		]);
	});
});
