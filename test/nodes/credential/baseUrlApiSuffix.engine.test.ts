/**
 * A Base URL entered with the contract's `/api` (its `servers` URL is `https://api.qrtrac.com/api`) reaches the
 * same paths as one without it: the credential test and a run, never `/api/api/...`. So does one ending in the
 * simple interface's `/v1` right after the host (its server is `{base_url}/v1`): never `/v1/api/...` or
 * `/v1/v1/...`; a deeper `/v1` is a gateway's own path and stays.
 */
import { startServer } from '../../support/httpFixtures';
import { runNode, testCredential } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator();

describe('a Base URL ending in /api', () => {
	it('passes the credential test and runs an operation on the paths without a second /api', async () => {
		const credentials = { ...suite.credentials, baseUrl: `${suite.sim.url}/api/` };

		const test = await testCredential(credentials);
		const run = await runNode({
			nodeType: 'qrtrac',
			credentials,
			parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
		});

		expect(test).toMatchObject({ status: 'OK' });
		expect(run.error).toBeUndefined();
		expect(run.items.length).toBeGreaterThan(0);
		expect(suite.sim.requestLog.map((entry) => `${entry.status} ${entry.path}`)).toEqual([
			'200 /api/qr-templates-api',
			'200 /api/qr-templates-api',
		]);
	});
});

describe('a Base URL ending in /v1', () => {
	it('passes the credential test and runs both interfaces on their own paths', async () => {
		const credentials = { ...suite.credentials, baseUrl: `${suite.sim.url}/v1` };

		const test = await testCredential(credentials);
		const templates = await runNode({
			nodeType: 'qrtrac',
			credentials,
			parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
		});
		const link = await runNode({
			nodeType: 'qrtrac',
			credentials,
			parameters: {
				resource: 'dynamicLink',
				operation: 'create',
				destinationUrl: 'https://example.com/landing',
			},
		});

		expect(test).toMatchObject({ status: 'OK' });
		expect([templates.error, link.error]).toEqual([undefined, undefined]);
		expect(suite.sim.requestLog.map((entry) => `${entry.status} ${entry.path}`)).toEqual([
			'200 /api/qr-templates-api',
			'200 /api/qr-templates-api',
			'200 /v1/qr/create',
		]);
	});
});

describe('a Base URL with a deeper /v1 (a gateway mounting the service at /gateway/v1)', () => {
	it('keeps it: the test and a run ask the gateway’s own path, never /gateway/api/...', async () => {
		const credentials = { ...suite.credentials, baseUrl: `${suite.sim.url}/gateway/v1` };

		await testCredential(credentials);
		await runNode({
			nodeType: 'qrtrac',
			credentials,
			parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
		});

		expect(suite.sim.requestLog.map((entry) => entry.path)).toEqual([
			'/gateway/v1/api/qr-templates-api',
			'/gateway/v1/api/qr-templates-api',
		]);
	});
});

describe("a Base URL holding an operation's path (pasted from the API reference)", () => {
	it('fails the credential test and a run naming the Base URL, before any request', async () => {
		const credentials = { ...suite.credentials, baseUrl: `${suite.sim.url}/api/qrs-api/v2/teams/` };

		const test = await testCredential(credentials);
		const run = await runNode({
			nodeType: 'qrtrac',
			credentials,
			parameters: { resource: 'qrCode', operation: 'getMany' },
		});

		const expected = `Base URL holds the path of an operation ("/api/qrs-api/v2/teams")`;
		expect(test).toMatchObject({ status: 'Error' });
		expect(test.message).toContain(expected);
		expect(run.error?.message).toContain(expected);
		expect(suite.sim.requestLog).toEqual([]);
	});
});

describe('a Base URL of a gateway mounted at a path named like a root (/teams-api/qrtrac)', () => {
	it('is taken: a run reaches {base}/api/...', async () => {
		const gateway = await startServer((_request, res) => {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ success: true, data: [] }));
		});
		try {
			const run = await runNode({
				nodeType: 'qrtrac',
				credentials: { ...suite.credentials, baseUrl: `${gateway.url}/teams-api/qrtrac` },
				parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
			});

			expect(run.error?.message).toBeUndefined();
			expect(gateway.received.map((request) => request.url)).toEqual([
				'/teams-api/qrtrac/api/qr-templates-api',
			]);
		} finally {
			await gateway.close();
		}
	});
});

describe('a Base URL with a path the service does not answer on (/qrs-api typed after the host)', () => {
	it("fails a run's 404 naming the Base URL's path, not only the ID, as the credential test does", async () => {
		const credentials = { ...suite.credentials, baseUrl: `${suite.sim.url}/qrs-api` };

		const run = await runNode({
			nodeType: 'qrtrac',
			credentials,
			parameters: { resource: 'qrCode', operation: 'getMany', returnAll: true },
		});

		expect(run.error?.httpCode).toBe('404');
		expect(run.error?.description).toContain(
			`If every operation answers 404, check the credential's Base URL: its path "/qrs-api" comes before every request's path`,
		);
		expect(suite.sim.requestLog.map((entry) => entry.path)).toEqual([
			'/qrs-api/api/qrs-api/v2/teams/',
		]);
	});
});
