/** Whether a slot still fits into the current window, given the last answer and others' pace so far. */
import { fitIntoWindow } from '../../../../nodes/shared/rateLimit/windowFit';

const T = Date.UTC(2027, 0, 15, 8, 0, 0, 0);
/** The last answer: `remaining` after ours, counted `atMs` into a window starting at T, others' count so far. */
const last = (remaining: number, atMs: number, othersSoFar: number) => ({
	remaining,
	countedAtMs: T + atMs,
	resetAtMs: T + 1000,
	windowStartMs: T,
	othersSoFar,
});

it('moves a slot just past the reset when others, at their pace so far, fill the rest before it', () => {
	// 377 ms into the window it counted 9 requests, 1 of them ours: others spend ~21 per second
	expect(fitIntoWindow(T + 479, last(1, 377, 8), 1, 10, 1000)).toBe(T + 1005);
});

it('keeps the slot when the window showed only our own requests', () => {
	expect(fitIntoWindow(T + 479, last(9, 377, 0), 1, 10, 1000)).toBe(T + 479);
});

it('moves the slot when our own requests sent since the answer already take what remains', () => {
	expect(fitIntoWindow(T + 479, last(2, 377, 0), 3, 10, 1000)).toBe(T + 1005);
});

it('does not take a count right after the window start as a pace (a tenth of a window at least)', () => {
	expect(fitIntoWindow(T + 60, last(5, 10, 3), 1, 10, 1000)).toBe(T + 60);
});

it('leaves slots alone without a known window, and slots already in the next window', () => {
	expect(fitIntoWindow(T + 479, { remaining: 0, countedAtMs: T + 377 }, 1, 10, 1000)).toBe(T + 479);
	expect(fitIntoWindow(T + 1010, last(0, 377, 8), 1, 10, 1000)).toBe(T + 1010);
	expect(fitIntoWindow(T + 479, undefined, 1, 10, 1000)).toBe(T + 479);
});
