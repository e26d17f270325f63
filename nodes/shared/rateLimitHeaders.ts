/**
 * Reads what QRTRAC says about its rate limit: `X-RateLimit-Limit`, `X-RateLimit-Remaining`,
 * `X-RateLimit-Reset` and `Retry-After` (the IETF draft names without `X-` are read as a fallback).
 *
 * Rule: a header that cannot be read is ignored (left undefined), never guessed, so that one garbled
 * answer cannot stall or speed up the limiter. Times come out in epoch milliseconds of the caller's
 * clock (`nowMs`), so the limiter never compares the service's clock with ours except through an
 * explicit absolute date.
 */

export interface RateLimitSnapshot {
	/** Requests allowed per window. */
	limit?: number;
	/** Requests still allowed in the current window, after the request this answer belongs to. */
	remaining?: number;
	/** When the current window ends, epoch ms. */
	resetAtMs?: number;
	/** How long the service asks us to wait before the next request, ms. */
	retryAfterMs?: number;
}

/**
 * Thresholds that tell the numeric forms of `X-RateLimit-Reset` apart (with now ~ 1.8e12 ms):
 * - value >= nowMs / 10 (~1.8e11): epoch milliseconds. As epoch seconds it would lie ~5,700 years ahead.
 * - value >= nowMs / 10,000 (~1.8e8): epoch seconds. As a delay it would be over 5 years: no rate window
 *   is that long, while epoch seconds this small would be before 1976.
 * - otherwise: seconds until reset (fractions allowed).
 */
const EPOCH_MS_DIVISOR = 10;
const EPOCH_SECONDS_DIVISOR = 10_000;

const NUMBER_PATTERN = /^\d+(?:\.\d+)?$/;
/** Counts may carry a policy suffix (`100, 100;w=1` in the IETF draft); the leading integer is the count. */
const COUNT_PATTERN = /^(\d+)\s*(?:[,;].*)?$/;

export function parseRateLimitHeaders(headers: Record<string, unknown>, nowMs: number): RateLimitSnapshot {
	const read = (...names: string[]) => firstHeaderValue(headers, names);
	const snapshot: RateLimitSnapshot = {};

	const limit = parseCount(read('x-ratelimit-limit', 'ratelimit-limit'));
	if (limit !== undefined) snapshot.limit = limit;

	const remaining = parseCount(read('x-ratelimit-remaining', 'ratelimit-remaining'));
	if (remaining !== undefined) snapshot.remaining = remaining;

	const xReset = read('x-ratelimit-reset');
	// The IETF draft's `RateLimit-Reset` is always delta-seconds.
	const draftReset = read('ratelimit-reset');
	const resetAtMs =
		xReset !== undefined
			? parseResetHeader(xReset, nowMs)
			: draftReset !== undefined
				? deltaSecondsToAbsolute(draftReset, nowMs)
				: undefined;
	if (resetAtMs !== undefined) snapshot.resetAtMs = resetAtMs;

	const retryAfter = read('retry-after');
	const retryAfterMs = retryAfter === undefined ? undefined : parseRetryAfter(retryAfter, nowMs);
	if (retryAfterMs !== undefined) snapshot.retryAfterMs = retryAfterMs;

	return snapshot;
}

/**
 * `X-RateLimit-Reset` -> absolute epoch ms, from seconds-until-reset (fractions allowed), epoch seconds,
 * epoch milliseconds (told apart by the thresholds above) or an HTTP date; undefined when unparseable.
 */
export function parseResetHeader(value: string, nowMs: number): number | undefined {
	const text = value.trim();
	if (NUMBER_PATTERN.test(text)) {
		const number = Number(text);
		if (number >= nowMs / EPOCH_MS_DIVISOR) return Math.round(number);
		if (number >= nowMs / EPOCH_SECONDS_DIVISOR) return Math.round(number * 1000);
		return Math.round(nowMs + number * 1000);
	}
	return parseHttpDate(text);
}

/** `Retry-After`: delay-seconds (fractions tolerated) or an HTTP date -> delay in ms (>= 0); undefined when unparseable. */
export function parseRetryAfter(value: string, nowMs: number): number | undefined {
	const text = value.trim();
	if (NUMBER_PATTERN.test(text)) return Math.round(Number(text) * 1000);
	const atMs = parseHttpDate(text);
	return atMs === undefined ? undefined : Math.max(0, atMs - nowMs);
}

/**
 * How long to wait after a 429: the service's `Retry-After` when given, else the time until the window
 * resets (0 when that is already past); undefined when the answer said neither.
 */
export function waitHintMs(snapshot: RateLimitSnapshot, nowMs: number): number | undefined {
	if (snapshot.retryAfterMs !== undefined) return snapshot.retryAfterMs;
	return snapshot.resetAtMs === undefined ? undefined : Math.max(0, snapshot.resetAtMs - nowMs);
}

function deltaSecondsToAbsolute(value: string, nowMs: number): number | undefined {
	const text = value.trim();
	return NUMBER_PATTERN.test(text) ? Math.round(nowMs + Number(text) * 1000) : undefined;
}

/**
 * HTTP dates (IMF-fixdate, RFC 850, asctime) always hold a month or weekday name, so bare numbers are not
 * dates. They are always in GMT; asctime does not say so, and would otherwise be read in local time.
 */
function parseHttpDate(text: string): number | undefined {
	if (!/[a-z]/i.test(text)) return undefined;
	const hasZone = /\b(?:GMT|UTC|UT|Z)\b|[+-]\d\d:?\d\d$/i.test(text);
	const atMs = Date.parse(hasZone ? text : `${text} GMT`);
	return Number.isNaN(atMs) ? undefined : atMs;
}

function parseCount(value: string | undefined): number | undefined {
	const match = value === undefined ? null : COUNT_PATTERN.exec(value.trim());
	return match ? Number(match[1]) : undefined;
}

/**
 * Header lookup by case-insensitive name, the names tried in the order given; a repeated header
 * (array) counts by its first value.
 */
function firstHeaderValue(headers: Record<string, unknown>, names: string[]): string | undefined {
	const entries = Object.entries(headers);
	for (const name of names) {
		const raw = entries.find(([key]) => key.toLowerCase() === name)?.[1];
		const value = Array.isArray(raw) ? raw[0] : raw;
		if (typeof value === 'string') return value;
		if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	}
	return undefined;
}
