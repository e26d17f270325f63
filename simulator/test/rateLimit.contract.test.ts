import {
	REQUESTS_PER_SECOND,
	startSimulator,
	type PlanName,
	type ResetFormat,
	type Simulator,
} from '..';
import {
	contractClient,
	startOfSecondWindow,
	type Call,
	type ClientCredentials,
	type Reply,
} from './contractClient';

/**
 * Fixed one-second windows per team by plan, X-RateLimit-* on every /api answer in each reset format,
 * Retry-After, 429s not counted, and the simple variant's per-minute window.
 */

describe('rate limits', () => {
	let sim: Simulator;
	let call: Call;
	let orgId: string;

	beforeAll(async () => {
		sim = await startSimulator({ resetFormat: 'epochMs' });
		call = contractClient(sim);
		orgId = sim.state.teams.get(sim.credentials.teamId)?.orgId as string;
	});
	afterAll(() => sim.close());

	afterEach(() => {
		sim.setPlan('Enterprise');
		sim.setResetFormat('epochMs');
		sim.setLimitWindow('second');
		sim.setRetryAfter(false);
	});

	function newTeamCredentials(): ClientCredentials {
		const team = sim.state.createTeam(orgId, `Burst ${sim.state.teams.size}`);
		return { ...sim.credentials, teamId: team.id };
	}

	/** Fires `count` requests at once, early in a window (bounded retries if a window boundary splits the burst without a refusal). */
	async function burst(
		credentials: ClientCredentials,
		count: number,
		path = '/api/qr-templates-api',
	): Promise<Reply[]> {
		let replies: Reply[] = [];
		for (let attempt = 0; attempt < 3; attempt++) {
			await startOfSecondWindow();
			replies = await Promise.all(
				Array.from({ length: count }, () => call('GET', path, { credentials })),
			);
			if (replies.some((reply) => reply.status === 429)) break;
			await new Promise((resolve) => setTimeout(resolve, 1000));
		}
		return replies;
	}

	/**
	 * Runs `attempt` (which resets what it needs) early in a window until all its answers fall in one window,
	 * at most three times; sequential requests on a loaded machine can straddle a window boundary.
	 */
	async function inOneWindow(attempt: () => Promise<Reply[]>): Promise<Reply[]> {
		let replies: Reply[] = [];
		for (let round = 0; round < 3; round++) {
			await startOfSecondWindow();
			replies = await attempt();
			if (new Set(replies.map((reply) => reply.headers['x-ratelimit-reset'])).size === 1) break;
			await new Promise((resolve) => setTimeout(resolve, 1000));
		}
		return replies;
	}

	/** In every window (same X-RateLimit-Reset), the first `limit` requests pass and the rest are 429. */
	function expectFixedWindows(replies: Reply[], limit: number): void {
		const windows = new Map<string, Reply[]>();
		for (const reply of replies) {
			const key = reply.headers['x-ratelimit-reset'];
			windows.set(key, [...(windows.get(key) ?? []), reply]);
		}
		for (const group of windows.values()) {
			const passed = group.filter((reply) => reply.status === 200);
			expect(passed).toHaveLength(Math.min(group.length, limit));
			expect(group.filter((reply) => reply.status === 429)).toHaveLength(
				group.length - passed.length,
			);
			expect(
				passed.map((reply) => Number(reply.headers['x-ratelimit-remaining'])).sort((a, b) => a - b),
			).toEqual(Array.from({ length: passed.length }, (_, i) => limit - passed.length + i));
		}
		for (const reply of replies) expect(reply.headers['x-ratelimit-limit']).toBe(String(limit));
		expect(replies.some((reply) => reply.status === 429)).toBe(true);
	}

	test.each(Object.entries(REQUESTS_PER_SECOND))(
		'plan %s allows %i requests per second per team',
		async (plan, limit) => {
			const credentials = newTeamCredentials();
			sim.setPlan(plan as PlanName, credentials.teamId);
			const replies = await burst(credentials, limit + 3);
			expectFixedWindows(replies, limit);
			const refused = replies.find((reply) => reply.status === 429) as Reply;
			expect(refused.body).toEqual({
				success: false,
				message: expect.stringMatching(/^Too many requests/),
			});
			expect(refused.headers['x-ratelimit-remaining']).toBe('0');
		},
	);

	test('limitHeadersOnRefusalOnly tells X-RateLimit-* with the 429s only', async () => {
		const credentials = newTeamCredentials();
		sim.setPlan(2, credentials.teamId);
		sim.setAnswerModes({ limitHeadersOnRefusalOnly: true });
		try {
			const replies = await burst(credentials, 4);
			const passed = replies.filter((reply) => reply.status === 200);
			const refused = replies.filter((reply) => reply.status === 429);
			expect(passed.length).toBeGreaterThan(0);
			expect(refused.length).toBeGreaterThan(0);
			for (const reply of passed) expect(reply.headers['x-ratelimit-limit']).toBeUndefined();
			for (const reply of refused) expect(reply.headers['x-ratelimit-limit']).toBe('2');
		} finally {
			sim.setAnswerModes({});
		}
	});

	test('a custom number is a custom rate; setPlan without a team applies to every team', async () => {
		const credentials = newTeamCredentials();
		sim.setPlan(3);
		expectFixedWindows(await burst(credentials, 6), 3);
	});

	test('the budget is per team: another team of the same client is not affected', async () => {
		const busy = newTeamCredentials();
		const quiet = newTeamCredentials();
		sim.setPlan('Business Plus');
		const replies = await burst(busy, 8);
		const other = await call('GET', '/api/qr-templates-api', { credentials: quiet });
		expect(replies.some((reply) => reply.status === 429)).toBe(true);
		expect(other.status).toBe(200);
	});

	test("without a team header the client's default team is counted", async () => {
		sim.setPlan(2, sim.credentials.teamId);
		const noTeam = {
			'x-request-client-id': sim.credentials.clientId,
			'x-request-client-secret': sim.credentials.clientSecret,
		};
		const replies = await inOneWindow(async () => [
			await call('GET', '/api/teams-api', { credentials: null, headers: noTeam }),
			await call('GET', '/api/qr-templates-api'),
			await call('GET', '/api/teams-api', { credentials: null, headers: noTeam }),
		]);
		expect(replies.map((reply) => reply.status)).toEqual([200, 200, 429]);
	});

	test('refused requests count against nothing: the next window has the full budget', async () => {
		const credentials = newTeamCredentials();
		sim.setPlan(4, credentials.teamId);
		const first = await burst(credentials, 12);
		expectFixedWindows(first, 4);
		const reset = Math.max(...first.map((reply) => Number(reply.headers['x-ratelimit-reset'])));
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, reset - Date.now()) + 20));
		const next = await Promise.all(
			Array.from({ length: 4 }, () => call('GET', '/api/qr-templates-api', { credentials })),
		);
		expect(next.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
	});

	test('401, 400 and 404 answers carry the headers too', async () => {
		const replies = [
			await call('GET', '/api/qr-templates-api', {
				credentials: { ...sim.credentials, clientSecret: 'wrong' },
			}),
			await call('GET', '/api/qrs-api/v2/teams/?limit=0', { invalidRequest: true }),
			await call('GET', '/api/no-such-thing', { invalidRequest: true }),
		];
		expect(replies.map((reply) => reply.status)).toEqual([401, 400, 404]);
		for (const reply of replies) {
			expect(reply.headers['x-ratelimit-limit']).toBe('200');
			expect(reply.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
			expect(reply.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
		}
	});

	describe('X-RateLimit-Reset formats', () => {
		async function resetHeader(format: ResetFormat): Promise<{ value: string; sentAt: number }> {
			sim.setResetFormat(format);
			const sentAt = Date.now();
			const reply = await call('GET', '/api/qr-templates-api');
			return { value: reply.headers['x-ratelimit-reset'], sentAt };
		}

		test('seconds: whole seconds until the window ends', async () => {
			expect((await resetHeader('seconds')).value).toBe('1');
		});

		test('epochSeconds (the default): the end of the window in Unix seconds', async () => {
			const defaults = await startSimulator();
			try {
				const reply = await contractClient(defaults)('GET', '/api/qr-templates-api');
				const value = Number(reply.headers['x-ratelimit-reset']);
				expect(Number.isInteger(value)).toBe(true);
				expect(value * 1000).toBeGreaterThan(Date.now() - 1000);
				expect(value * 1000).toBeLessThanOrEqual(Date.now() + 1000);
			} finally {
				await defaults.close();
			}
		});

		test('epochMs: the end of the window in Unix milliseconds, on a whole second', async () => {
			const { value, sentAt } = await resetHeader('epochMs');
			expect(Number(value) % 1000).toBe(0);
			expect(Number(value)).toBeGreaterThan(sentAt);
			expect(Number(value)).toBeLessThanOrEqual(Date.now() + 1000);
		});

		test('httpDate: the end of the window as an HTTP date', async () => {
			const { value, sentAt } = await resetHeader('httpDate');
			expect(value).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
			expect(Date.parse(value)).toBeGreaterThan(sentAt - 1000);
			expect(Date.parse(value)).toBeLessThanOrEqual(Date.now() + 1000);
		});

		test('msUntil: milliseconds until the window ends (at most one window), ending on a whole second', async () => {
			const { value, sentAt } = await resetHeader('msUntil');
			const answeredAt = Date.now();
			expect(value).toMatch(/^\d+$/);
			expect(Number(value)).toBeLessThanOrEqual(1000);
			// the window ends on a whole second between sending + value and answering + value
			const ends = Array.from(
				{ length: answeredAt - sentAt + 1 },
				(_, offset) => sentAt + offset + Number(value),
			);
			expect(ends.some((end) => end % 1000 === 0)).toBe(true);
		});

		test('none: no X-RateLimit-Reset at all, the other headers as usual', async () => {
			sim.setResetFormat('none');
			const reply = await call('GET', '/api/qr-templates-api');
			expect(reply.headers['x-ratelimit-reset']).toBeUndefined();
			expect(reply.headers['x-ratelimit-limit']).toBe('200');
			expect(reply.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
		});

		test('none: a refusal carries no reset either (Retry-After only when enabled)', async () => {
			const credentials = newTeamCredentials();
			sim.setPlan(1, credentials.teamId);
			sim.setResetFormat('none');
			const replies = await burst(credentials, 3);
			const refused = replies.find((reply) => reply.status === 429) as Reply;
			expect(refused.headers['x-ratelimit-reset']).toBeUndefined();
			expect(refused.headers['retry-after']).toBeUndefined();
			expect(refused.headers['x-ratelimit-remaining']).toBe('0');
		});
	});

	describe('limit window: minute (60 x the plan rate per minute)', () => {
		test('the limit is 60 x the plan, counted over the minute: a burst beyond the per-second rate passes', async () => {
			const credentials = newTeamCredentials();
			sim.setPlan(2, credentials.teamId);
			sim.setLimitWindow('minute');
			const replies = await inOneWindow(() =>
				Promise.all(
					Array.from({ length: 6 }, () => call('GET', '/api/qr-templates-api', { credentials })),
				),
			);
			expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 200]);
			for (const reply of replies) expect(reply.headers['x-ratelimit-limit']).toBe('120');
			const reset = Number(replies[0].headers['x-ratelimit-reset']);
			expect(reset % 60_000).toBe(0);
			expect(reset - Date.now()).toBeLessThanOrEqual(60_000);
			if (new Set(replies.map((reply) => reply.headers['x-ratelimit-reset'])).size === 1) {
				expect(
					replies
						.map((reply) => Number(reply.headers['x-ratelimit-remaining']))
						.sort((a, b) => b - a),
				).toEqual(
					Array.from(
						{ length: 6 },
						(_, index) =>
							Math.max(...replies.map((reply) => Number(reply.headers['x-ratelimit-remaining']))) -
							index,
					),
				);
			}
		});

		test('beyond 60 x the plan within the minute: 429 naming the minute; seconds format counts down to the minute end', async () => {
			const credentials = newTeamCredentials();
			sim.setPlan(1, credentials.teamId);
			sim.setLimitWindow('minute');
			sim.setResetFormat('seconds');
			const replies: Reply[] = [];
			for (let round = 0; round < 2 && !replies.some((reply) => reply.status === 429); round++) {
				replies.push(
					...(await Promise.all(
						Array.from({ length: 64 }, () => call('GET', '/api/qr-templates-api', { credentials })),
					)),
				);
			}
			const refused = replies.find((reply) => reply.status === 429) as Reply;
			expect(refused.body.message).toMatch(/60 requests per minute/);
			expect(replies.filter((reply) => reply.status === 200).length).toBeGreaterThanOrEqual(60);
			for (const reply of replies) {
				expect(Number(reply.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
				expect(Number(reply.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
			}
		});

		test('setLimitWindow("second") goes back to the plan per second', async () => {
			sim.setLimitWindow('minute');
			expect((await call('GET', '/api/qr-templates-api')).headers['x-ratelimit-limit']).toBe(
				'12000',
			);
			sim.setLimitWindow('second');
			expect((await call('GET', '/api/qr-templates-api')).headers['x-ratelimit-limit']).toBe('200');
		});
	});

	test('Retry-After is sent on 429 only, and only when enabled', async () => {
		const credentials = newTeamCredentials();
		sim.setPlan(1, credentials.teamId);
		const [okReply, plainRefusal, refusal] = await inOneWindow(async () => {
			sim.setRetryAfter(false);
			const first = await call('GET', '/api/qr-templates-api', { credentials });
			const second = await call('GET', '/api/qr-templates-api', { credentials });
			sim.setRetryAfter(true);
			return [first, second, await call('GET', '/api/qr-templates-api', { credentials })];
		});
		expect([okReply.status, plainRefusal.status, refusal.status]).toEqual([200, 429, 429]);
		expect(okReply.headers['retry-after']).toBeUndefined();
		expect(plainRefusal.headers['retry-after']).toBeUndefined();
		expect(refusal.headers['retry-after']).toBe('1');
	});

	describe('simple variant: per minute per key', () => {
		const create = (apiKey: string) =>
			call('POST', '/v1/qr/create', {
				credentials: null,
				headers: { authorization: `Bearer ${apiKey}` },
				body: { destination_url: 'https://example.com' },
			});

		test('Pro (default) is 60 a minute, Agency 300, with the same headers on a one-minute window', async () => {
			const proKey = sim.state.addApiKey(sim.credentials.teamId);
			const pro = await create(proKey);
			expect(pro.headers['x-ratelimit-limit']).toBe('60');
			expect(pro.headers['x-ratelimit-remaining']).toBe('59');
			expect(Number(pro.headers['x-ratelimit-reset']) % 60_000).toBe(0);
			const agencyKey = sim.state.addApiKey(sim.credentials.teamId);
			sim.setSimplePlan('Agency', agencyKey);
			expect((await create(agencyKey)).headers['x-ratelimit-limit']).toBe('300');
		});

		test('beyond the limit within the minute: 429', async () => {
			const key = sim.state.addApiKey(sim.credentials.teamId);
			sim.setSimplePlan(3, key);
			const replies: Reply[] = [];
			for (let i = 0; i < 5; i++) replies.push(await create(key));
			const windows = new Set(replies.map((reply) => reply.headers['x-ratelimit-reset']));
			const statuses = replies.map((reply) => reply.status);
			if (windows.size === 1) expect(statuses).toEqual([200, 200, 200, 429, 429]);
			else expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(3);
			const refused = replies.find((reply) => reply.status === 429);
			if (refused) expect(refused.body.message).toMatch(/per minute/);
		});

		test('dateLagMs writes the Date header that far behind the service clock of the resets', async () => {
			const key = sim.state.addApiKey(sim.credentials.teamId);
			// 10 ms into a second of the service's clock: a Date 20 ms behind it names the second before
			const at = Date.UTC(2027, 0, 15, 8, 0, 0, 10);
			sim.clock.set(at);
			try {
				expect(Date.parse((await create(key)).headers.date)).toBe(at - 10);
				sim.setAnswerModes({ dateLagMs: 20 });
				expect(Date.parse((await create(key)).headers.date)).toBe(at - 1010);
			} finally {
				sim.setAnswerModes({});
				sim.clock.useRealTime();
			}
		});

		test("the answer modes of the headers apply to it too: Retry-After, refusals only, a later reset, the service's clock", async () => {
			const key = sim.state.addApiKey(sim.credentials.teamId);
			sim.setResetFormat('epochSeconds');
			sim.setAnswerModes({
				retryAfterSeconds: 7200,
				limitHeadersOnRefusalOnly: true,
				resetDelaySeconds: 30,
			});
			sim.setChangeDrift({ clockOffsetMs: -3_600_000 });
			const faultId = sim.faults.add({ kind: 'rateLimit', path: '/v1', skip: 1, count: 1 });
			try {
				const passed = await create(key);
				const refused = await create(key);
				expect(passed.status).toBe(200);
				expect(passed.headers['x-ratelimit-limit']).toBeUndefined();
				expect(refused.status).toBe(429);
				expect(refused.headers['retry-after']).toBe('7200');
				// the window's end, 30 s later, on the service's clock (an hour behind the wall clock)
				const reset = Number(refused.headers['x-ratelimit-reset']) * 1000;
				const serviceNow = Date.parse(refused.headers.date);
				expect(reset - serviceNow).toBeGreaterThan(30_000);
				expect(reset - serviceNow).toBeLessThanOrEqual(91_000);
			} finally {
				sim.faults.remove(faultId);
				sim.setAnswerModes({});
				sim.setChangeDrift({ clockOffsetMs: 0 });
			}
		});
	});
});
