/** Our recent slots: answers matched first in, first out; our requests counted within a window; old ones forgotten. */
import {
	answered,
	countBetween,
	forgetOld,
	granted,
	NO_SLOTS,
} from '../../../../nodes/shared/rateLimit/ourSlots';

const T = Date.UTC(2027, 0, 15, 8, 0, 0, 377);

it('matches each answer to the oldest slot still waiting for one', () => {
	const slots = granted(granted(NO_SLOTS, T), T + 100);
	const first = answered(slots);
	expect(first.slotMs).toBe(T);
	expect(answered(first.slots).slotMs).toBe(T + 100);
	expect(answered(NO_SLOTS).slotMs).toBeUndefined();
});

it('counts our slots strictly between two times, answered or not', () => {
	const slots = [T, T + 100, T + 200, T + 300].reduce(granted, NO_SLOTS);
	expect(countBetween(answered(slots).slots, T, T + 300)).toBe(2);
});

it('forgets slots older than three windows, so a lost answer is no longer awaited', () => {
	const slots = granted(granted(NO_SLOTS, T), T + 2500);
	const kept = forgetOld(slots, T + 3100, 1000);
	expect(kept.recent).toEqual([T + 2500]);
	expect(kept.unanswered).toEqual([T + 2500]);
	expect(forgetOld(kept, T + 3100, 1000)).toBe(kept);
});
