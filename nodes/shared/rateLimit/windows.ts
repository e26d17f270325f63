/**
 * Which of the service's counting windows an answer describes. The service counts in fixed windows of W
 * (one second for QRTRAC's plans). An answer about a longer window (a per-minute limit) does not pace; an
 * exact reset places the window the answer was counted in; a reset told as a whole number of seconds is a
 * rounded delay and places nothing. Pure.
 */

import type { RateLimitSnapshot } from './headers';
import { SAME_WINDOW_FACTOR } from './headerTimes';

/** A window of the service's: counting starts at `startMs` and starts again at `resetAtMs`. */
export interface CountingWindow {
	readonly startMs: number;
	readonly resetAtMs: number;
}

/** Resets within this of a whole number of seconds from now are rounded delays ('1' may mean 1 ms). */
const ROUNDED_RESET_TOLERANCE_MS = 2;
/** How far `remaining` may rise within one window because answers overtook each other on the way. */
const REORDER_TOLERANCE = 3;
/**
 * A Retry-After beyond this many windows is a longer window's refusal: a per-second service rounding up, or
 * telling an HTTP date of whole seconds, says 1-2 s (a few windows), while a per-minute bucket says tens.
 */
const LONGER_WINDOW_RETRY_AFTER_WINDOWS = 5;

/**
 * The credential's plan is the ceiling: a limit far above the plan's, a reset far away, or a Retry-After more
 * than a few windows away describes a longer window than ours (1,200 per minute on a plan of 20 per second; a
 * 429 of a per-minute bucket saying only Limit 100 and Retry-After 40).
 */
export function describesOurWindow(
	snapshot: RateLimitSnapshot,
	nowMs: number,
	planLimit: number,
	windowMs: number,
): boolean {
	if (snapshot.limit !== undefined && snapshot.limit > planLimit * SAME_WINDOW_FACTOR) return false;
	const retryAfterMs = snapshot.retryAfterMs;
	if (retryAfterMs !== undefined && retryAfterMs > windowMs * LONGER_WINDOW_RETRY_AFTER_WINDOWS)
		return false;
	return (
		snapshot.resetAtMs === undefined || snapshot.resetAtMs - nowMs <= windowMs * SAME_WINDOW_FACTOR
	);
}

export function isRoundedDelay(delayMs: number): boolean {
	const offWholeSecond = Math.abs(delayMs - Math.round(delayMs / 1000) * 1000);
	return delayMs > 0 && offWholeSecond <= ROUNDED_RESET_TOLERANCE_MS;
}

/**
 * The window an answer was counted in, from an exact reset; undefined for a rounded delay or none. A reset told
 * as a delay is counted from our request's slot for the start (the service counts on arrival), so the start errs
 * early by the request's way there, while `resetAtMs`, which decides waits, errs late by the answer's way back.
 */
export function windowOfExactReset(
	snapshot: RateLimitSnapshot,
	countedAtMs: number,
	nowMs: number,
	windowMs: number,
): CountingWindow | undefined {
	const told = snapshot.resetAtMs;
	if (told === undefined || isRoundedDelay(told - nowMs)) return undefined;
	const resetForCounting = snapshot.resetFromDelay ? told - (nowMs - countedAtMs) : told;
	return { startMs: resetForCounting - windowMs, resetAtMs: told };
}

/** Without an exact reset, a rise of `remaining` beyond reordering says a new window has started. */
export function risesIntoNewWindow(earlierRemaining: number, laterRemaining: number): boolean {
	return laterRemaining > earlierRemaining + REORDER_TOLERANCE;
}
