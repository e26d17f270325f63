/** The pace: the grid of slots, what blocks it, and how the budget's limit and share move it. */
import {
	adoptLimit,
	afterGrant,
	blockUntil,
	earliestSlot,
	grantHorizonMs,
	intervalMs,
	limitOf,
	PACING_HEADROOM,
	START_PACE,
	startBudget,
	waitAfterRefusal,
} from '../../../../nodes/shared/rateLimit/pace';

const NOW_MS = Date.UTC(2027, 0, 15, 8, 0, 0, 377);

describe('the budget', () => {
	it('paces a fresh budget at the plan less the headroom, on evenly spaced slots', () => {
		const budget = startBudget(limitOf(10, 1000));
		expect(budget.allowance).toBeCloseTo(PACING_HEADROOM * 10, 9);
		expect(intervalMs(budget, 1000)).toBeCloseTo(1000 / (PACING_HEADROOM * 10), 9);
	});

	it('turns a rate per second into a limit per window, and refuses a rate that is not a positive number', () => {
		expect(limitOf(20, 60_000)).toBe(1200);
		expect(() => limitOf(0, 1000)).toThrow(RangeError);
		expect(() => limitOf(Number.NaN, 1000)).toThrow(RangeError);
	});

	it('scales our share with an adopted limit, so a squeezed share stays squeezed in proportion', () => {
		const budget = { planLimit: 50, limitPerWindow: 50, allowance: 20 };
		expect(adoptLimit(budget, 5)).toEqual({ planLimit: 50, limitPerWindow: 5, allowance: 2 });
		expect(adoptLimit(budget, 50)).toBe(budget);
	});

	it('grants at most a twentieth of a window ahead, and at most two intervals', () => {
		expect(grantHorizonMs(startBudget(10), 1000)).toBe(50);
		expect(grantHorizonMs(startBudget(200), 1000)).toBeCloseTo(2000 / (PACING_HEADROOM * 200), 9);
	});
});

describe('the next slot', () => {
	it('starts now when nothing came before, then one interval after each slot', () => {
		expect(earliestSlot(START_PACE, NOW_MS, 1000)).toBe(NOW_MS);
		const pace = afterGrant(START_PACE, NOW_MS, 102);
		expect(earliestSlot(pace, NOW_MS + 50, 1000)).toBe(NOW_MS + 102);
	});

	it('keeps the grid for a send a little late (a busy event loop), so lateness does not add up', () => {
		const pace = afterGrant(START_PACE, NOW_MS, 100);
		expect(earliestSlot(pace, NOW_MS + 115, 1000)).toBe(NOW_MS + 100);
	});

	it('does not bank idle time: after a pause the next slot is now', () => {
		const pace = afterGrant(START_PACE, NOW_MS, 100);
		expect(earliestSlot(pace, NOW_MS + 2000, 1000)).toBe(NOW_MS + 2000);
	});

	it('starts nothing before the service said, and a shorter block does not undo a longer one', () => {
		const blocked = blockUntil(blockUntil(START_PACE, NOW_MS + 800), NOW_MS + 300);
		expect(earliestSlot(blocked, NOW_MS, 1000)).toBe(NOW_MS + 800);
	});
});

describe('the wait after a 429', () => {
	it('is Retry-After when told, else the exact reset', () => {
		expect(
			waitAfterRefusal({ retryAfterMs: 1500, resetAtMs: NOW_MS + 300 }, NOW_MS + 300, NOW_MS, 1000),
		).toBe(1500);
		expect(waitAfterRefusal({ resetAtMs: NOW_MS + 623 }, NOW_MS + 623, NOW_MS, 1000)).toBe(623);
	});

	it('is a quarter window past the earliest possible reset for a rounded delay ("1" second)', () => {
		expect(waitAfterRefusal({ resetAtMs: NOW_MS + 1000 }, undefined, NOW_MS, 1000)).toBe(250);
	});

	it('is one window when the answer told nothing usable', () => {
		expect(waitAfterRefusal({}, undefined, NOW_MS, 1000)).toBe(1000);
	});
});
