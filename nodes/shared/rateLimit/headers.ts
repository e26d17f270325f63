/**
 * The reading of the service's rate-limit headers: `X-RateLimit-Limit`, `-Remaining`, `-Reset` and
 * `Retry-After` (the IETF draft names without `X-` as a fallback). A header that cannot be read is left
 * undefined, never guessed, so one garbled answer cannot stall or speed up the pace. Their times are read in
 * headerTimes.ts.
 */

import {
	believableTime,
	deltaSecondsToAbsolute,
	isDelay,
	isWholeSecondReset,
	parseResetHeader,
	parseRetryAfter,
	SAME_WINDOW_FACTOR,
} from './headerTimes';
import { firstHeaderValue } from '../serviceClock';

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
	/** The reset was told as a whole second of the service's clock (see isWholeSecondReset). */
	resetOnWholeSecond?: boolean;
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

/** A count may carry a policy suffix (`100;w=1` in the IETF draft); the leading integer is the count. */
const COUNT_PATTERN = /^(\d+)\s*(?:;.*)?$/;

export function parseRateLimitHeaders(
	headers: Record<string, unknown>,
	nowMs: number,
	scale: WindowScale = ONE_SECOND_WINDOW,
	serviceOffsetMs = 0,
): RateLimitSnapshot {
	const read = (...names: string[]) => headerOf(headers, names);
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
	if (resetAtMs !== undefined && believableTime(resetAtMs, nowMs)) {
		snapshot.resetAtMs = resetAtMs;
		if (xReset === undefined || isDelay(xReset, nowMs)) snapshot.resetFromDelay = true;
		else if (isWholeSecondReset(xReset, nowMs)) snapshot.resetOnWholeSecond = true;
	}

	const retryAfter = read('retry-after');
	const retryAfterMs =
		retryAfter === undefined ? undefined : parseRetryAfter(retryAfter, nowMs, serviceOffsetMs);
	if (retryAfterMs !== undefined) snapshot.retryAfterMs = retryAfterMs;

	return snapshot;
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

/** How long to wait after a 429: `Retry-After`, else the time until the reset (>= 0), else undefined. */
export function waitHintMs(snapshot: RateLimitSnapshot, nowMs: number): number | undefined {
	if (snapshot.retryAfterMs !== undefined) return snapshot.retryAfterMs;
	return snapshot.resetAtMs === undefined ? undefined : Math.max(0, snapshot.resetAtMs - nowMs);
}

function parseCount(value: string | undefined): number | undefined {
	const match = value === undefined ? null : COUNT_PATTERN.exec(value);
	return match ? Number(match[1]) : undefined;
}

/** Header lookup by case-insensitive name, names tried in order; a repeated header counts by its first value. */
function headerOf(headers: Record<string, unknown>, names: string[]): string | undefined {
	const entries = Object.entries(headers);
	for (const name of names) {
		const value = firstHeaderValue(entries.find(([key]) => key.toLowerCase() === name)?.[1]);
		if (value !== undefined) return value;
	}
	return undefined;
}
