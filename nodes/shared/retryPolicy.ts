/**
 * When a failed request may be sent again, and after how long. Rule: a retry must never create anything twice.
 * - 429: the service refused without acting, so any method is retried, after the wait it told (`Retry-After`,
 *   else the window reset) plus a little jitter so parallel callers do not return in one burst; else backoff.
 * - 5xx, timeout, reset, malformed answer: the service may have acted, so only idempotent methods (GET, HEAD,
 *   PUT, PATCH, DELETE) are retried, with full-jitter exponential backoff, never sooner than a told
 *   `Retry-After`. A POST's outcome is unknown: its caller checks what happened first.
 * - Any other 4xx: the request itself is wrong. Every retry stays within `maxAttempts` and `maxTotalWaitMs`.
 */

import { ceilingSeconds, fitsCeiling, tenthsUp } from './waitCeiling';

export interface RetryPolicy {
	maxAttempts: number;
	maxTotalWaitMs: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
	maxAttempts: 6,
	maxTotalWaitMs: 60_000,
	baseDelayMs: 250,
	maxDelayMs: 8_000,
};

/** The policy of a request whose credential sets Maximum Wait: every retry's wait of it within that. */
export function retryPolicyWithin(maxTotalWaitMs: number): RetryPolicy {
	return { ...defaultRetryPolicy, maxTotalWaitMs };
}

export type FailureKind =
	| 'rateLimited'
	| 'serverError'
	| 'timeout'
	| 'connectionReset'
	| 'malformedResponse'
	| 'clientError';

export interface RetryInput {
	/** The 1-based attempt that just failed. */
	attempt: number;
	/** The answer was whole JSON off the contract (a 2xx whose `success` is no boolean): sent again, it comes again. */
	sameIfSentAgain?: boolean;
	method: string;
	kind: FailureKind;
	status?: number;
	/** The wait the service asked for (Retry-After, or the time until the window resets). */
	retryAfterMs?: number;
	waitedSoFarMs: number;
	/** Uniform in [0, 1); injected by tests. */
	random?: () => number;
}

/** `toldWaitMs`: refused because the wait the service told (429 or 5xx) does not fit the total wait bound. */
export type RetryDecision =
	{ retry: true; delayMs: number } | { retry: false; reason: string; toldWaitMs?: number };

/** Jitter added to a told 429 wait: spreads callers that were refused together over up to this long. */
const RATE_LIMIT_JITTER_MS = 100;

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

const TIMEOUT_CODES = new Set([
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'ECONNABORTED',
	'UND_ERR_CONNECT_TIMEOUT',
	'UND_ERR_HEADERS_TIMEOUT',
	'UND_ERR_BODY_TIMEOUT',
	'ABORT_ERR',
	'TimeoutError',
]);

const MALFORMED_CODES = new Set([
	'ERR_INVALID_JSON',
	'EMALFORMED',
	'HPE_INVALID_CONSTANT',
	'HPE_INVALID_HEADER_TOKEN',
]);

export function isIdempotentMethod(method: string): boolean {
	return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/**
 * Maps an HTTP status (when an answer came) or a Node/undici error code (when none came) to a failure kind.
 * 408 is a timeout (the server gave up waiting for us). A failure with a 2xx/3xx status is a garbled answer.
 * Any other network error (ECONNRESET, EPIPE, UND_ERR_SOCKET, ECONNREFUSED, unknown codes) is a connection
 * reset: whether the request arrived cannot be told.
 */
export function classifyFailure(
	status: number | undefined,
	errorCode: string | undefined,
): FailureKind {
	if (status !== undefined) {
		if (status === 429) return 'rateLimited';
		if (status === 408) return 'timeout';
		if (status >= 500) return 'serverError';
		if (status >= 400) return 'clientError';
		return 'malformedResponse';
	}
	if (errorCode !== undefined && TIMEOUT_CODES.has(errorCode)) return 'timeout';
	if (errorCode !== undefined && MALFORMED_CODES.has(errorCode)) return 'malformedResponse';
	return 'connectionReset';
}

/**
 * Whether an answer with this status refused the request without acting on it: a 429, or a 4xx other than 408.
 * By status, not as the complement of UNKNOWN_OUTCOME_KINDS: a 2xx saying `success: false` or an answer too large to
 * read is a clientError (not retried), yet may have acted.
 */
export function refusedUnacted(status: number | undefined): boolean {
	const kind = status === undefined ? undefined : classifyFailure(status, undefined);
	return kind === 'rateLimited' || kind === 'clientError';
}

/** How many more attempts a rate-limited request gets than other failures (still within the total wait). */
const RATE_LIMIT_ATTEMPT_FACTOR = 5;

export function decideRetry(
	input: RetryInput,
	policy: RetryPolicy = defaultRetryPolicy,
): RetryDecision {
	const random = input.random ?? Math.random;
	const method = input.method.toUpperCase();

	if (input.kind === 'clientError') {
		return refuse(
			`HTTP ${input.status ?? '4xx'} means the request itself was refused; sending it again cannot help`,
		);
	}
	if (input.sameIfSentAgain)
		return refuse('the answer is off the contract, and sending it again would get the same answer');
	if (input.kind !== 'rateLimited' && !isIdempotentMethod(method)) {
		return refuse(
			`${method} is not idempotent and its outcome is unknown after a ${describeKind(input.kind)}; it is not sent again blindly, so that nothing is created twice`,
		);
	}
	// A told wait that cannot fit is not begun, for a 429 and a 5xx alike; the caller words it (waitCeiling.ts).
	if (
		input.retryAfterMs !== undefined &&
		!fitsCeiling(input.retryAfterMs, input.waitedSoFarMs, policy.maxTotalWaitMs)
	)
		return {
			...overBound(input.retryAfterMs, input.waitedSoFarMs, policy),
			toldWaitMs: input.retryAfterMs,
		};
	// A 429 is bounded by the total wait, not by the attempt count: a storm that passes within the bound must not
	// fail the item. The larger attempt cap only guards against a service that asks for no wait at all.
	const maxAttempts =
		input.kind === 'rateLimited'
			? policy.maxAttempts * RATE_LIMIT_ATTEMPT_FACTOR
			: policy.maxAttempts;
	if (input.attempt >= maxAttempts) {
		return refuse(`all ${maxAttempts} attempts were used`);
	}

	const delayMs = Math.round(
		input.kind === 'rateLimited' && input.retryAfterMs !== undefined
			? input.retryAfterMs + random() * RATE_LIMIT_JITTER_MS
			: Math.max(backoffWithFullJitter(input.attempt, policy, random), input.retryAfterMs ?? 0),
	);
	if (!fitsCeiling(delayMs, input.waitedSoFarMs, policy.maxTotalWaitMs))
		return overBound(delayMs, input.waitedSoFarMs, policy);
	return { retry: true, delayMs };
}

function overBound(
	delayMs: number,
	waitedMs: number,
	policy: RetryPolicy,
): { retry: false; reason: string } {
	return {
		retry: false,
		// in the words of a told wait's error (waitCeiling.ts), so that one cause reads the same in every operation
		reason: `waiting another ${tenthsUp(delayMs)} s after ${tenthsUp(waitedMs)} s already waited would pass this node's Maximum Wait of ${ceilingSeconds(policy.maxTotalWaitMs)} s`,
	};
}

/** Uniform in [0, min(maxDelayMs, baseDelayMs * 2^(attempt-1))]: the cap doubles per attempt, then stays. */
export function backoffCapMs(attempt: number, policy: RetryPolicy = defaultRetryPolicy): number {
	return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

function backoffWithFullJitter(attempt: number, policy: RetryPolicy, random: () => number): number {
	return random() * backoffCapMs(attempt, policy);
}

function describeKind(kind: FailureKind): string {
	const descriptions: Record<FailureKind, string> = {
		rateLimited: 'rate limit answer',
		serverError: 'server error',
		timeout: 'timeout',
		connectionReset: 'connection reset',
		malformedResponse: 'malformed answer',
		clientError: 'refused request',
	};
	return descriptions[kind];
}

function refuse(reason: string): RetryDecision {
	return { retry: false, reason };
}
