import { request } from 'undici';
import { startSimulator, type Simulator } from '..';
import { contractClient, type Call } from './contractClient';

/** Injected faults, added latency, the settable clock and the request log. */
describe('faults and knobs', () => {
	let sim: Simulator;
	let call: Call;

	beforeAll(async () => {
		sim = await startSimulator();
		call = contractClient(sim);
	});
	afterAll(() => sim.close());
	afterEach(() => {
		sim.faults.clear();
		sim.setLatency(0);
	});

	const headers = () => ({
		'content-type': 'application/json',
		'x-request-team-id': sim.credentials.teamId,
		'x-request-client-id': sim.credentials.clientId,
		'x-request-client-secret': sim.credentials.clientSecret,
	});
	/** A raw request that may fail at the socket: resolves to the status or the error code. */
	async function rawCall(
		method: string,
		path: string,
		body?: unknown,
		timeoutMs = 2000,
	): Promise<{ status?: number; text?: string; error?: string }> {
		try {
			const reply = await request(`${sim.url}${path}`, {
				method: method as 'GET',
				headers: headers(),
				body: body === undefined ? undefined : JSON.stringify(body),
				headersTimeout: timeoutMs,
				bodyTimeout: timeoutMs,
			});
			return { status: reply.statusCode, text: await reply.body.text() };
		} catch (error) {
			return { error: (error as { code?: string }).code ?? String(error) };
		}
	}
	const countCodes = () => sim.state.listQrs(sim.credentials.teamId).length;
	const newCode = { qrType: 'WEB', qrRedirectUrl: 'https://example.com/fault' };

	test.each([500, 502, 503])('status %i answers without running the operation', async (status) => {
		sim.faults.add({ kind: 'status', status, method: 'POST', path: '/api/qrs-api', count: 1 });
		const before = countCodes();
		const reply = await rawCall('POST', '/api/qrs-api', newCode);
		expect(reply.status).toBe(status);
		if (status === 500)
			expect(JSON.parse(reply.text as string)).toEqual({
				success: false,
				message: 'Internal server error',
			});
		else expect(reply.text).toMatch(new RegExp(`<h1>${status}`));
		expect(countCodes()).toBe(before);
		expect((await rawCall('POST', '/api/qrs-api', newCode)).status).toBe(201);
	});

	test('a status fault with a body sends that page as is, with Retry-After when asked', async () => {
		sim.faults.add({
			kind: 'status',
			status: 429,
			body: 'Too Many Requests',
			contentType: 'text/plain',
			retryAfterSeconds: 1,
			method: 'POST',
			path: '/api/qrs-api',
			count: 1,
		});
		const before = countCodes();
		const reply = await request(`${sim.url}/api/qrs-api`, {
			method: 'POST',
			headers: headers(),
			body: JSON.stringify(newCode),
		});
		expect([reply.statusCode, reply.headers['content-type'], reply.headers['retry-after']]).toEqual(
			[429, 'text/plain', '1'],
		);
		expect(await reply.body.text()).toBe('Too Many Requests');
		expect(countCodes()).toBe(before);
	});

	test('a status fault after the write keeps the change', async () => {
		sim.faults.add({
			kind: 'status',
			status: 500,
			method: 'POST',
			path: '/api/qrs-api',
			count: 1,
			afterWrite: true,
		});
		const before = countCodes();
		expect((await rawCall('POST', '/api/qrs-api', newCode)).status).toBe(500);
		expect(countCodes()).toBe(before + 1);
	});

	test('a reset before the write drops the connection and changes nothing', async () => {
		sim.faults.add({ kind: 'reset', method: 'POST', path: '/api/qrs-api', count: 1 });
		const before = countCodes();
		const reply = await rawCall('POST', '/api/qrs-api', newCode);
		expect(reply.status).toBeUndefined();
		expect(reply.error).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
		expect(countCodes()).toBe(before);
		expect(sim.requestLog.at(-1)?.fault).toBe('reset');
		expect(sim.requestLog.at(-1)?.status).toBeUndefined();
	});

	test('a reset after the write drops the connection but the code exists', async () => {
		sim.faults.add({
			kind: 'reset',
			method: 'POST',
			path: '/api/qrs-api',
			count: 1,
			afterWrite: true,
		});
		const before = countCodes();
		const reply = await rawCall('POST', '/api/qrs-api', newCode);
		expect(reply.error).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
		expect(countCodes()).toBe(before + 1);
	});

	test('a stall without delay never answers (the client gives up)', async () => {
		sim.faults.add({ kind: 'stall', path: '/api/qr-templates-api', count: 1 });
		const reply = await rawCall('GET', '/api/qr-templates-api', undefined, 300);
		expect(reply.error).toBe('UND_ERR_HEADERS_TIMEOUT');
	});

	test('a stall with delay answers normally after it', async () => {
		sim.faults.add({ kind: 'stall', delayMs: 250, path: '/api/qr-templates-api', count: 1 });
		const started = Date.now();
		const reply = await rawCall('GET', '/api/qr-templates-api');
		expect(reply.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(240);
	});

	test('malformed JSON: 200 with a body that does not parse', async () => {
		sim.faults.add({ kind: 'malformedJson', path: '/api/qrs-api/teams/', count: 1 });
		const reply = await rawCall(
			'GET',
			`/api/qrs-api/teams/${sim.state.listQrs(sim.credentials.teamId)[0].id}`,
		);
		expect(reply.status).toBe(200);
		expect(() => JSON.parse(reply.text as string)).toThrow();
	});

	test('soft error: 200 with success false', async () => {
		sim.faults.add({
			kind: 'softError',
			message: 'Temporary glitch',
			path: '/api/teams-api',
			count: 1,
		});
		const reply = await rawCall('GET', '/api/teams-api');
		expect(reply.status).toBe(200);
		expect(JSON.parse(reply.text as string)).toEqual({
			success: false,
			message: 'Temporary glitch',
		});
	});

	test('forced 429 carries the headers with nothing remaining, and does not use the budget', async () => {
		sim.setPlan(2, sim.credentials.teamId);
		sim.faults.add({ kind: 'rateLimit', path: '/api/qr-templates-api', count: 2 });
		try {
			const refused = await call('GET', '/api/qr-templates-api');
			expect(refused.status).toBe(429);
			expect(refused.headers['x-ratelimit-remaining']).toBe('0');
			expect(refused.headers['x-ratelimit-limit']).toBe('2');
			const v1 = await call('POST', '/v1/qr/create', {
				credentials: null,
				headers: { authorization: `Bearer ${sim.credentials.apiKey}` },
				body: { destination_url: 'https://example.com' },
			});
			expect(v1.status).toBe(200);
			expect((await call('GET', '/api/qr-templates-api')).status).toBe(429);
		} finally {
			sim.setPlan('Enterprise');
		}
	});

	test('rules match by method, path prefix or pattern, skip some, fire a limited number of times', async () => {
		const id = sim.faults.add({
			kind: 'status',
			status: 503,
			method: 'GET',
			pathPattern: '^/api/qrs-api/availability/bad-',
			skip: 1,
			count: 2,
		});
		const statuses: Array<number | undefined> = [];
		for (const path of ['bad-1', 'good-1', 'bad-2', 'bad-3', 'bad-4'])
			statuses.push((await rawCall('GET', `/api/qrs-api/availability/${path}`)).status);
		expect(statuses).toEqual([200, 200, 503, 503, 200]);
		expect(sim.faults.list()).toEqual([expect.objectContaining({ id, seen: 3, fired: 2 })]);
		expect((await rawCall('POST', '/api/qrs-api/availability/bad-5')).status).toBe(404);
		expect(sim.faults.remove(id)).toBe(true);
		expect(sim.faults.list()).toEqual([]);
	});

	test('probability is drawn from a seeded PRNG: the same seed fires on the same requests', async () => {
		async function pattern(seed: number): Promise<boolean[]> {
			sim.faults.clear();
			sim.faults.add({
				kind: 'status',
				status: 500,
				path: '/api/qr-templates-api',
				probability: 0.5,
				seed,
			});
			const fired: boolean[] = [];
			for (let i = 0; i < 20; i++)
				fired.push((await rawCall('GET', '/api/qr-templates-api')).status === 500);
			return fired;
		}
		const first = await pattern(11);
		expect(await pattern(11)).toEqual(first);
		expect(first.filter(Boolean).length).toBeGreaterThan(2);
		expect(first.filter(Boolean).length).toBeLessThan(18);
	});

	test('faults also reach images', async () => {
		const qr = sim.state.listQrs(sim.credentials.teamId)[0];
		sim.faults.add({ kind: 'status', status: 503, path: '/images/', count: 1 });
		expect((await rawCall('GET', `/images/${qr.id}.png`)).status).toBe(503);
		expect((await rawCall('GET', `/images/${qr.id}.png`)).status).toBe(200);
	});

	test('latency is added to every answer', async () => {
		sim.setLatency(150);
		const started = Date.now();
		const reply = await call('GET', '/api/qr-templates-api');
		expect(reply.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(145);
	});

	test('the clock can be set, advanced and returned to real time', async () => {
		sim.clock.set(1_900_000_000_000);
		expect(sim.clock.now()).toBe(1_900_000_000_000);
		sim.clock.advance(60_000);
		const reply = await call('POST', '/api/qrs-api', { body: newCode });
		expect(reply.body.data.createdAt).toBe(1_900_000_060_000);
		sim.clock.useRealTime();
		expect(Math.abs(sim.clock.now() - Date.now())).toBeLessThan(50);
	});

	test('the request log records what was sent and answered, secrets redacted', async () => {
		sim.clearRequestLog();
		expect(sim.requestLog).toEqual([]);
		await call(
			'PUT',
			`/api/teams-api/${sim.credentials.teamId}/members/erin%40acme.example/changeRole?x=1`,
			{
				body: { role: 'viewer' },
				invalidRequest: true,
			},
		);
		expect(sim.requestLog).toHaveLength(1);
		const [entry] = sim.requestLog;
		expect(entry).toMatchObject({
			seq: 1,
			method: 'PUT',
			rawPath: `/api/teams-api/${sim.credentials.teamId}/members/erin%40acme.example/changeRole?x=1`,
			path: `/api/teams-api/${sim.credentials.teamId}/members/erin@acme.example/changeRole`,
			query: { x: '1' },
			body: { role: 'viewer' },
			status: 200,
			teamId: sim.credentials.teamId,
			operationId: 'changeMemberRole',
		});
		expect(entry.headers['x-request-client-id']).toBe(sim.credentials.clientId);
		expect(entry.headers['x-request-client-secret']).toBe('[redacted]');
		expect(entry.endedAt as number).toBeGreaterThanOrEqual(entry.startedAt);
	});
});
