import { startSimulator, type Simulator } from '..';
import { contractClient, segment, type Call, type ClientCredentials } from './contractClient';

/** Header set A (401), roles (403) and the simple variant's bearer key. */
describe('credentials and roles', () => {
	let sim: Simulator;
	let call: Call;
	let orgId: string;
	let otherOrg: ClientCredentials;

	beforeAll(async () => {
		sim = await startSimulator();
		call = contractClient(sim);
		orgId = sim.state.teams.get(sim.credentials.teamId)?.orgId as string;
		const { org } = sim.state.createOrganization('Globex', {
			name: 'Gina Globex',
			email: 'gina@globex.example',
		});
		otherOrg = sim.state.addApiClient(org.id, 'owner');
	});
	afterAll(() => sim.close());

	const invalid = { success: false, message: 'Invalid credentials!' };

	test('valid credentials pass', async () => {
		expect((await call('GET', '/api/qr-templates-api')).status).toBe(200);
	});

	test('a wrong secret is 401 Invalid credentials!', async () => {
		const reply = await call('GET', '/api/qr-templates-api', {
			credentials: { ...sim.credentials, clientSecret: 'cs_wrong' },
		});
		expect(reply.status).toBe(401);
		expect(reply.body).toEqual(invalid);
	});

	test('an unknown client is 401', async () => {
		const reply = await call('GET', '/api/qrs-api/v2/teams/', {
			credentials: { ...sim.credentials, clientId: 'cl_unknown' },
		});
		expect(reply.status).toBe(401);
		expect(reply.body).toEqual(invalid);
	});

	test('no credentials at all is 401, also where the contract lists no headers', async () => {
		for (const path of [
			'/api/teams-api',
			'/api/qrs-api/all/fromTime/0',
			'/api/qrs-api/availability/abc',
		]) {
			const reply = await call('GET', path, { credentials: null, invalidRequest: true });
			expect({ path, status: reply.status, body: reply.body }).toEqual({
				path,
				status: 401,
				body: invalid,
			});
		}
	});

	test('a missing team header is 401 where the contract requires it', async () => {
		const reply = await call('GET', '/api/qr-templates-api', {
			credentials: null,
			headers: {
				'x-request-client-id': sim.credentials.clientId,
				'x-request-client-secret': sim.credentials.clientSecret,
			},
			invalidRequest: true,
		});
		expect(reply.status).toBe(401);
	});

	test("where the team header is optional, the client's default team stands in", async () => {
		const reply = await call('GET', '/api/teams-api', {
			credentials: null,
			headers: {
				'x-request-client-id': sim.credentials.clientId,
				'x-request-client-secret': sim.credentials.clientSecret,
			},
		});
		expect(reply.status).toBe(200);
		expect(sim.requestLog.at(-1)?.teamId).toBe(sim.credentials.teamId);
	});

	test("another organization's team in the header is 401", async () => {
		const reply = await call('GET', '/api/qr-templates-api', {
			credentials: { ...sim.credentials, teamId: otherOrg.teamId },
		});
		expect(reply.status).toBe(401);
		expect(reply.body).toEqual(invalid);
	});

	test("another organization's team in the path is 400 not found", async () => {
		const reply = await call('GET', `/api/teams-api/${otherOrg.teamId}`);
		expect(reply.status).toBe(400);
		expect(reply.body.message).toMatch(/not found/i);
	});

	test('the other organization sees only its own teams', async () => {
		const reply = await call('GET', '/api/teams-api', { credentials: otherOrg });
		expect(reply.body.data.map((team: { id: string }) => team.id)).toEqual([otherOrg.teamId]);
	});

	test('a viewer client may read but not create codes (403)', async () => {
		const viewer = sim.state.addApiClient(orgId, 'viewer', sim.credentials.teamId);
		expect((await call('GET', '/api/qrs-api/v2/teams/', { credentials: viewer })).status).toBe(200);
		const reply = await call('POST', '/api/qrs-api', {
			credentials: viewer,
			body: { qrType: 'WEB', qrRedirectUrl: 'https://example.com' },
		});
		expect(reply.status).toBe(403);
		expect(reply.body.success).toBe(false);
	});

	test('an editor client may write codes but not rename teams (403)', async () => {
		const editor = sim.state.addApiClient(orgId, 'editor', sim.credentials.teamId);
		const created = await call('POST', '/api/qrs-api', {
			credentials: editor,
			body: { qrType: 'WEB', qrRedirectUrl: 'https://example.com' },
		});
		expect(created.status).toBe(201);
		const reply = await call('PUT', `/api/teams-api/${sim.credentials.teamId}`, {
			credentials: editor,
			body: { name: 'Nope' },
		});
		expect(reply.status).toBe(403);
		expect(sim.state.teams.get(sim.credentials.teamId)?.name).toBe('Marketing');
	});

	test('an admin client may manage members but not delete them completely (403); the owner may', async () => {
		const admin = sim.state.addApiClient(orgId, 'admin', sim.credentials.teamId);
		const added = await call('PUT', `/api/teams-api/${sim.credentials.teamId}/members`, {
			credentials: admin,
			body: { name: 'Dora Delete', email: 'dora@acme.example', role: 'viewer' },
		});
		expect(added.status).toBe(200);
		const path = `/api/teams-api/${sim.credentials.teamId}/members/${segment('dora@acme.example')}/delete`;
		const refused = await call('DELETE', path, { credentials: admin });
		expect(refused.status).toBe(403);
		expect(sim.state.findUser('dora@acme.example')).toBeDefined();
		const done = await call('DELETE', path);
		expect(done.status).toBe(200);
		expect(sim.state.findUser('dora@acme.example')).toBeUndefined();
	});

	describe('simple variant bearer key', () => {
		const body = { destination_url: 'https://example.com/bearer' };

		test('the key creates a code', async () => {
			const reply = await call('POST', '/v1/qr/create', {
				credentials: null,
				headers: { authorization: `Bearer ${sim.credentials.apiKey}` },
				body,
			});
			expect(reply.status).toBe(200);
		});

		test('a missing, wrong or non-bearer key is 401', async () => {
			for (const authorization of [
				undefined,
				'Bearer qrt_wrong',
				`Basic ${sim.credentials.apiKey}`,
			]) {
				const reply = await call('POST', '/v1/qr/create', {
					credentials: null,
					headers: authorization ? { authorization } : {},
					body,
					invalidRequest: true,
				});
				expect({ authorization, status: reply.status, success: reply.body.success }).toEqual({
					authorization,
					status: 401,
					success: false,
				});
			}
		});

		test('echoSecrets: its refusals quote the bearer key, its answers carry it in `echo`', async () => {
			const key = sim.credentials.apiKey;
			sim.setAnswerModes({ echoSecrets: true });
			try {
				const created = await call('POST', '/v1/qr/create', {
					credentials: null,
					headers: { authorization: `Bearer ${key}` },
					body,
				});
				expect(created.status).toBe(200);
				expect(created.body.data.echo).toContain(key);
				const refused = await call('POST', '/v1/qr/create', {
					credentials: null,
					headers: { authorization: `Bearer ${key}` },
					body: { destination_url: 'not a uri' },
					invalidRequest: true,
				});
				expect(refused.status).toBe(400);
				expect(refused.body.message).toContain(key);
			} finally {
				sim.setAnswerModes({});
			}
		});

		test('header set A does not open the v1 variant', async () => {
			const reply = await call('POST', '/v1/qr/create', { body, invalidRequest: true });
			expect(reply.status).toBe(401);
		});
	});

	test('secrets never show in the request log', () => {
		const logged = JSON.stringify(sim.requestLog);
		expect(sim.requestLog.length).toBeGreaterThan(10);
		expect(logged).not.toContain(sim.credentials.clientSecret);
		expect(logged).not.toContain(sim.credentials.apiKey);
		expect(logged).not.toContain(otherOrg.clientSecret);
		expect(logged).toContain('Bearer [redacted]');
	});
});
