/** Whether told resets are window ends: an answer earlier than its reset's window contradicts them (fake clock). */
import { countAnswer, NO_OTHERS } from '../../../../nodes/shared/rateLimit/othersUse';
import {
	afterResetCheck,
	checkReset,
	isContradicted,
	TRUSTED,
} from '../../../../nodes/shared/rateLimit/resetTrust';
import { restartIfIdle, startState } from '../../../../nodes/shared/rateLimit/start';

const T = Date.UTC(2027, 0, 15, 8, 0, 0, 0);
const LIMIT = 20;

describe('a reset that is a window end', () => {
	it('keeps trusting answers within the window their reset claims, however little remains', () => {
		// fixed windows on whole seconds: every answer arrives after its window began
		const trust = [
			[T + 10, T + 1000],
			[T + 990, T + 1000],
			[T + 1001, T + 2000],
		].reduce((checked, [atMs, resetAtMs]) => checkReset(checked, resetAtMs, atMs, 1000), TRUSTED);
		expect(trust).toBe(TRUSTED);
		expect(isContradicted(trust, T + 1001, 1000)).toBe(false);
	});

	it('is not contradicted on windows where a whole second is under 5 %: a minute starting at a first request', () => {
		// the window began at T + 200, its end T + 60,200 rounded up to T + 61,000 claims a start at T + 1000
		expect(checkReset(TRUSTED, T + 61_000, T + 500, 60_000)).toBe(TRUSTED);
		// on windows of 10 s a whole second is 10 %: the sign holds
		expect(isContradicted(checkReset(TRUSTED, T + 11_000, T + 500, 10_000), T + 500, 10_000)).toBe(
			true,
		);
	});
});

describe('a reset that is no window end', () => {
	it('is contradicted by an answer that arrived before the window its reset claims began', () => {
		// windows 370 ms past the clock's seconds, their end rounded up to epoch seconds: (T - 630, T + 370] says T + 1000
		const early = checkReset(TRUSTED, T + 1000, T - 400, 1000);
		expect(isContradicted(early, T - 400, 1000)).toBe(true);
		expect(checkReset(TRUSTED, T + 1000, T + 10, 1000)).toBe(TRUSTED);
	});

	it('is not contradicted by an answer early by no more than a clock skew (a Date behind the resets)', () => {
		expect(checkReset(TRUSTED, T + 1000, T - 250, 1000)).toBe(TRUSTED);
		expect(checkReset(TRUSTED, T + 1000, T - 301, 1000)).not.toBe(TRUSTED);
	});

	it('stays contradicted while early answers come, and lapses after 60 windows without one', () => {
		const first = checkReset(TRUSTED, T + 1000, T - 400, 1000);
		const renewed = checkReset(first, T + 31_000, T + 29_600, 1000);
		expect(isContradicted(renewed, T + 59_000, 1000)).toBe(true);
		// an answer within its window changes nothing
		expect(checkReset(renewed, T + 31_000, T + 30_100, 1000)).toBe(renewed);
		expect(isContradicted(renewed, T + 29_600 + 60_000, 1000)).toBe(false);
	});

	it('is read as a window end again when the limiter restarts after being idle', () => {
		const idle = {
			...startState(LIMIT),
			probing: false,
			lastAnswerAtMs: T,
			resetTrust: checkReset(TRUSTED, T + 1000, T - 400, 1000),
		};
		expect(restartIfIdle(idle, T + 2000, 1000).resetTrust).toBe(idle.resetTrust);
		expect(restartIfIdle(idle, T + 3000, 1000).resetTrust).toBe(TRUSTED);
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
		const state = { resetTrust: TRUSTED, others: measured };
		const told = { remaining: 12, resetAtMs: T + 1000, resetOnWholeSecond: true };
		const after = afterResetCheck(state, told, T - 400, 1000);
		expect(isContradicted(after.resetTrust, T - 400, 1000)).toBe(true);
		expect(after.others).toMatchObject({ perWindow: measured.perWindow, measurements: 0 });
		expect('lastAnswer' in after && after.lastAnswer === undefined).toBe(true);
		// a further early answer only renews the contradiction: what was measured since stays
		const again = afterResetCheck(
			{ ...state, resetTrust: after.resetTrust },
			{ remaining: 3, resetAtMs: T + 2000, resetOnWholeSecond: true },
			T + 600,
			1000,
		);
		expect(again).toEqual({ resetTrust: { contradictedAtMs: T + 600 } });
	});

	it('checks no rounded delay nor an answer without a reset, and keeps the parts while trusted', () => {
		const state = { resetTrust: TRUSTED, others: measured };
		// "1" (a rounded delay) would claim a window not begun when read as exact
		expect(afterResetCheck(state, { remaining: 3, resetAtMs: T + 1000 }, T, 1000)).toEqual({
			resetTrust: TRUSTED,
		});
		expect(afterResetCheck(state, { remaining: 3 }, T, 1000)).toEqual({ resetTrust: TRUSTED });
		expect(afterResetCheck(state, { remaining: 3, resetAtMs: T + 400 }, T, 1000)).toEqual({
			resetTrust: TRUSTED,
		});
	});

	it('checks only resets on whole seconds of the service clock: no other is a window end rounded up', () => {
		const state = { resetTrust: TRUSTED, others: measured };
		// epoch ms off the second (a clock ahead of ours by 700 ms, not yet learnt) can be no rounded window end
		expect(afterResetCheck(state, { remaining: 3, resetAtMs: T + 1700 }, T, 1000)).toEqual({
			resetTrust: TRUSTED,
		});
		const wholeSecond = { remaining: 3, resetAtMs: T + 1700, resetOnWholeSecond: true };
		expect(afterResetCheck(state, wholeSecond, T, 1000).resetTrust).not.toBe(TRUSTED);
	});

	it("reads the reset with the service's clock as far ahead as its Date headers allow", () => {
		const state = { resetTrust: TRUSTED, others: measured };
		const wholeSecond = { remaining: 3, resetAtMs: T + 1000, resetOnWholeSecond: true };
		expect(afterResetCheck(state, wholeSecond, T - 400, 1000).resetTrust).not.toBe(TRUSTED);
		// the Date headers so far allow the clock 200 ms further ahead: early by 200, within a skew
		expect(afterResetCheck(state, wholeSecond, T - 400, 1000, 200)).toEqual({
			resetTrust: TRUSTED,
		});
	});
});
