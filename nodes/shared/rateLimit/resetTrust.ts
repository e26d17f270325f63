/**
 * Whether the resets a service tells are the ends of the windows it counts in. An exact reset is read as the end
 * of a fixed window of W (windows.ts), which places the window's start and so others' use of it. A service may
 * round its reset up to whole seconds while its windows do not start on them, or count in a sliding window and
 * round its reset so: its reset then is no window end, and reading it as one counts our own requests before the
 * supposed start as others' (a lone process would shrink its share to half of the plan or less). An answer that
 * arrived before the window its reset claims had begun gives it away: its request cannot have been counted
 * there. Only the service's clock and words decide that, so other clients spending the budget cannot fake it
 * (a sign from `remaining` could not tell a refill other processes spent at once from none, on small plans).
 * Only a reset on a whole second of the service's clock is checked (no other is rounded so), read with that clock
 * as far ahead as its `Date` headers allow, and only an answer early by more than a clock's skew counts: a `Date`
 * written by a front server a little behind the resets' clock, or a clock offset still being learnt (its low end
 * is used for waits, which it makes err long), must not make a service's window ends look rounded.
 * While contradicted, windows are learnt from rises of `remaining` (windowPhase.ts) instead. The contradiction
 * lapses after CONTRADICTED_WINDOWS without another early answer, and on an idle restart (start.ts), so that a
 * stray answer cannot drop the resets for the limiter's life. Pure.
 */

import type { RateLimitSnapshot } from './headers';
import { measureAfresh, type OthersUse } from './othersUse';

export interface ResetTrust {
	/** When the last answer contradicted a told reset; while recent, none is read as a window end. */
	readonly contradictedAtMs?: number;
}

export const TRUSTED: ResetTrust = {};

/** Windows without an early answer after which told resets are read as window ends again: a minute of seconds. */
const CONTRADICTED_WINDOWS = 60;
/**
 * The coarsest a reset is told is a whole second (epoch seconds, an HTTP date). On windows where that is under
 * this share (20 s or more: the simple interface's minute), reading a rounded reset as a window end costs little,
 * while windows starting at a first request would look early in every window.
 */
const MATERIAL_ROUNDING_SHARE = 0.05;
const WHOLE_SECOND_MS = 1000;
/**
 * How early an answer must be to contradict its reset: a share of the whole second a reset is rounded by, beyond
 * the clocks' skew (a `Date` behind the resets' clock, the answer's way back); windows off the second by a third
 * of it still show rounding by up to two thirds.
 */
const EARLY_MARGIN_MS = 300;

/** Whether told resets are contradicted at `nowMs` (the last early answer is recent). */
export function isContradicted(trust: ResetTrust, nowMs: number, windowMs: number): boolean {
	const atMs = trust.contradictedAtMs;
	return atMs !== undefined && nowMs - atMs < windowMs * CONTRADICTED_WINDOWS;
}

/** One answer of our window that told an exact reset (not a rounded delay), seen at `nowMs`. */
export function checkReset(
	trust: ResetTrust,
	resetAtMs: number,
	nowMs: number,
	windowMs: number,
): ResetTrust {
	if (WHOLE_SECOND_MS <= windowMs * MATERIAL_ROUNDING_SHARE) return trust;
	return nowMs < resetAtMs - windowMs - EARLY_MARGIN_MS ? { contradictedAtMs: nowMs } : trust;
}

/**
 * The limiter's parts an answer of our window (not a refusal) changes: the trust, and once newly contradicted,
 * what was measured on the misread windows, measured afresh (the next measurement replaces the estimate).
 * `clockLeadDoubtMs`: how much further ahead the service's clock may be than the reset was read with.
 */
export function afterResetCheck(
	state: { readonly resetTrust: ResetTrust; readonly others: OthersUse },
	snapshot: RateLimitSnapshot,
	nowMs: number,
	windowMs: number,
	clockLeadDoubtMs = 0,
): { resetTrust: ResetTrust; others?: OthersUse; lastAnswer?: undefined } {
	const { resetTrust } = state;
	const { resetAtMs } = snapshot;
	if (resetAtMs === undefined || !snapshot.resetOnWholeSecond) return { resetTrust };
	const checked = checkReset(resetTrust, resetAtMs - clockLeadDoubtMs, nowMs, windowMs);
	if (checked === resetTrust) return { resetTrust };
	if (isContradicted(resetTrust, nowMs, windowMs)) return { resetTrust: checked };
	return { resetTrust: checked, others: measureAfresh(state.others), lastAnswer: undefined };
}
