/**
 * Issue 22, point 3: no wait without an end. Through n8n-core's engine against the simulator over real sockets:
 * a 429 with `Retry-After: 7200`, a used-up budget whose reset is two hours away, and an answer whose body
 * trickles in one byte a second. Each must fail its items promptly with an error that says why (the service's
 * wait and until when, or the Request Timeout), never hold the execution; a told wait within the credential's
 * Maximum Wait is still waited out.
 */
import { randomBytes } from 'node:crypto';

import { runNode, type RunNodeResult } from '../../../support/n8nHarness';
import { recordFigures } from '../../../support/reliability/figures';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilityCredentials,
	type ReliabilitySimulator,
} from '../../../support/reliability/reliabilityTeam';

jest.setTimeout(60_000);

let env: ReliabilitySimulator;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
	env = await startReliabilitySimulator();
});

afterAll(async () => {
	recordFigures('boundedWaits', figures);
	await env?.sim.close();
});

beforeEach(() => {
	env.sim.faults.clear();
	env.sim.setAnswerModes({});
	env.sim.clearRequestLog();
});

const ROWS = 5;

function createRows(tag: string) {
	return Array.from({ length: ROWS }, (_, index) => ({ marker: `bw-${tag}-${index}` }));
}

const createParameters = {
	resource: 'qrCode',
	operation: 'create',
	qrType: 'WEB',
	name: '={{ $json.marker }}',
	qrRedirectUrl: '={{ "https://example.com/bw/" + $json.marker }}',
};

async function timed(run: Promise<RunNodeResult>): Promise<{ result: RunNodeResult; ms: number }> {
	const started = Date.now();
	const result = await run;
	return { result, ms: Date.now() - started };
}

/** The credential with its Maximum Wait set (a field the harness passes through as stored). */
function withMaxWait(credentials: ReliabilityCredentials, seconds: number): ReliabilityCredentials {
	const withWait: ReliabilityCredentials & { maxWaitSeconds: number } = {
		...credentials,
		maxWaitSeconds: seconds,
	};
	return withWait;
}

function errorsOf(result: RunNodeResult): string[] {
	return result.items.map((item) => String(item.json.error ?? ''));
}

describe('a wait the service asks for beyond Maximum Wait fails at once', () => {
	it('429 with Retry-After: 7200: every item fails within seconds, naming the wait and its end', async () => {
		const team = createReliabilityTeam(env, `bw-retry-${randomBytes(3).toString('hex')}`, {
			ratePerSecond: 5,
		});
		env.sim.setAnswerModes({ retryAfterSeconds: 7200 });
		env.sim.faults.add({ kind: 'rateLimit', method: 'POST', path: '/api/qrs-api', count: 1 });

		const { result, ms } = await timed(
			runNode({
				nodeType: 'qrtrac',
				credentials: team.credentials,
				parameters: createParameters,
				items: createRows('retry'),
				continueOnFail: true,
			}),
		);

		const errors = errorsOf(result);
		expect(errors).toHaveLength(ROWS);
		for (const error of errors)
			expect(error).toMatch(
				/^QRTRAC asked to wait 7,\d{3} s \(until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ by its clock\); that is over this node's Maximum Wait of 60 s(: this request has already waited [\d.,]+ s)?$/,
			);
		for (const item of result.items)
			expect(String(item.json.description)).toMatch(
				/^While sending Create QR Code \(POST \/api\/qrs-api\)\. /,
			);
		const posts = env.sim.requestLog.filter((entry) => entry.method === 'POST');
		expect(posts).toHaveLength(1);
		expect(ms).toBeLessThan(5_000);
		figures.retryAfter7200 = { rows: ROWS, failed: errors.length, requests: posts.length, ms };
	});

	it('remaining 0 with a reset two hours away (no Retry-After): every item fails within seconds', async () => {
		const team = createReliabilityTeam(env, `bw-reset-${randomBytes(3).toString('hex')}`, {
			ratePerSecond: 5,
		});
		env.sim.setAnswerModes({ resetDelaySeconds: 7200 });
		env.sim.faults.add({ kind: 'rateLimit', method: 'POST', path: '/api/qrs-api', count: 1 });

		const { result, ms } = await timed(
			runNode({
				nodeType: 'qrtrac',
				credentials: team.credentials,
				parameters: createParameters,
				items: createRows('reset'),
				continueOnFail: true,
			}),
		);

		const errors = errorsOf(result);
		expect(errors).toHaveLength(ROWS);
		for (const error of errors) expect(error).toMatch(/^QRTRAC asked to wait 7,\d{3} s \(until /);
		const posts = env.sim.requestLog.filter((entry) => entry.method === 'POST');
		expect(posts).toHaveLength(1);
		expect(ms).toBeLessThan(5_000);
		figures.farReset = { rows: ROWS, failed: errors.length, requests: posts.length, ms };
	});

	it('a told wait within Maximum Wait is waited out: Retry-After 3 under a Maximum Wait of 10 s', async () => {
		const team = createReliabilityTeam(env, `bw-short-${randomBytes(3).toString('hex')}`, {
			ratePerSecond: 5,
		});
		env.sim.setAnswerModes({ retryAfterSeconds: 3 });
		env.sim.faults.add({ kind: 'rateLimit', method: 'POST', path: '/api/qrs-api', count: 1 });

		const { result, ms } = await timed(
			runNode({
				nodeType: 'qrtrac',
				credentials: withMaxWait(team.credentials, 10),
				parameters: createParameters,
				items: createRows('short'),
				continueOnFail: true,
			}),
		);

		expect(errorsOf(result).filter(Boolean)).toEqual([]);
		expect(env.sim.state.listQrs(team.teamId)).toHaveLength(ROWS);
		expect(ms).toBeGreaterThanOrEqual(3_000);
		figures.retryAfter3 = { rows: ROWS, failed: 0, ms };
	});

	it('a 3 s penalty told as X-RateLimit-Reset in seconds is waited out under a Maximum Wait of 10 s', async () => {
		const team = createReliabilityTeam(env, `bw-penalty-${randomBytes(3).toString('hex')}`, {
			ratePerSecond: 5,
		});
		// "Reset: 3" or "4" (seconds until the window ends) on a one-second window, 429s for 3 s: the retries must
		// last the penalty out rather than use up their attempts within it.
		env.sim.setResetFormat('seconds');
		env.sim.setAnswerModes({ resetDelaySeconds: 3 });
		env.sim.faults.add({ kind: 'rateLimit', method: 'POST', path: '/api/qrs-api', forMs: 3_000 });

		try {
			const { result, ms } = await timed(
				runNode({
					nodeType: 'qrtrac',
					credentials: withMaxWait(team.credentials, 10),
					parameters: createParameters,
					items: createRows('penalty'),
					continueOnFail: true,
				}),
			);

			expect(errorsOf(result).filter(Boolean)).toEqual([]);
			expect(env.sim.state.listQrs(team.teamId)).toHaveLength(ROWS);
			expect(ms).toBeGreaterThanOrEqual(3_000);
			figures.penaltyResetSeconds = { rows: ROWS, failed: 0, ms };
		} finally {
			env.sim.setResetFormat('epochSeconds');
		}
	});

	it('a read answered 503 with Retry-After: 3 is sent again after the told 3 s, not before', async () => {
		const team = createReliabilityTeam(env, `bw-503-${randomBytes(3).toString('hex')}`, {
			ratePerSecond: 5,
		});
		const path = '/api/qr-templates-api';
		env.sim.faults.add({
			kind: 'status',
			status: 503,
			message: 'Down for maintenance',
			retryAfterSeconds: 3,
			method: 'GET',
			path,
			forMs: 3_000,
		});

		const { result } = await timed(
			runNode({
				nodeType: 'qrtrac',
				credentials: team.credentials,
				parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
			}),
		);

		expect(result.error).toBeUndefined();
		const reads = env.sim.requestLog.filter((entry) => entry.path === path);
		expect(reads.map((entry) => entry.status)).toEqual([503, 200]);
		expect(reads[1].startedAt - reads[0].startedAt).toBeGreaterThanOrEqual(2_900);
	});

	it('a read answered 503 with Retry-After: 7200 fails at once, worded as the 429: request, wait, Maximum Wait', async () => {
		const team = createReliabilityTeam(env, `bw-503-long-${randomBytes(3).toString('hex')}`, {
			ratePerSecond: 5,
		});
		const path = '/api/qr-templates-api';
		env.sim.faults.add({
			kind: 'status',
			status: 503,
			message: 'Down for maintenance',
			retryAfterSeconds: 7200,
			method: 'GET',
			path,
		});

		const { result, ms } = await timed(
			runNode({
				nodeType: 'qrtrac',
				credentials: team.credentials,
				parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
				continueOnFail: true,
			}),
		);

		expect(errorsOf(result)).toEqual([
			expect.stringMatching(
				/^QRTRAC asked to wait 7,\d{3} s \(until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ by its clock\); that is over this node's Maximum Wait of 60 s(: this request has already waited [\d.,]+ s)?$/,
			),
		]);
		const description = String(result.items[0].json.description);
		expect(description).toMatch(
			/^While sending Get Design Templates \(GET \/api\/qr-templates-api\)\. QRTRAC answered HTTP 503: Down for maintenance\. /,
		);
		expect(description).not.toMatch(/retried/);
		expect(env.sim.requestLog.filter((entry) => entry.path === path)).toHaveLength(1);
		expect(ms).toBeLessThan(5_000);
	});

	it('the same Retry-After 3 under a Maximum Wait of 2 s fails at once', async () => {
		const team = createReliabilityTeam(env, `bw-low-${randomBytes(3).toString('hex')}`, {
			ratePerSecond: 5,
		});
		env.sim.setAnswerModes({ retryAfterSeconds: 3 });
		env.sim.faults.add({ kind: 'rateLimit', method: 'POST', path: '/api/qrs-api', count: 1 });

		const { result, ms } = await timed(
			runNode({
				nodeType: 'qrtrac',
				credentials: withMaxWait(team.credentials, 2),
				parameters: createParameters,
				items: createRows('low'),
			}),
		);

		expect(result.error?.message).toMatch(
			/^QRTRAC asked to wait 3 s \(until .*\); that is over this node's Maximum Wait of 2 s(: this request has already waited [\d.,]+ s)?$/,
		);
		expect(ms).toBeLessThan(2_000);
	});
});

describe('a send slot past Maximum Wait fails at once, not after it', () => {
	const SLOT_TOO_FAR =
		/^QRTRAC's rate limit leaves no request slot before \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ by n8n's clock \(\d+ s from now\); that is over this node's Maximum Wait of \d+ s(: this request has already waited [\d.,]+ s)?$/;

	/** Three links on a v1 key whose minute another client used 57 of 60 of, run with Maximum Wait `seconds`. */
	async function linksAfterOthersMinute(seconds: number) {
		const team = createReliabilityTeam(env, `bw-slot-${randomBytes(3).toString('hex')}`, {
			ratePerSecond: 5,
		});
		// Another client of the same key spends 57 of the minute's 60; exact resets (epoch ms) told 25 s beyond the
		// minute's real end, so the node's next slot past that reset lies at least 25 s ahead whatever the second.
		env.sim.setResetFormat('epochMs');
		env.sim.setAnswerModes({ resetDelaySeconds: 25 });
		const leftInMinuteMs = 60_000 - (Date.now() % 60_000);
		if (leftInMinuteMs < 5_000)
			await new Promise((resolve) => setTimeout(resolve, leftInMinuteMs + 50));
		try {
			for (let other = 0; other < 57; other++)
				await fetch(`${env.sim.url}/v1/qr/create`, {
					method: 'POST',
					headers: { authorization: `Bearer ${team.credentials.apiKey}` },
				});
			env.sim.clearRequestLog();

			const { result, ms } = await timed(
				runNode({
					nodeType: 'qrtrac',
					credentials: withMaxWait(team.credentials, seconds),
					parameters: {
						resource: 'dynamicLink',
						operation: 'create',
						destinationUrl: '={{ $json.url }}',
					},
					items: [0, 1, 2].map((index) => ({ url: `https://example.com/bw/slot-${index}` })),
					continueOnFail: true,
				}),
			);
			const posts = env.sim.requestLog.filter((entry) => entry.method === 'POST').length;
			const descriptions = result.items.map((item) => String(item.json.description ?? ''));
			return { errors: errorsOf(result), descriptions, ms, posts };
		} finally {
			env.sim.setResetFormat('epochSeconds');
		}
	}

	it("the simple interface's minute nearly used up by another client: the next link fails at once, naming the wait", async () => {
		const { errors, descriptions, ms, posts } = await linksAfterOthersMinute(3);

		expect(errors[0]).toBe('');
		expect(errors[1]).toMatch(SLOT_TOO_FAR);
		expect(errors[1]).toMatch(/Maximum Wait of 3 s(: this request has already waited [\d.,]+ s)?$/);
		expect(errors[2]).toMatch(SLOT_TOO_FAR);
		// the key's limit, used by another client: not the team's, nor this n8n's other executions
		expect(descriptions[1]).toContain(
			"QRTRAC's answers show the rest of this API key's rate-limit window used",
		);
		expect(descriptions[1]).not.toMatch(/team/);
		expect(posts).toBe(1);
		expect(ms).toBeLessThan(10_000);
	}, 120_000);

	it('the links after it fail the same way at once: the slot given back is not a line to nap in', async () => {
		// Maximum Wait 20 s: the slot after the reset lies at least 25 s away; a nap in line is a quarter minute
		const { errors, ms, posts } = await linksAfterOthersMinute(20);

		expect(errors[0]).toBe('');
		expect(errors[1]).toMatch(SLOT_TOO_FAR);
		expect(errors[2]).toMatch(SLOT_TOO_FAR);
		expect(posts).toBe(1);
		// before: the third link napped a quarter of the minute (15 s) in line, then failed on the line's wait
		expect(ms).toBeLessThan(10_000);
	}, 120_000);
});

describe("a request in line behind QRTRAC's slow first answer", () => {
	it("one execution's own items fail past Maximum Wait naming the slow first answer, not other executions", async () => {
		// a plan of 10/s: five items in flight; the first create answered after 3 s, Maximum Wait 1 s
		const team = createReliabilityTeam(env, `bw-first-${randomBytes(3).toString('hex')}`, {
			ratePerSecond: 10,
		});
		env.sim.faults.add({
			kind: 'stall',
			method: 'POST',
			path: '/api/qrs-api',
			count: 1,
			delayMs: 3000,
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: withMaxWait(team.credentials, 1),
			parameters: createParameters,
			items: createRows('first'),
			continueOnFail: true,
		});

		const failed = result.items.filter((item) => typeof item.json.error === 'string');
		expect(failed.length).toBeGreaterThan(0);
		for (const item of failed) {
			expect(item.json.error).toMatch(/QRTRAC's first answer is awaited/);
			expect(item.json.description).toContain(
				"QRTRAC has not answered the request sent ahead of it on the team's rate limit yet",
			);
			expect(item.json.description).not.toMatch(/Other executions/);
		}
	});
});

describe('the Request Timeout covers the whole answer, body included', () => {
	it('a body trickling one byte a second fails after the 3 s timeout, not after the body', async () => {
		const team = createReliabilityTeam(env, `bw-trickle-${randomBytes(3).toString('hex')}`, {
			ratePerSecond: 5,
			timeoutSeconds: 3,
		});
		env.sim.setAnswerModes({ trickleMs: 1000 });

		const { result, ms } = await timed(
			runNode({
				nodeType: 'qrtrac',
				credentials: team.credentials,
				parameters: createParameters,
				items: createRows('trickle').slice(0, 1),
				continueOnFail: true,
			}),
		);

		const [error] = errorsOf(result);
		expect(error).toBe("QRTRAC's answer did not arrive in full within the Request Timeout of 3 s");
		expect(ms).toBeGreaterThanOrEqual(3_000);
		expect(ms).toBeLessThan(6_000);
		figures.trickle = { timeoutSeconds: 3, ms };
	});
});
