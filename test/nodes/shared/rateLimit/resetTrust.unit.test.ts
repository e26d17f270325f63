/** Whether told resets are window ends: the answers' own counts contradict a reset that is not (fake clock). */
import { countAnswer, NO_OTHERS } from '../../../../nodes/shared/rateLimit/othersUse';
import { startBudget } from '../../../../nodes/shared/rateLimit/pace';
import {
	afterResetCheck,
	checkReset,
	TRUSTED,
	type ResetTrust,
} from '../../../../nodes/shared/rateLimit/resetTrust';

const T = Date.UTC(2027, 0, 15, 8, 0, 0, 0);
const LIMIT = 20;

/** Answers in order: [seen at, told reset, remaining], each checked. */
const check = (answers: Array<[number, number, number]>, trust: ResetTrust = TRUSTED) =>
	answers.reduce(
		(checked, [atMs, resetAtMs, remaining]) =>
			checkReset(checked, { resetAtMs, remaining, limit: LIMIT }, atMs, 1000),
		trust,
	);

/** A busy window's answers ending at `resetAtMs`, then the first answer of the next, `remaining` after it. */
const busyWindowThen = (
	resetAtMs: number,
	nextRemaining: number,
): Array<[number, number, number]> => [
	[resetAtMs - 600, resetAtMs, 8],
	[resetAtMs - 100, resetAtMs, 1],
	[resetAtMs + 60, resetAtMs + 1000, nextRemaining],
];

describe('a reset that is a window end', () => {
	it('keeps trusting fixed windows whose remaining rises at each told reset', () => {
		const windows = [0, 1, 2, 3, 4, 5].flatMap((index) => busyWindowThen(T + index * 1000, 18));
		expect(check(windows)).toMatchObject({ contradicted: false, missedRefills: 0 });
	});

	it('keeps trusting when processes starting together spend the start of one or two windows', () => {
		const trust = check([...busyWindowThen(T, 2), ...busyWindowThen(T + 1000, 1)]);
		expect(trust).toMatchObject({ contradicted: false, missedRefills: 2 });
		// a refill seen starts the count again
		expect(check(busyWindowThen(T + 2000, 18), trust)).toMatchObject({
			contradicted: false,
			missedRefills: 0,
		});
	});

	it('cannot tell from an answer whose remaining is within what the pace allows since the reset', () => {
		// 6 counted 400 ms after the told reset: 8 at the plan's pace, the window barely used before
		const trust = check([
			[T - 100, T, 14],
			[T + 400, T + 1000, 14],
		]);
		expect(trust).toMatchObject({ contradicted: false, missedRefills: 0 });
		expect(trust.before?.resetAtMs).toBe(T);
	});

	it('leaves out a late answer of an earlier window', () => {
		const trust = check([...busyWindowThen(T, 18), [T + 80, T, 0]]);
		expect(trust.claimed).toEqual({ resetAtMs: T + 1000, remaining: 18 });
	});
});

describe('a reset that is no window end', () => {
	it('is contradicted by an answer that arrived before the window its reset claims began', () => {
		// windows 370 ms past the clock's seconds, their end rounded up to epoch seconds: (T - 630, T + 370] says T + 1000
		expect(check([[T - 200, T + 1000, 12]])).toMatchObject({ contradicted: true });
		expect(check([[T + 10, T + 1000, 12]])).toMatchObject({ contradicted: false });
	});

	it('is contradicted by three told resets in a row at which remaining did not rise (a sliding window)', () => {
		const sliding = (resetAtMs: number): Array<[number, number, number]> => [
			[resetAtMs - 500, resetAtMs, 1],
			[resetAtMs + 50, resetAtMs + 1000, 0],
		];
		const two = check([...sliding(T), ...sliding(T + 1000)]);
		expect(two).toMatchObject({ contradicted: false, missedRefills: 2 });
		expect(check(sliding(T + 2000), two)).toMatchObject({ contradicted: true });
	});

	it('stays contradicted: a service does not change how it counts', () => {
		const contradicted = check([[T - 200, T + 1000, 12]]);
		expect(check(busyWindowThen(T + 1000, 18), contradicted)).toBe(contradicted);
	});
});

describe('the limiter parts after the check', () => {
	const measured = countAnswer(
		NO_OTHERS,
		{ remaining: 5, countedAtMs: T - 500, windowStartMs: T - 1000, resetAtMs: T, othersSoFar: 9 },
		LIMIT,
		1000,
	).use;

	it('measures others afresh once contradicted, and forgets the misread last answer', () => {
		const state = { resetTrust: TRUSTED, others: measured, budget: startBudget(LIMIT) };
		const after = afterResetCheck(
			state,
			{ limit: LIMIT, remaining: 12, resetAtMs: T + 1000 },
			T - 200,
			1000,
		);
		expect(after.resetTrust.contradicted).toBe(true);
		expect(after.others).toMatchObject({ perWindow: measured.perWindow, measurements: 0 });
		expect('lastAnswer' in after && after.lastAnswer === undefined).toBe(true);
	});

	it('checks no rounded delay, no answer without remaining, and keeps the parts while trusted', () => {
		const state = { resetTrust: TRUSTED, others: measured, budget: startBudget(LIMIT) };
		// "1" (a rounded delay) would claim a window not begun when read as exact
		const rounded = afterResetCheck(state, { remaining: 3, resetAtMs: T + 1000 }, T, 1000);
		expect(rounded).toEqual({ resetTrust: TRUSTED });
		const bare = afterResetCheck(state, { resetAtMs: T + 1500 }, T, 1000);
		expect(bare).toEqual({ resetTrust: TRUSTED });
		const fine = afterResetCheck(state, { remaining: 3, resetAtMs: T + 400 }, T, 1000);
		expect(fine).toEqual({
			resetTrust: { ...TRUSTED, claimed: { resetAtMs: T + 400, remaining: 3 } },
		});
	});
});
