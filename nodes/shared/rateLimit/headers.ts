/**
 * The reading of the service's rate-limit headers: `X-RateLimit-Limit`, `-Remaining`, `-Reset` and
 * `Retry-After` (the IETF draft names without `X-` as a fallback). A header that cannot be read is left
 * undefined, never guessed, so one garbled answer cannot stall or speed up the pace. Times come out in epoch
 * ms of our clock; absolute times are on the service's clock and moved by `serviceOffsetMs` (serviceClock.ts).
 */

import { parseHttpDate } from '../serviceClock';

export interface RateLimitSnapshot {
	/** Requests allowed per window. */
	limit?: number;
	/** Requests still allowed in the current window, after the request this answer belongs to. */
	remaining?: number;
	/** When the current window ends, epoch ms. */
	resetAtMs?: number;
	/**
	 * The reset was told as a delay (not a point in time): counted from when the service wrote it, which
	 * `resetAtMs` takes to be `nowMs` (the answer's arrival), so it may lie up to the answer's latency late.
	 */
	resetFromDelay?: boolean;
	/** How long the service asks us to wait before the next request, ms. */
	retryAfterMs?: number;
}

/**
 * The window the reader expects an answer to describe: how long it is and, when known, how many requests
 * it allows (the credential's plan). A bare delay in `X-RateLimit-Reset` is read on this scale (see readDelay).
 */
export interface WindowScale {
	windowMs: number;
	limit?: number;
}

/** Without a scale: QRTRAC's one-second windows. */
const ONE_SECOND_WINDOW: WindowScale = { windowMs: 1000 };

/**
 * Thresholds that tell the numeric forms of `X-RateLimit-Reset` apart (with now ~ 1.8e12 ms):
 * - value >= nowMs / 10 (~1.8e11): epoch milliseconds. As epoch seconds it would lie ~5,700 years ahead.
 * - value >= nowMs / 10,000 (~1.8e8): epoch seconds. As a delay it would be over 5 years: no rate window
 *   is that long, while epoch seconds this small would be before 1976.
 * - otherwise: a delay until the reset, in seconds or milliseconds (see readDelay).
 */
const EPOCH_MS_DIVISOR = 10;
const EPOCH_SECONDS_DIVISOR = 10_000;

const NUMBER_PATTERN = /^\d+(?:\.\d+)?$/;
/** Counts may carry a policy suffix (`100, 100;w=1` in the IETF draft); the leading integer is the count. */
const COUNT_PATTERN = /^(\d+)\s*(?:[,;].*)?$/;

export function parseRateLimitHeaders(
	headers: Record<string, unknown>,
	nowMs: number,
	scale: WindowScale = ONE_SECOND_WINDOW,
	serviceOffsetMs = 0,
): RateLimitSnapshot {
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
			? parseResetHeader(xReset, nowMs, windowTold(scale, limit), serviceOffsetMs)
			: draftReset !== undefined
				? deltaSecondsToAbsolute(draftReset, nowMs)
				: undefined;
	if (resetAtMs !== undefined && Math.abs(resetAtMs - nowMs) <= MAX_RESET_DISTANCE_MS) {
		snapshot.resetAtMs = resetAtMs;
		if (xReset === undefined || isDelay(xReset, nowMs)) snapshot.resetFromDelay = true;
	}

	const retryAfter = read('retry-after');
	const retryAfterMs =
		retryAfter === undefined ? undefined : parseRetryAfter(retryAfter, nowMs, serviceOffsetMs);
	if (retryAfterMs !== undefined) snapshot.retryAfterMs = retryAfterMs;

	return snapshot;
}

/**
 * `X-RateLimit-Reset` -> absolute epoch ms, from a delay until the reset (seconds or milliseconds, see
 * readDelay), epoch seconds, epoch milliseconds (told apart by the thresholds above) or an HTTP date;
 * undefined when unparseable. `windowMs` is the length of the window the answer describes; absolute forms are
 * moved onto our clock by `serviceOffsetMs`.
 */
export function parseResetHeader(
	value: string,
	nowMs: number,
	windowMs = ONE_SECOND_WINDOW.windowMs,
	serviceOffsetMs = 0,
): number | undefined {
	const text = value.trim();
	let absoluteMs: number | undefined;
	if (NUMBER_PATTERN.test(text)) {
		const number = Number(text);
		if (number < nowMs / EPOCH_SECONDS_DIVISOR)
			return Math.round(nowMs + readDelay(number, windowMs));
		absoluteMs = epochMsOf(number, nowMs);
	} else {
		absoluteMs = parseHttpDate(text);
	}
	return absoluteMs === undefined ? undefined : Math.round(absoluteMs - serviceOffsetMs);
}

/** A number too large for a delay (see the thresholds above) as epoch ms: it is epoch ms or epoch seconds. */
function epochMsOf(number: number, nowMs: number): number {
	return number >= nowMs / EPOCH_MS_DIVISOR ? number : number * 1000;
}

/** No rate window resets further away than this; a reset that does is a broken header or clock. */
const MAX_RESET_DISTANCE_MS = 24 * 60 * 60 * 1000;

/** A bare number below the epoch-seconds threshold: a delay. */
function isDelay(value: string, nowMs: number): boolean {
	const text = value.trim();
	return NUMBER_PATTERN.test(text) && Number(text) < nowMs / EPOCH_SECONDS_DIVISOR;
}

/** An answer describes our window when its limit is within this multiple of the plan's and its reset this many windows away. */
export const SAME_WINDOW_FACTOR = 1.5;

/**
 * A bare delay in ms. No format is published, and services send seconds ('1', '37') or milliseconds ('734'):
 * read as seconds when that places the reset within 1.5 windows, else as milliseconds when that does (734
 * ms; as seconds it would be 734 s, which no one-second window can mean), else as seconds (a longer window
 * than expected, e.g. an hourly limit). For a one-minute window, '37' is 37 s and '37000' is 37 s too.
 */
export function readDelay(value: number, windowMs: number): number {
	const plausibleMs = windowMs * SAME_WINDOW_FACTOR;
	if (value * 1000 <= plausibleMs) return value * 1000;
	if (value <= plausibleMs) return value;
	return value * 1000;
}

/**
 * The window an answer describes: the expected one, or, when its `X-RateLimit-Limit` is far above the plan's
 * per-window limit, a proportionally longer one (a per-minute limit of 1,200 on a plan of 20 per second says
 * the window is a minute).
 */
function windowTold(scale: WindowScale, toldLimit: number | undefined): number {
	if (
		scale.limit === undefined ||
		toldLimit === undefined ||
		toldLimit <= scale.limit * SAME_WINDOW_FACTOR
	)
		return scale.windowMs;
	return (scale.windowMs * toldLimit) / scale.limit;
}

/**
 * `Retry-After` -> delay in ms (>= 0), or undefined: delay-seconds (fractions tolerated) or an HTTP date, and,
 * as a service may write it, a number too large for a delay (the thresholds above) as the epoch seconds or
 * milliseconds it is. A wait beyond MAX_RESET_DISTANCE_MS is a broken header, not believed: the limiter is shared
 * by the process, and would hold the team's requests that long.
 */
export function parseRetryAfter(
	value: string,
	nowMs: number,
	serviceOffsetMs = 0,
): number | undefined {
	const text = value.trim();
	let delayMs: number | undefined;
	if (NUMBER_PATTERN.test(text)) {
		const number = Number(text);
		delayMs =
			number < nowMs / EPOCH_SECONDS_DIVISOR
				? number * 1000
				: epochMsOf(number, nowMs) - serviceOffsetMs - nowMs;
	} else {
		const atMs = parseHttpDate(text);
		delayMs = atMs === undefined ? undefined : atMs - serviceOffsetMs - nowMs;
	}
	return delayMs === undefined || delayMs > MAX_RESET_DISTANCE_MS
		? undefined
		: Math.max(0, Math.round(delayMs));
}

/** How long to wait after a 429: `Retry-After`, else the time until the reset (>= 0), else undefined. */
export function waitHintMs(snapshot: RateLimitSnapshot, nowMs: number): number | undefined {
	if (snapshot.retryAfterMs !== undefined) return snapshot.retryAfterMs;
	return snapshot.resetAtMs === undefined ? undefined : Math.max(0, snapshot.resetAtMs - nowMs);
}

function deltaSecondsToAbsolute(value: string, nowMs: number): number | undefined {
	const text = value.trim();
	return NUMBER_PATTERN.test(text) ? Math.round(nowMs + Number(text) * 1000) : undefined;
}

function parseCount(value: string | undefined): number | undefined {
	const match = value === undefined ? null : COUNT_PATTERN.exec(value.trim());
	return match ? Number(match[1]) : undefined;
}

/** Header lookup by case-insensitive name, names tried in order; a repeated header counts by its first value. */
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
