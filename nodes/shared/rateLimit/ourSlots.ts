/**
 * Our recent send slots, remembered to match answers (first in, first out: the service counts on arrival) and
 * to count our own requests within a window. Pure: functions over an `OurSlots` value.
 */

export interface OurSlots {
	/** Granted slots, ascending (slots are granted in time order). */
	readonly recent: readonly number[];
	/** Slots whose answer has not come yet, oldest first. */
	readonly unanswered: readonly number[];
}

export const NO_SLOTS: OurSlots = { recent: [], unanswered: [] };

/** Slots are remembered this many windows: long enough to match every answer, short enough to stay small. */
const SLOT_MEMORY_WINDOWS = 3;

export function granted(slots: OurSlots, slotMs: number): OurSlots {
	return { recent: [...slots.recent, slotMs], unanswered: [...slots.unanswered, slotMs] };
}

/** The slot an answer belongs to (the oldest unanswered), and the slots left waiting for theirs. */
export function answered(slots: OurSlots): { slotMs?: number; slots: OurSlots } {
	if (slots.unanswered.length === 0) return { slots };
	return {
		slotMs: slots.unanswered[0],
		slots: { ...slots, unanswered: slots.unanswered.slice(1) },
	};
}

/**
 * A slot whose request ended without an answer (a dropped connection, the Request Timeout): none will come to
 * match, so it is awaited no more. It still counts among our requests of its window: it may have arrived.
 */
export function unanswerable(slots: OurSlots, slotMs: number): OurSlots {
	const at = slots.unanswered.indexOf(slotMs);
	if (at < 0) return slots;
	return {
		...slots,
		unanswered: [...slots.unanswered.slice(0, at), ...slots.unanswered.slice(at + 1)],
	};
}

/** A granted slot given back unused (its request will not be sent): it neither counts nor is awaited. */
export function withdrawn(slots: OurSlots, slotMs: number): OurSlots {
	const at = slots.recent.lastIndexOf(slotMs);
	const recent =
		at < 0 ? slots.recent : [...slots.recent.slice(0, at), ...slots.recent.slice(at + 1)];
	return unanswerable({ ...slots, recent }, slotMs);
}

/** Forgets slots older than the memory: an answer that never came (a lost request) stops being awaited. */
export function forgetOld(slots: OurSlots, nowMs: number, windowMs: number): OurSlots {
	const horizon = nowMs - windowMs * SLOT_MEMORY_WINDOWS;
	const recent = dropOlder(slots.recent, horizon);
	const unanswered = dropOlder(slots.unanswered, horizon);
	return recent === slots.recent && unanswered === slots.unanswered
		? slots
		: { recent, unanswered };
}

function dropOlder(slots: readonly number[], horizon: number): readonly number[] {
	let kept = 0;
	while (kept < slots.length && slots[kept] < horizon) kept++;
	return kept === 0 ? slots : slots.slice(kept);
}

/** Our slots in (afterMs, beforeMs). */
export function countBetween(slots: OurSlots, afterMs: number, beforeMs: number): number {
	let count = 0;
	for (const slot of slots.recent) if (slot > afterMs && slot < beforeMs) count++;
	return count;
}
