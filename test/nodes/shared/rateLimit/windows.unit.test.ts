/** Which window an answer describes: ours or a longer one, placed by an exact reset or by the learnt phase. */
import {
	learnPhase,
	windowOfPhase,
	type WindowPhase,
} from '../../../../nodes/shared/rateLimit/windowPhase';
import {
	describesOurWindow,
	isRoundedDelay,
	risesIntoNewWindow,
	windowOfExactReset,
} from '../../../../nodes/shared/rateLimit/windows';

const T = Date.UTC(2027, 0, 15, 8, 0, 0, 0);

describe('our window or a longer one', () => {
	it('takes a limit far above the plan, or a reset far away, to describe a longer window (per minute)', () => {
		expect(describesOurWindow({ limit: 1200, remaining: 900 }, T, 20, 1000)).toBe(false);
		expect(describesOurWindow({ remaining: 3, resetAtMs: T + 37_000 }, T, 20, 1000)).toBe(false);
	});

	it('takes a limit up to 1.5 times the plan, a reset within 1.5 windows, or none, to describe ours', () => {
		expect(describesOurWindow({ limit: 30, resetAtMs: T + 1400 }, T, 20, 1000)).toBe(true);
		expect(describesOurWindow({ limit: 5 }, T, 20, 1000)).toBe(true);
		expect(describesOurWindow({}, T, 20, 1000)).toBe(true);
	});

	it("takes a Retry-After up to 5 windows for ours (1, 2 rounded up, a date 1.6 s away), and beyond for a longer window's", () => {
		const refusal = (retryAfterMs: number) => ({ limit: 100, remaining: 0, retryAfterMs });
		for (const ours of [1000, 2000, 1623, 5000])
			expect(describesOurWindow(refusal(ours), T, 200, 1000)).toBe(true);
		// a per-minute bucket's refusal saying only Limit 100 and Retry-After 40
		for (const longer of [5001, 40_000])
			expect(describesOurWindow(refusal(longer), T, 200, 1000)).toBe(false);
	});
});

describe('an exact reset places the window', () => {
	it('treats a reset a whole number of seconds away as a rounded delay ("1" may mean 1 ms)', () => {
		expect([1000, 999, 2002, 734, 0].map(isRoundedDelay)).toEqual([true, true, true, false, false]);
		expect(windowOfExactReset({ resetAtMs: T + 1000 }, T - 30, T, 1000)).toBeUndefined();
	});

	it('places the window of an absolute reset: it started one window before', () => {
		expect(windowOfExactReset({ resetAtMs: T + 623 }, T - 30, T, 1000)).toEqual({
			startMs: T - 377,
			resetAtMs: T + 623,
		});
	});

	it('counts a reset told as a delay from our request for the start, and keeps the told reset for waits', () => {
		expect(
			windowOfExactReset({ resetAtMs: T + 734, resetFromDelay: true }, T - 40, T, 1000),
		).toEqual({ startMs: T - 306, resetAtMs: T + 734 });
	});
});

describe('without an exact reset, the phase is learnt from rises of remaining', () => {
	/** Two answers: `remaining` low for the request counted at `beforeMs`, high again for the one at `afterMs`. */
	const rise = (phase: WindowPhase, beforeMs: number, afterMs: number, seenAtMs: number) =>
		learnPhase(learnPhase(phase, 2, beforeMs, beforeMs + 40, 1000), 19, afterMs, seenAtMs, 1000);

	it('tells a new window only by a rise beyond reordering (answers overtake each other)', () => {
		expect(risesIntoNewWindow(5, 8)).toBe(false);
		expect(risesIntoNewWindow(5, 9)).toBe(true);
	});

	it('knows the windows once boundaries seen in several windows pin one down to a tenth of a window', () => {
		let phase = rise({}, T + 900, T + 1100, T + 1150);
		expect(windowOfPhase(phase, T + 1500, 1000)).toBeUndefined();
		phase = rise(phase, T + 1950, T + 2050, T + 2080);
		expect(windowOfPhase(phase, T + 2500, 1000)).toBeUndefined();
		phase = rise(phase, T + 2990, T + 3040, T + 3060);
		// the boundary lies in (T + 2990, T + 3060]: the start errs early, the reset late
		expect(windowOfPhase(phase, T + 3500, 1000)).toEqual({
			startMs: T + 2990,
			resetAtMs: T + 4060,
		});
		expect(windowOfPhase(phase, T + 5500, 1000)).toEqual({
			startMs: T + 4990,
			resetAtMs: T + 6060,
		});
		// a request counted where the boundary may lie belongs to no known window
		expect(windowOfPhase(phase, T + 4030, 1000)).toBeUndefined();
	});

	it('starts learning again when a boundary contradicts the learnt one (the windows moved)', () => {
		let phase = rise({}, T + 990, T + 1040, T + 1060);
		phase = rise(phase, T + 1500, T + 1530, T + 1550);
		expect(phase.boundary).toEqual({ earliestMs: T + 1500, latestMs: T + 1550 });
	});

	it('learns nothing from a rise between answers more than a window apart', () => {
		expect(rise({}, T, T + 1200, T + 1250).boundary).toBeUndefined();
	});
});
