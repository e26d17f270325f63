/**
 * The transport with a fake context and queued answers (no sockets, waits cost nothing): envelope, errors, 429
 * and 5xx retries, creates never re-sent blindly, refused retries verified, redirects kept within the origin,
 * the Base URL policy, and network errors that name no secret.
 */
import { NodeApiError } from 'n8n-workflow';

import { nothingWentOut } from '../../../../nodes/shared/outcomeMarks';
import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { fakeContext, ok, refused } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const get = { method: 'GET' as const, path: '/qr-templates-api' };

sleepOnFakeClock();

/** The error a request fails with (the test fails when it succeeds). */
async function failure(request: Promise<unknown>): Promise<NodeApiError> {
	return await request.then(
		() => {
			throw new Error('the request did not fail');
		},
		(error: NodeApiError) => error,
	);
}

describe('answers', () => {
	it('unwraps the envelope and sends header set A through the credential', async () => {
		const { ctx, sent } = fakeContext({ answers: [ok([{ id: 'tpl_1' }])] });

		const response = await qrtracApiRequest(ctx, { ...get, teamId: 'team_override' });

		expect(response.data).toEqual([{ id: 'tpl_1' }]);
		expect(sent).toHaveLength(1);
		expect(sent[0]).toMatchObject({
			method: 'GET',
			url: expect.stringMatching(/\/api\/qr-templates-api$/),
			anonymous: false,
		});
		expect(sent[0].headers['x-request-team-id']).toBe('team_override');
	});

	it('turns a refusal into a NodeApiError with the service message, status and a hint', async () => {
		const { ctx } = fakeContext({ answers: [refused(403, 'Only owners may do that')] });

		const error = await failure(qrtracApiRequest(ctx, { ...get, itemIndex: 2 }));

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error).toMatchObject({ message: 'Only owners may do that', httpCode: '403' });
		expect(error.description).toContain("The API client's role may not do this");
		// the contract's role rules for members are about team and member changes: a template read names none
		expect(error.description).not.toMatch(/member|Owner/);
	});

	it("a 403 of a request whose endpoint declares a role rule names that rule, the path's team none", async () => {
		const remove = { method: 'DELETE' as const, path: '/teams-api/team_1/members/a%40b.c/delete' };
		const ruled = fakeContext({ answers: [refused(403, 'Only owners may do that')] });
		const plain = fakeContext({ answers: [refused(403, 'Only owners may do that')] });

		const withRule = await failure(
			qrtracApiRequest(ruled.ctx, { ...remove, needsRole: 'Owner', itemIndex: 0 }),
		);
		const without = await failure(qrtracApiRequest(plain.ctx, { ...remove, itemIndex: 0 }));

		expect(withRule.description).toContain('Deleting a member completely needs an Owner client');
		expect(without.description).not.toMatch(/Owner/);
	});

	it('reads HTTP 200 with success:false as a failure, unless the caller accepts it', async () => {
		const failing = fakeContext({
			answers: [{ status: 200, body: { success: false, message: 'nope' } }],
		});
		await expect(qrtracApiRequest(failing.ctx, get)).rejects.toThrow('nope');

		const accepting = fakeContext({
			answers: [{ status: 200, body: { success: false, data: 'taken' } }],
		});
		await expect(
			qrtracApiRequest(accepting.ctx, { ...get, acceptUnsuccessful: true }),
		).resolves.toMatchObject({ data: 'taken' });
	});
});

describe('retries', () => {
	it('waits after a 429 and sends again', async () => {
		const { ctx, sent } = fakeContext({
			answers: [refused(429, 'slow down', { 'retry-after': '1' }), ok([])],
		});
		await expect(qrtracApiRequest(ctx, get)).resolves.toMatchObject({ data: [] });
		expect(sent).toHaveLength(2);
	});

	it('retries a GET after a 5xx or a dropped connection', async () => {
		const { ctx, sent } = fakeContext({
			answers: [refused(502, 'bad gateway'), { networkError: 'ECONNRESET' }, ok([])],
		});
		await expect(qrtracApiRequest(ctx, get)).resolves.toMatchObject({ data: [] });
		expect(sent).toHaveLength(3);
	});

	it("waits a 5xx's Retry-After before sending a GET again, never sooner", async () => {
		const sleepMock = jest.requireMock<{ sleep: jest.Mock }>('n8n-workflow').sleep;
		sleepMock.mockClear();
		const { ctx, sent } = fakeContext({
			answers: [refused(503, 'down for maintenance', { 'retry-after': '3' }), ok([])],
		});
		await expect(qrtracApiRequest(ctx, get)).resolves.toMatchObject({ data: [] });
		expect(sent).toHaveLength(2);
		const longest = Math.max(...sleepMock.mock.calls.map(([ms]) => ms as number));
		expect(longest).toBeGreaterThanOrEqual(3000);
		expect(longest).toBeLessThan(3500);
	});

	it('counts the time a retry really waited against Maximum Wait, not the time it planned', async () => {
		// a busy machine: every sleep ends twice as late as asked
		const sleepMock = jest.requireMock<{ sleep: jest.Mock }>('n8n-workflow').sleep;
		sleepMock.mockImplementation(async (ms: number) => {
			jest.setSystemTime(Date.now() + 2 * ms);
		});
		const down = () => refused(503, 'down for maintenance', { 'retry-after': '20' });
		const { ctx, sent } = fakeContext({ answers: [down(), down(), down(), down(), ok([])] });

		const error = await failure(qrtracApiRequest(ctx, get));

		// 20 s planned, 40 s waited, twice: a third wait is over the 60 s (before: 40 s counted, a fourth request)
		expect(sent).toHaveLength(3);
		expect(error.message).toMatch(
			/over this node.s Maximum Wait of 60 s: this request has already waited 80 s$/,
		);
	});

	it('never re-sends a POST whose outcome is unknown, unless it can be checked', async () => {
		const blind = fakeContext({ answers: [refused(500, 'oops')] });
		const error = await failure(
			qrtracApiRequest(blind.ctx, { method: 'POST', path: '/qrs-api', body: {} }),
		);
		expect(error.description).toContain('It was not sent again, so that nothing is created twice');
		expect(blind.sent).toHaveLength(1);
		// an invitation's words are of a mail, not of a record made (before: "nothing is created twice")
		const invite = fakeContext({ answers: [refused(500, 'oops')] });
		const mailed = await failure(
			qrtracApiRequest(invite.ctx, {
				method: 'POST',
				path: '/qrs-api',
				body: {},
				sendsInvitation: true,
			}),
		);
		expect(mailed.description).toContain('It was not sent again, so that nobody is mailed twice');

		const found = fakeContext({ answers: [{ networkError: 'ECONNRESET' }] });
		const recovered = await qrtracApiRequest(found.ctx, {
			method: 'POST',
			path: '/qrs-api',
			body: {},
			verifyUnknownOutcome: async () => ({ id: 'qr_1' }),
		});
		expect(recovered).toMatchObject({ data: { id: 'qr_1' }, recovered: true });
		expect(found.sent).toHaveLength(1);

		const absent = fakeContext({ answers: [{ networkError: 'ECONNRESET' }, ok({ id: 'qr_2' })] });
		const resent = await qrtracApiRequest(absent.ctx, {
			method: 'POST',
			path: '/qrs-api',
			body: {},
			verifyUnknownOutcome: async () => null,
		});
		expect(resent).toMatchObject({ data: { id: 'qr_2' } });
		expect(absent.sent).toHaveLength(2);
	});

	it('verifies a retry refused after a lost answer: done when the state is as asked, refused otherwise', async () => {
		const done = fakeContext({ answers: [refused(500, 'lost'), refused(400, 'already paused')] });
		const verified = await qrtracApiRequest(done.ctx, {
			method: 'PUT',
			path: '/x/pause',
			verifyAfterRefusal: async () => ({ state: 'paused' }),
		});
		expect(verified).toMatchObject({
			verifiedAfterUnknownOutcome: true,
			data: { state: 'paused' },
		});

		const stands = fakeContext({
			answers: [refused(500, 'lost'), refused(400, 'no other active team')],
		});
		const error = await failure(
			qrtracApiRequest(stands.ctx, {
				method: 'PUT',
				path: '/x/pause',
				verifyAfterRefusal: async () => undefined,
			}),
		);
		expect(error).toMatchObject({ message: 'no other active team', httpCode: '400' });

		const plain = fakeContext({ answers: [refused(400, 'already paused')] });
		const check = jest.fn(async () => ({ state: 'paused' }));
		await expect(
			qrtracApiRequest(plain.ctx, { method: 'PUT', path: '/x/pause', verifyAfterRefusal: check }),
		).rejects.toThrow('already paused');
		expect(check).not.toHaveBeenCalled();
	});
});

describe('a failure that surely did nothing', () => {
	// Resend Invite sends a person's next row only after such a failure: any other may have mailed them.
	const resend = {
		method: 'GET' as const,
		path: '/teams-api/resend/invite/a%40b.c',
		hasSideEffects: true,
	};
	type Answers = Parameters<typeof fakeContext>[0];

	it.each<[string, Answers]>([
		['a refusal (400)', { answers: [refused(400, 'Invitation already accepted')] }],
		[
			'a 429 whose wait is past Maximum Wait',
			{ answers: [refused(429, 'slow', { 'retry-after': '7200' })] },
		],
		[
			'a 429, then a refusal',
			{ answers: [refused(429, 'slow', { 'retry-after': '1' }), refused(400, 'no')] },
		],
		['values missing before any request', { credentials: { clientSecret: ' ' }, answers: [] }],
	])('is marked so after %s', async (_case, answers) => {
		const error = await failure(qrtracApiRequest(fakeContext(answers).ctx, resend));
		expect(nothingWentOut(error)).toBe(true);
	});

	it.each<[string, Answers]>([
		[
			'a 200 saying success: false',
			{ answers: [{ status: 200, body: { success: false, message: 'nope' } }] },
		],
		['a 5xx', { answers: [refused(502, 'bad gateway')] }],
		['a dropped connection', { answers: [{ networkError: 'ECONNRESET' }] }],
		[
			'an answer too large to read',
			{ answers: [{ status: 200, headers: { 'content-length': String(2 ** 30) }, body: '{}' }] },
		],
		[
			'a redirect followed to a refusal',
			{
				answers: (request) =>
					request.url.endsWith('/elsewhere')
						? refused(404, 'Cannot GET /elsewhere')
						: { status: 303, headers: { location: '/elsewhere' } },
			},
		],
	])('is not marked so after %s: the request may have been carried out', async (_case, answers) => {
		const error = await failure(qrtracApiRequest(fakeContext(answers).ctx, resend));
		expect(nothingWentOut(error)).toBe(false);
	});

	it('a refusal of a retry after a 5xx is not marked: the first attempt may have done it', async () => {
		const { ctx, sent } = fakeContext({ answers: [refused(502, 'lost'), refused(400, 'no')] });
		const error = await failure(qrtracApiRequest(ctx, { method: 'PUT', path: '/x/pause' }));
		expect(sent).toHaveLength(2);
		expect(nothingWentOut(error)).toBe(false);
	});
});

describe('redirects', () => {
	it('follows a redirect within the origin, keeping method and body for 307', async () => {
		const { ctx, sent } = fakeContext({
			answers: (request) =>
				request.url.endsWith('/moved')
					? ok({ id: 'qr_1' })
					: { status: 307, headers: { location: '/api/moved' } },
		});

		await expect(
			qrtracApiRequest(ctx, { method: 'POST', path: '/qrs-api', body: { name: 'a' } }),
		).resolves.toMatchObject({ data: { id: 'qr_1' } });
		expect(
			sent.map((request) => [request.method, new URL(request.url).pathname, request.body]),
		).toEqual([
			['POST', '/api/qrs-api', { name: 'a' }],
			['POST', '/api/moved', { name: 'a' }],
		]);
	});

	it('refuses a redirect to another origin, naming it, without sending anything there', async () => {
		const { ctx, sent } = fakeContext({
			answers: [{ status: 302, headers: { location: 'https://elsewhere.example:8443/steal' } }],
		});

		await expect(qrtracApiRequest(ctx, get)).rejects.toThrow(
			'another host (https://elsewhere.example:8443)',
		);
		expect(sent).toHaveLength(1);
	});

	it('refuses a 301/302/303 of a write, which would turn into a GET', async () => {
		const { ctx } = fakeContext({
			answers: [{ status: 302, headers: { location: '/api/elsewhere' } }],
		});
		await expect(
			qrtracApiRequest(ctx, { method: 'PUT', path: '/qrs-api/qr_1', body: {} }),
		).rejects.toThrow('would turn it into a GET');
	});

	it('takes a 303 of a POST as an unknown outcome (it may have been done), not sent again', async () => {
		const { ctx, sent } = fakeContext({
			answers: [{ status: 303, headers: { location: '/api/qrs-api/qr_9' } }],
		});
		const error = await failure(
			qrtracApiRequest(ctx, { method: 'POST', path: '/qrs-api', body: { name: 'a' } }),
		);
		expect(error.description).toContain('The outcome of this POST is unknown (HTTP 303');
		expect(sent).toHaveLength(1);
	});

	it('sends a redirected POST once when a look-up finds nothing made: the redirect would come again', async () => {
		const { ctx, sent } = fakeContext({
			answers: () => ({
				status: 301,
				headers: { location: 'https://elsewhere.example/api/qrs-api' },
			}),
		});
		let lookUps = 0;
		const error = await failure(
			qrtracApiRequest(ctx, {
				method: 'POST',
				path: '/qrs-api',
				body: { name: 'a', displayId: 'redir-1' },
				verifyUnknownOutcome: async () => {
					lookUps += 1;
					return null;
				},
			}),
		);

		expect(sent).toHaveLength(1);
		expect(lookUps).toBe(1);
		expect(error.description).toContain('nothing was made; the redirect is not followed');
	});
});

describe('the Base URL policy and secrets', () => {
	it('refuses http:// to another machine before any request', async () => {
		const { ctx, sent } = fakeContext({
			credentials: { baseUrl: 'http://api.qrtrac.com' },
			answers: [],
		});
		await expect(qrtracApiRequest(ctx, get)).rejects.toThrow('must start with https://');
		expect(sent).toHaveLength(0);
	});

	it('accepts http:// for 127.0.0.1, localhost and [::1]', async () => {
		for (const baseUrl of [
			'http://127.0.0.1:5000',
			'http://localhost:5000/',
			'http://[::1]:5000',
		]) {
			const { ctx, sent } = fakeContext({ credentials: { baseUrl }, answers: [ok([])] });
			await qrtracApiRequest(ctx, get);
			expect(sent[0].url.startsWith(baseUrl.replace(/\/$/, ''))).toBe(true);
		}
	});

	it('reports a dropped connection without the network code in the message, and without any secret', async () => {
		const { ctx } = fakeContext({
			answers: [{ networkError: 'ECONNRESET' }],
			credentials: { clientSecret: 'very-secret-value' },
		});
		const error = await failure(
			qrtracApiRequest(ctx, { method: 'POST', path: '/qrs-api', body: {} }),
		);
		expect(error.message).toBe(
			'QRTRAC could not be reached: the connection was dropped before an answer came',
		);
		expect(error.description).toContain('ECONNRESET');
		expect(JSON.stringify(error)).not.toContain('very-secret-value');
	});

	it('a read that gave up on network failures names the last network code in the description', async () => {
		const { ctx, sent } = fakeContext({
			answers: Array.from({ length: 6 }, () => ({ networkError: 'ECONNREFUSED' })),
		});
		const error = await failure(qrtracApiRequest(ctx, { ...get, itemIndex: 2 }));
		expect(sent).toHaveLength(6);
		expect(error.message).toBe(
			'QRTRAC could not be reached: the connection was dropped before an answer came',
		);
		expect(error.description).toMatch(
			/^Gave up after 6 attempts .*\. Network code: ECONNREFUSED\. No readable answer came from QRTRAC\. /,
		);
		expect(error.context.itemIndex).toBe(2);
	});
});

describe('issue 22: bounded waits, service text, unconfirmed successes, missing values', () => {
	const sleepMock = jest.requireMock<{ sleep: jest.Mock }>('n8n-workflow').sleep;

	it('a 429 asking for 7,200 s fails at once after one request, naming the wait, without sleeping it', async () => {
		sleepMock.mockClear();
		const { ctx, sent } = fakeContext({
			answers: [refused(429, 'slow down', { 'retry-after': '7200' })],
		});
		const error = await failure(qrtracApiRequest(ctx, { ...get, itemIndex: 3 }));
		expect(error.message).toMatch(
			/^QRTRAC asked to wait 7,200 s \(until .+Z by n8n's clock\); that is over this node's Maximum Wait of 60 s$/,
		);
		expect(error).toMatchObject({ httpCode: '429' });
		expect(sent).toHaveLength(1);
		expect(sleepMock.mock.calls.every(([ms]) => ms < 60_000)).toBe(true);
	});

	it('a 503 asking for 7,200 s fails at once like a 429 does: the request, the told wait, Maximum Wait', async () => {
		sleepMock.mockClear();
		for (const status of [429, 503]) {
			const { ctx, sent } = fakeContext({
				answers: () => refused(status, 'down for maintenance', { 'retry-after': '7200' }),
			});
			const error = await failure(qrtracApiRequest(ctx, get));
			expect(error.message).toMatch(
				/^QRTRAC asked to wait 7,200 s \(until .+Z by n8n's clock\); that is over this node's Maximum Wait of 60 s$/,
			);
			expect(error).toMatchObject({ httpCode: String(status) });
			expect(error.description).toMatch(
				new RegExp(
					`^While sending GET /api/qr-templates-api\\. QRTRAC answered HTTP ${status}: down for maintenance\\. `,
				),
			);
			expect(error.description).not.toMatch(/retried/);
			expect(sent).toHaveLength(1);
		}
		expect(sleepMock.mock.calls.every(([ms]) => ms < 60_000)).toBe(true);
	});

	it('names the request in a wait refused over Maximum Wait and in a 429 given up', async () => {
		const told = fakeContext({ answers: [refused(429, 'slow down', { 'retry-after': '7200' })] });
		const tooLong = await failure(qrtracApiRequest(told.ctx, get));
		expect(tooLong.description).toMatch(/^While sending GET \/api\/qr-templates-api\. /);

		const storm = fakeContext({ answers: () => refused(429, 'slow down', { 'retry-after': '0' }) });
		const gaveUp = await failure(qrtracApiRequest(storm.ctx, get));
		expect(gaveUp.description).toMatch(
			/^Gave up after 30 attempts of GET \/api\/qr-templates-api: all 30 attempts were used\./,
		);
	});

	it('Maximum Wait comes from the credential; absent (a saved credential) it is 60 s', async () => {
		// The told wait is slept on the fake clock (see beforeEach), so that the limiter sees it pass.
		const within = fakeContext({
			credentials: { maxWaitSeconds: 120 },
			answers: [refused(429, 'slow down', { 'retry-after': '90' }), ok([])],
		});
		await expect(qrtracApiRequest(within.ctx, get)).resolves.toMatchObject({ data: [] });
		expect(Math.max(...sleepMock.mock.calls.map(([ms]) => ms as number))).toBeGreaterThanOrEqual(
			90_000,
		);
		const absent = fakeContext({
			answers: [refused(429, 'slow down', { 'retry-after': '90' })],
		});
		await expect(qrtracApiRequest(absent.ctx, get)).rejects.toThrow('Maximum Wait of 60 s');
	});

	it('the service message is redacted of the secrets before it reaches the error', async () => {
		const secret = 'sk_live_SECRET_unit_1234';
		const { ctx } = fakeContext({
			credentials: { clientSecret: secret },
			answers: [refused(400, `bad x-request-client-secret ${encodeURIComponent(secret)}`)],
		});
		const error = await failure(qrtracApiRequest(ctx, get));
		expect(error.message).toBe('bad x-request-client-secret [redacted]');
		expect(JSON.stringify(error)).not.toContain('sk_live');
	});

	it('a 2xx without "success" or "data" is checked with the state read, never taken as done', async () => {
		const checked = fakeContext({ answers: [{ status: 200, body: {} }] });
		const verified = await qrtracApiRequest(checked.ctx, {
			method: 'PUT',
			path: '/teams-api/t1',
			body: { name: 'n' },
			verifyAfterRefusal: async () => ({ id: 't1', name: 'n' }),
		});
		expect(verified).toMatchObject({ data: { name: 'n' }, verifiedAfterUnknownOutcome: true });

		const unchecked = fakeContext({
			answers: Array.from({ length: 6 }, () => ({ status: 200, body: {} })),
		});
		await expect(
			qrtracApiRequest(unchecked.ctx, { method: 'PUT', path: '/x', body: {} }),
		).rejects.toThrow('without saying whether it succeeded');
	});

	it('a blank API key is named before anything is sent', async () => {
		const { ctx, sent } = fakeContext({ credentials: { apiKey: '  ' }, answers: [] });
		await expect(
			qrtracApiRequest(ctx, { method: 'POST', path: '/qr/create', api: 'simple', body: {} }),
		).rejects.toThrow('QRTRAC credential is missing: API Key (Simple Interface)');
		expect(sent).toHaveLength(0);
	});

	it('refuses http:// to a name under .localhost', async () => {
		const { ctx, sent } = fakeContext({
			credentials: { baseUrl: 'http://qrtrac.localhost:5000' },
			answers: [],
		});
		await expect(qrtracApiRequest(ctx, get)).rejects.toThrow('must start with https://');
		expect(sent).toHaveLength(0);
	});
});
