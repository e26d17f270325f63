/**
 * Whether the resets a service tells are the ends of the windows it counts in. An exact reset is read as the end
 * of a fixed window of W (windows.ts), which places the window's start and so others' use of it. A service may
 * round its reset up to whole seconds while its windows do not start on them, or count in a sliding window: its
 * reset then is no window end, and reading it as one counts our own requests before the supposed start as
 * others' (a lone process would shrink its share to half of the plan or less). Two things the answers tell give
 * it away, using only the service's words:
 * - an answer arrived before the window its reset claims had begun: its request cannot have been counted there;
 * - the reset claims a new window, yet `remaining` did not rise, and a refill would mean more requests since the
 *   claimed start than the plan's pace allows: the count did not start again there. Processes starting together
 *   may spend one window's start so, so only several such resets in a row count.
 * Once either is seen, the limiter reads no reset of that budget as a window end any more (a service's counting
 * does not change): windows are learnt from rises of `remaining` (windowPhase.ts) instead. Pure.
 */

import type { RateLimitSnapshot } from './headers';
import { measureAfresh, type OthersUse } from './othersUse';
import type { Budget } from './pace';
import { isRoundedDelay, risesIntoNewWindow } from './windows';

/** The last answers' claimed window: its reset and the remaining its last answer told. */
interface Claimed {
	readonly resetAtMs: number;
	readonly remaining: number;
}

export interface ResetTrust {
	/** The counts contradicted a told reset: none is read as a window end any more. */
	readonly contradicted: boolean;
	/** The window the latest answers claim, and the one claimed before it while its refill is unchecked. */
	readonly claimed?: Claimed;
	readonly before?: Claimed;
	/** Claimed refills in a row that `remaining` did not show. */
	readonly missedRefills: number;
}

export const TRUSTED: ResetTrust = { contradicted: false, missedRefills: 0 };

/** A refill is checked in this share of a window after it: later, a full window may have been sent at pace. */
const REFILL_CHECK_SHARE = 0.5;
/**
 * Requests since a claimed refill beyond the plan's pace, as a share of the limit, that bursts may explain: a
 * request of each process held for the reset is sent right after it.
 */
const BURST_SHARE = 0.25;
/**
 * Claimed refills missed in a row that contradict the resets: processes starting together may spend one window's
 * start, while a reset that is no window end misses every refill.
 */
const MISSED_REFILLS = 3;

/** One answer of our window that told a reset (not a rounded delay), `remaining` and the limit, seen at `nowMs`. */
export function checkReset(
	trust: ResetTrust,
	told: { resetAtMs: number; remaining: number; limit: number },
	nowMs: number,
	windowMs: number,
): ResetTrust {
	if (trust.contradicted) return trust;
	const { resetAtMs, remaining } = told;
	if (nowMs < resetAtMs - windowMs) return { ...trust, contradicted: true };
	const { claimed } = trust;
	if (claimed && resetAtMs <= claimed.resetAtMs - windowMs / 2) return trust;
	const next: ResetTrust =
		!claimed || resetAtMs - claimed.resetAtMs < windowMs / 2
			? { ...trust, claimed: { resetAtMs: claimed?.resetAtMs ?? resetAtMs, remaining } }
			: { ...trust, claimed: { resetAtMs, remaining }, before: claimed };
	const refill = next.before && refillShown(next.before, told, nowMs, windowMs);
	if (refill === undefined) return next;
	const missedRefills = refill ? 0 : next.missedRefills + 1;
	return {
		...next,
		before: undefined,
		missedRefills,
		contradicted: missedRefills >= MISSED_REFILLS,
	};
}

/**
 * Whether `remaining` shows the count starting again at `before`'s reset, as the answer's reset claims: true when
 * it rose, false when it did not and a refill would mean more requests since than the plan's pace and a burst
 * allow, undefined when it cannot tell (yet).
 */
function refillShown(
	before: Claimed,
	told: { remaining: number; limit: number },
	nowMs: number,
	windowMs: number,
): boolean | undefined {
	const sinceRefillMs = nowMs - before.resetAtMs;
	if (sinceRefillMs < 0 || sinceRefillMs > windowMs * REFILL_CHECK_SHARE) return undefined;
	if (risesIntoNewWindow(before.remaining, told.remaining)) return true;
	const countedSince = told.limit - told.remaining;
	const atPace = (told.limit * sinceRefillMs) / windowMs;
	return countedSince > atPace + told.limit * BURST_SHARE ? false : undefined;
}

/**
 * The limiter's parts an answer of our window (not a refusal) changes: the trust, and once contradicted, what was
 * measured on the misread windows, measured afresh (the next measurement replaces the estimate).
 */
export function afterResetCheck(
	state: { readonly resetTrust: ResetTrust; readonly others: OthersUse; readonly budget: Budget },
	snapshot: RateLimitSnapshot,
	nowMs: number,
	windowMs: number,
): { resetTrust: ResetTrust; others?: OthersUse; lastAnswer?: undefined } {
	const { resetTrust } = state;
	const { resetAtMs, remaining } = snapshot;
	if (resetTrust.contradicted || resetAtMs === undefined || remaining === undefined)
		return { resetTrust };
	if (isRoundedDelay(resetAtMs - nowMs)) return { resetTrust };
	const told = { resetAtMs, remaining, limit: snapshot.limit ?? state.budget.limitPerWindow };
	const checked = checkReset(resetTrust, told, nowMs, windowMs);
	if (!checked.contradicted) return { resetTrust: checked };
	return { resetTrust: checked, others: measureAfresh(state.others), lastAnswer: undefined };
}
