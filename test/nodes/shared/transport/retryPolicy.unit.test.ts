import type { FailureKind, RetryInput, RetryPolicy } from '../../../../nodes/shared/retryPolicy';
import {
	backoffCapMs,
	classifyFailure,
	decideRetry,
	defaultRetryPolicy,
	isIdempotentMethod,
} from '../../../../nodes/shared/retryPolicy';

const ALMOST_ONE = () => 0.999_999;
const ZERO = () => 0;

function input(overrides: Partial<RetryInput>): RetryInput {
	return {
		attempt: 1,
		method: 'GET',
		kind: 'serverError',
		waitedSoFarMs: 0,
		random: ALMOST_ONE,
		...overrides,
	};
}

describe('classifyFailure', () => {
	it.each<[number, FailureKind]>([
		[429, 'rateLimited'],
		[500, 'serverError'],
		[502, 'serverError'],
		[503, 'serverError'],
		[504, 'serverError'],
		[408, 'timeout'],
		[400, 'clientError'],
		[401, 'clientError'],
		[403, 'clientError'],
		[404, 'clientError'],
		[200, 'malformedResponse'],
		[201, 'malformedResponse'],
	])('maps HTTP %i to %s', (status, kind) => {
		expect(classifyFailure(status, undefined)).toBe(kind);
	});

	it.each<[string | undefined, FailureKind]>([
		['ETIMEDOUT', 'timeout'],
		['ESOCKETTIMEDOUT', 'timeout'],
		['ECONNABORTED', 'timeout'],
		['UND_ERR_HEADERS_TIMEOUT', 'timeout'],
		['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
		['ECONNRESET', 'connectionReset'],
		['EPIPE', 'connectionReset'],
		['UND_ERR_SOCKET', 'connectionReset'],
		['ECONNREFUSED', 'connectionReset'],
		['ERR_INVALID_JSON', 'malformedResponse'],
		['SOMETHING_NEW', 'connectionReset'],
		[undefined, 'connectionReset'],
	])('maps the error code %p (no answer) to %s', (code, kind) => {
		expect(classifyFailure(undefined, code)).toBe(kind);
	});

	it('trusts the status over the error code when an answer came', () => {
		expect(classifyFailure(503, 'ECONNRESET')).toBe('serverError');
	});
});

describe('isIdempotentMethod', () => {
	it.each(['GET', 'get', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])(
		'%s is idempotent',
		(method) => {
			expect(isIdempotentMethod(method)).toBe(true);
		},
	);

	it.each(['POST', 'post', 'CONNECT', ''])('%p is not', (method) => {
		expect(isIdempotentMethod(method)).toBe(false);
	});
});

describe('decideRetry', () => {
	describe('429', () => {
		it.each(['GET', 'POST', 'PUT', 'DELETE'])(
			'retries %s after the told wait plus at most 100 ms of jitter',
			(method) => {
				const earliest = decideRetry(
					input({ method, kind: 'rateLimited', status: 429, retryAfterMs: 700, random: ZERO }),
				);
				const latest = decideRetry(
					input({ method, kind: 'rateLimited', status: 429, retryAfterMs: 700 }),
				);
				expect(earliest).toEqual({ retry: true, delayMs: 700 });
				expect(latest).toEqual({ retry: true, delayMs: 800 });
			},
		);

		it('falls back to exponential backoff when the service told no wait', () => {
			const decision = decideRetry(
				input({ method: 'POST', kind: 'rateLimited', status: 429, attempt: 3 }),
			);
			expect(decision).toEqual({ retry: true, delayMs: backoffCapMs(3) });
		});

		it('refuses when the told wait would break the total wait bound, and says so', () => {
			const decision = decideRetry(
				input({
					kind: 'rateLimited',
					status: 429,
					retryAfterMs: 5000,
					waitedSoFarMs: 56_000,
					random: ZERO,
				}),
			);
			expect(decision.retry).toBe(false);
			expect(!decision.retry && decision.reason).toMatch(/pass this node's Maximum Wait of 60 s/);
			expect(!decision.retry && decision.reason).toMatch(/another 5 s after 56 s already waited/);
		});
	});

	describe('unknown outcomes (5xx, timeout, reset, malformed answer)', () => {
		const kinds: FailureKind[] = ['serverError', 'timeout', 'connectionReset', 'malformedResponse'];

		it.each(kinds)('retries %s for every idempotent method', (kind) => {
			for (const method of ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE']) {
				const decision = decideRetry(input({ method, kind }));
				expect(decision).toEqual({ retry: true, delayMs: defaultRetryPolicy.baseDelayMs });
			}
		});

		it('never sends again an answer off the contract that would come again, for any method', () => {
			for (const method of ['GET', 'PUT', 'POST']) {
				const decision = decideRetry(
					input({ method, kind: 'malformedResponse', sameIfSentAgain: true }),
				);
				expect(decision).toEqual({
					retry: false,
					reason: 'the answer is off the contract, and sending it again would get the same answer',
				});
			}
		});

		it.each(kinds)('never retries %s for POST, and explains why', (kind) => {
			const decision = decideRetry(
				input({ method: 'POST', kind, status: kind === 'serverError' ? 502 : undefined }),
			);
			expect(decision.retry).toBe(false);
			expect(!decision.retry && decision.reason).toMatch(/POST is not idempotent/);
			expect(!decision.retry && decision.reason).toMatch(/nothing is created twice/);
		});

		it('refuses a told wait beyond the total wait bound as told, for a 429 and a readable 5xx alike', () => {
			const told = { retryAfterMs: 7_200_000, random: ZERO };
			for (const refusal of [
				input({ ...told, kind: 'rateLimited', status: 429 }),
				input({ ...told, kind: 'serverError', status: 503 }),
			])
				expect(decideRetry(refusal)).toMatchObject({ retry: false, toldWaitMs: 7_200_000 });
			// A POST after a 5xx is not sent again whatever the wait; backoff past the bound is no told wait.
			const post = decideRetry(input({ ...told, method: 'POST', status: 503 }));
			expect(post).toMatchObject({ retry: false, reason: expect.stringMatching(/not idempotent/) });
			expect(post).not.toHaveProperty('toldWaitMs');
			expect(decideRetry(input({ waitedSoFarMs: 59_999 }))).not.toHaveProperty('toldWaitMs');
		});

		it('waits at least a Retry-After that came with a 503', () => {
			const decision = decideRetry(input({ status: 503, retryAfterMs: 3000, random: ZERO }));
			expect(decision).toEqual({ retry: true, delayMs: 3000 });
		});
	});

	describe('other 4xx', () => {
		it.each([400, 401, 403, 404, 409, 422])('never retries %i, whatever the method', (status) => {
			for (const method of ['GET', 'POST', 'PUT']) {
				const decision = decideRetry(input({ method, kind: 'clientError', status }));
				expect(decision.retry).toBe(false);
				expect(!decision.retry && decision.reason).toContain(`HTTP ${status}`);
			}
		});
	});

	describe('backoff', () => {
		it('doubles the cap per attempt from the base delay up to the maximum delay, then stays there', () => {
			const policy: RetryPolicy = {
				maxAttempts: 20,
				maxTotalWaitMs: 1_000_000,
				baseDelayMs: 250,
				maxDelayMs: 8000,
			};
			const delays = Array.from({ length: 9 }, (_, index) => {
				const decision = decideRetry(input({ attempt: index + 1 }), policy);
				return decision.retry ? decision.delayMs : -1;
			});
			expect(delays).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
		});

		it('uses full jitter: uniform between 0 and the cap', () => {
			const atHalf = decideRetry(input({ attempt: 4, random: () => 0.5 }));
			const atZero = decideRetry(input({ attempt: 4, random: ZERO }));
			expect(atHalf).toEqual({ retry: true, delayMs: backoffCapMs(4) / 2 });
			expect(atZero).toEqual({ retry: true, delayMs: 0 });
		});

		it('stays within the cap for any random draw', () => {
			const draws = [0, 0.1, 0.37, 0.5, 0.73, 0.999];
			for (let attempt = 1; attempt < defaultRetryPolicy.maxAttempts; attempt++) {
				for (const draw of draws) {
					const decision = decideRetry(input({ attempt, random: () => draw }));
					expect(decision.retry && decision.delayMs).toBeLessThanOrEqual(backoffCapMs(attempt));
				}
			}
		});
	});

	describe('bounds', () => {
		it('stops after maxAttempts and names that bound', () => {
			const lastAllowed = decideRetry(input({ attempt: defaultRetryPolicy.maxAttempts - 1 }));
			const exhausted = decideRetry(input({ attempt: defaultRetryPolicy.maxAttempts }));
			expect(lastAllowed.retry).toBe(true);
			expect(exhausted).toEqual({ retry: false, reason: 'all 6 attempts were used' });
		});

		it('allows a wait that reaches the total wait bound exactly, and refuses one beyond it', () => {
			const policy: RetryPolicy = {
				maxAttempts: 10,
				maxTotalWaitMs: 10_000,
				baseDelayMs: 1000,
				maxDelayMs: 1000,
			};
			expect(decideRetry(input({ waitedSoFarMs: 9000 }), policy)).toEqual({
				retry: true,
				delayMs: 1000,
			});
			const refused = decideRetry(input({ waitedSoFarMs: 9001 }), policy);
			expect(refused.retry).toBe(false);
			expect(!refused.retry && refused.reason).toMatch(
				/would pass this node's Maximum Wait of 10 s/,
			);
		});
	});
});
