/**
 * Whether a slot still fits into the current window, checked at each grant: the last answer said how many
 * requests its window still takes. Our requests sent since that answer's request, this one included, plus
 * what others send until this slot at their pace so far in this window, must fit; otherwise the slot moves
 * just past the reset. This catches a client that starts mid-window within one answer. Needs the window's
 * start (an exact reset or a learnt phase). Pure.
 */

import type { CountedAnswer } from './othersUse';
import { RESET_GUARD_MS } from './pace';

/** Others' count in a window up to this many is noise: answers overtake each other. */
const SIGNIFICANT_OTHERS = 1;
/** Plus this share of the limit: requests sent just before a reset arrive after it. */
const NOISE_SHARE = 0.02;
/** Others' pace in a window is taken over at least this share of it: a count right after the start says little. */
const MIN_PACE_SPAN_SHARE = 0.1;

/**
 * The slot, or the reset of its window (plus a guard) when the window cannot take it. `ourUncounted`: our
 * requests sent since the last answer's one, this one included.
 */
export function fitIntoWindow(
	slotMs: number,
	last: CountedAnswer | undefined,
	ourUncounted: number,
	limitPerWindow: number,
	windowMs: number,
): number {
	if (
		!last ||
		last.resetAtMs === undefined ||
		last.windowStartMs === undefined ||
		last.othersSoFar === undefined
	)
		return slotMs;
	if (slotMs >= last.windowStartMs + windowMs) return slotMs;
	const elapsed = Math.max(last.countedAtMs - last.windowStartMs, windowMs * MIN_PACE_SPAN_SHARE);
	const noise = SIGNIFICANT_OTHERS + limitPerWindow * NOISE_SHARE;
	const othersPace = Math.max(0, last.othersSoFar - noise) / elapsed;
	const othersComing = othersPace * Math.max(0, slotMs - last.countedAtMs);
	return ourUncounted + othersComing > last.remaining ? last.resetAtMs + RESET_GUARD_MS : slotMs;
}
