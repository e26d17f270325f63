/**
 * The harness itself, exercised against the fixture package (test/fixtures/harness-package) and a fixture
 * API on 127.0.0.1: every assertion is on what n8n-core really did or really sent over the socket. The last
 * block checks that the BUILT package (dist/, `npm run build`) loads and runs through the same paths against
 * the QRTRAC simulator.
 */
import { join } from 'node:path';

import type { IDataObject, INode } from 'n8n-workflow';

import { startSimulator } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import {
	FIXTURE_CLIENT_SECRET,
	startFixtureServer,
} from '../../fixtures/harness-package/fixtureServer';
import type { FixtureServer } from '../../fixtures/harness-package/fixtureServer';
import { loadPackage } from './loadedPackage';
import { callLoadOptions, pollTrigger, runNode, runWorkflow, testCredential } from '../n8nHarness';
import type { HarnessCredentials } from '../n8nHarness';

const packageDir = join(__dirname, '..', '..', 'fixtures', 'harness-package');
const ACTION = 'harnessFixture';
const TRIGGER = 'harnessFixtureTrigger';

let server: FixtureServer;
let credentials: HarnessCredentials;

beforeAll(async () => {
	server = await startFixtureServer();
	credentials = {
		baseUrl: server.baseUrl,
		teamId: 'team-1',
		clientId: 'client-1',
		clientSecret: FIXTURE_CLIENT_SECRET,
		apiKey: 'fixture-api-key',
	};
});

afterAll(async () => {
	await server.close();
});

beforeEach(() => {
	server.requests.length = 0;
	server.records = [];
	server.clock = 0;
});

describe('runNode', () => {
	it("applies the credential's authenticate function on the wire: header set A for the v2 API", async () => {
		const result = await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'echo' },
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0].headers).toMatchObject({
			'x-request-team-id': 'team-1',
			'x-request-client-id': 'client-1',
			'x-request-client-secret': FIXTURE_CLIENT_SECRET,
		});
		expect(server.requests[0].headers.authorization).toBeUndefined();
	});

	it('applies the bearer API key for the simple v1 variant, chosen by URL', async () => {
		const result = await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'simple', name: 'https://example.com' },
			credentials,
		});

		expect(result.items[0].json.authorization).toBe('Bearer fixture-api-key');
		expect(server.requests[0].headers['x-request-client-secret']).toBeUndefined();
	});

	it('resolves expressions per item and keeps pairedItem', async () => {
		const result = await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'create', name: '={{ $json.label.toUpperCase() }}' },
			items: [{ label: 'first' }, { label: 'second' }],
			credentials,
		});

		expect(server.requests.map((request) => request.body)).toEqual([
			{ name: 'FIRST' },
			{ name: 'SECOND' },
		]);
		expect(result.items.map((item) => item.json.name)).toEqual(['FIRST', 'SECOND']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('extracts the value of a resource locator stored as the editor stores it', async () => {
		await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'echo', team: { __rl: true, mode: 'id', value: 'team-2' } },
			credentials,
		});

		expect(server.requests[0].query.team).toBe('team-2');
	});

	it('surfaces a NodeApiError with its message, description, httpCode and itemIndex', async () => {
		const result = await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'status', statusCode: '={{ $json.code }}' },
			items: [{ code: 200 }, { code: 404 }],
			credentials,
		});

		expect(result.items).toEqual([]);
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			httpCode: '404',
			description: 'Simulated 404',
			itemIndex: 1,
		});
		expect(result.error?.message).toMatch(/could not be found/);
	});

	it('surfaces a NodeOperationError with its description', async () => {
		const result = await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'reject' },
			credentials,
		});

		expect(result.error).toMatchObject({
			name: 'NodeOperationError',
			message: 'Rejected by the fixture',
			description: 'The reject operation always fails',
			itemIndex: 0,
		});
	});

	it('puts error items into the output under Continue On Fail', async () => {
		const result = await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'status', statusCode: '={{ $json.code }}' },
			items: [{ code: 200 }, { code: 500 }],
			credentials,
			continueOnFail: true,
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0]).toMatchObject({ json: { success: true }, pairedItem: { item: 0 } });
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(result.items[1].json.error).toBe('The service was not able to process your request');
	});

	it('keeps secrets out of the reported error', async () => {
		const result = await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'status', statusCode: 401 },
			credentials,
		});

		expect(result.error?.httpCode).toBe('401');
		expect(JSON.stringify(result.error)).not.toContain(FIXTURE_CLIENT_SECRET);
	});

	it("shows n8n-core's retry of a 401 after pre-authentication (the request goes out twice)", async () => {
		await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'status', statusCode: 401 },
			credentials,
		});

		expect(server.requests.map((request) => request.path)).toEqual(['/status/401', '/status/401']);
	});

	it('fails like n8n when the node has no credentials', async () => {
		const result = await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'echo' },
		});

		expect(result.error?.message).toBe('Node does not have any credentials set');
		expect(server.requests).toHaveLength(0);
	});

	it('stores binary data made by prepareBinaryData in memory', async () => {
		const result = await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'image', name: 'code' },
			credentials,
		});

		const binary = result.items[0].binary?.data;
		expect(binary).toMatchObject({
			mimeType: 'image/png',
			fileName: 'code.png',
			fileExtension: 'png',
		});
		const png = Buffer.from(binary?.data ?? '', 'base64');
		expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
	});

	it('hands binary input items to the node', async () => {
		const result = await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'measureBinary' },
			binaryItems: [
				{ data: { data: Buffer.from('twelve bytes'), mimeType: 'text/plain', fileName: 'a.txt' } },
			],
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.bytes).toBe(12);
		expect(result.items[0].binary?.data.fileName).toBe('a.txt');
	});

	it('runs a node in well under a second once the package is loaded', async () => {
		const startedAt = performance.now();
		const result = await runNode({
			nodeType: ACTION,
			packageDir,
			parameters: { operation: 'echo' },
			credentials,
		});

		expect(result.items).toHaveLength(1);
		expect(performance.now() - startedAt).toBeLessThan(1000);
	});
});

describe('runWorkflow', () => {
	const node = (name: string, parameters: INode['parameters'], x: number): INode => ({
		id: name,
		name,
		type: ACTION,
		typeVersion: 1,
		position: [x, 0],
		parameters,
	});

	it('passes items along connections and reports each node by name', async () => {
		const result = await runWorkflow(
			{
				nodes: [
					node('Create', { operation: 'create', name: 'created' }, 0),
					node('Echo', { operation: 'echo', name: '={{ $json.id }}' }, 200),
				],
				connections: { Create: { main: [[{ node: 'Echo', type: 'main', index: 0 }]] } },
			},
			{ credentials, packageDir },
		);

		expect(result.error).toBeUndefined();
		const createdId = result.runData.Create[0][0].json.id;
		expect(createdId).toMatch(/^qr-/);
		expect(result.runData.Echo[0][0].json.query).toEqual({ name: createdId, team: '' });
	});

	it('names the node that failed', async () => {
		const result = await runWorkflow(
			{
				nodes: [
					node('Create', { operation: 'create', name: 'x' }, 0),
					node('Fail', { operation: 'reject' }, 200),
				],
				connections: { Create: { main: [[{ node: 'Fail', type: 'main', index: 0 }]] } },
			},
			{ credentials, packageDir },
		);

		expect(result.error).toMatchObject({ node: 'Fail', name: 'NodeOperationError' });
		expect(result.runData.Create[0]).toHaveLength(1);
	});
});

describe('pollTrigger', () => {
	const poll = (staticData: IDataObject, mode?: 'trigger' | 'activation' | 'manual') =>
		pollTrigger({
			nodeType: TRIGGER,
			packageDir,
			parameters: { label: 'fixture' },
			credentials,
			staticData,
			mode,
		});

	it('emits new records and persists the staged cursor with them', async () => {
		server.records = [{ id: 'a', updatedAt: 10 }];
		server.clock = 20;

		const result = await poll({});

		expect(result.items?.map((item) => item.json)).toEqual([
			{ id: 'a', updatedAt: 10, label: 'fixture' },
		]);
		expect(result.staticData).toEqual({ since: 20 });
		expect(server.requests[0].headers['x-request-client-secret']).toBe(FIXTURE_CLIENT_SECRET);
	});

	it('commits the cursor of a poll that found nothing', async () => {
		server.clock = 30;

		const result = await poll({ since: 20 });

		expect(result.items).toBeNull();
		expect(result.staticData).toEqual({ since: 30 });
	});

	it('drops the staged cursor of a failed poll, so the next poll repeats the window', async () => {
		server.records = [{ id: 'bad', updatedAt: 25, poison: true }];
		server.clock = 30;
		const persisted = { since: 20 };

		await expect(poll(persisted)).rejects.toMatchObject({
			message: 'A changed record could not be processed',
		});
		expect(persisted).toEqual({ since: 20 });

		server.records = [{ id: 'good', updatedAt: 25 }];
		const retried = await poll(persisted);
		expect(retried.items?.map((item) => item.json.id)).toEqual(['good']);
		expect(server.requests.map((request) => request.query.since)).toEqual(['20', '20']);
	});

	it('continues from static data that went through a restart (JSON round trip)', async () => {
		server.records = [
			{ id: 'old', updatedAt: 5 },
			{ id: 'new', updatedAt: 15 },
		];
		server.clock = 10;
		const first = await poll({});
		server.clock = 20;

		const afterRestart = await poll(JSON.parse(JSON.stringify(first.staticData)));

		expect(first.items?.map((item) => item.json.id)).toEqual(['old']);
		expect(afterRestart.items?.map((item) => item.json.id)).toEqual(['new']);
	});

	it('rejects with the NodeApiError of an HTTP failure', async () => {
		await expect(
			pollTrigger({
				nodeType: TRIGGER,
				packageDir,
				parameters: {},
				credentials: { baseUrl: `${server.baseUrl}/missing` },
				staticData: {},
			}),
		).rejects.toMatchObject({ name: 'NodeApiError', httpCode: '404' });
	});

	it('commits nothing for an activation poll that found nothing, like n8n-core 2.41', async () => {
		server.clock = 30;

		const result = await poll({ since: 20 }, 'activation');

		expect(result.items).toBeNull();
		expect(result.staticData).toEqual({ since: 20 });
		expect(server.requests).toHaveLength(1);
	});

	it('carries the staged cursor with the items of an activation poll', async () => {
		server.records = [{ id: 'a', updatedAt: 25 }];
		server.clock = 30;

		const result = await poll({ since: 20 }, 'activation');

		expect(result.items?.map((item) => item.json.id)).toEqual(['a']);
		expect(result.staticData).toEqual({ since: 30 });
	});

	it('returns a sample in manual mode and never persists static data', async () => {
		server.records = [{ id: 'sample', updatedAt: 1 }];
		server.clock = 50;

		const result = await poll({ since: 40 }, 'manual');

		expect(result.items?.map((item) => item.json.id)).toEqual(['sample']);
		expect(result.staticData).toEqual({ since: 40 });
	});
});

describe('testCredential', () => {
	it('reports OK when the test request authenticates', async () => {
		await expect(testCredential(credentials, packageDir)).resolves.toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(server.requests[0]).toMatchObject({
			path: '/teams-api',
			headers: { 'x-request-client-id': 'client-1' },
		});
	});

	it("reports the credential's responseCode rule message on 401", async () => {
		const result = await testCredential({ ...credentials, clientSecret: 'wrong' }, packageDir);

		expect(result).toEqual({ status: 'Error', message: 'Client ID or secret rejected' });
	});

	it('reports the connection error code when nothing listens', async () => {
		const closed = await startFixtureServer();
		await closed.close();

		const result = await testCredential({ ...credentials, baseUrl: closed.baseUrl }, packageDir);

		expect(result).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
	});
});

describe('callLoadOptions', () => {
	it('calls a loadOptions method with the credentials', async () => {
		const options = await callLoadOptions(ACTION, 'getTeams', {
			credentials,
			kind: 'loadOptions',
			packageDir,
		});

		expect(options).toEqual([
			{ name: 'Marketing', value: 'team-1' },
			{ name: 'Sales', value: 'team-2' },
		]);
	});

	it('passes the filter to a listSearch method', async () => {
		const result = await callLoadOptions(ACTION, 'searchTeams', {
			credentials,
			kind: 'listSearch',
			filter: 'sal',
			packageDir,
		});

		expect(result).toEqual({ results: [{ name: 'Sales', value: 'team-2' }] });
		expect(server.requests[0].query.search).toBe('sal');
	});
});

describe('the built package (dist/)', () => {
	let simulator: Simulator;
	let simulatorCredentials: HarnessCredentials;

	beforeAll(async () => {
		simulator = await startSimulator({ latencyMs: 0 });
		simulatorCredentials = { baseUrl: simulator.url, ...simulator.credentials };
	});

	afterAll(async () => {
		await simulator.close();
	});

	it("loads through n8n's PackageDirectoryLoader from package.json `n8n`", async () => {
		const built = await loadPackage();

		const trigger = built.nodeTypes.getByNameAndVersion(built.fullNodeTypeName('qrtracTrigger'));
		expect(built.fullNodeTypeName('qrtrac')).toBe('n8n-nodes-qrtrac.qrtrac');
		expect(trigger.description.properties[0].name).toBe('pollTimes');
		expect(typeof built.credentialType('qrtracApi').authenticate).toBe('function');
	});

	it('tests the real credential through its own test request and authenticate function', async () => {
		simulator.clearRequestLog();

		await expect(testCredential(simulatorCredentials)).resolves.toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(simulator.requestLog).toHaveLength(1);
		expect(simulator.requestLog[0].headers['x-request-client-id']).toBe(
			simulator.credentials.clientId,
		);
	});

	it('runs the real action node against the simulator', async () => {
		const qr = simulator.state.createQr(simulator.credentials.teamId, {
			name: 'Harness check',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'qrCode',
				operation: 'get',
				qrCodeId: { __rl: true, mode: 'id', value: qr.id },
			},
			credentials: simulatorCredentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0]).toMatchObject({
			json: { id: qr.id, name: 'Harness check' },
			pairedItem: { item: 0 },
		});
	});
});
