/**
 * Exact resets that are window ends stay in use where other processes spend the budget first, and where a
 * whole-second reset is a small share of the window (fake clock, fixedWindowRun.ts). A sign from `remaining`
 * (no rise at a told reset) read another worker's requests at a small plan's window start as a sliding count,
 * and an answer in the last second before a minute's rounded-up start as early: both dropped the resets for
 * the limiter's life (2 workers at 5/s: 5-19 % 429s; 4 at 8/s: 41 % of the plan; 300 a minute: 79 %).
 */
import { runFixedWindow, runQueueShape } from './fixedWindowRun';

/** The queue-mode benchmark's shape (4 executions over the workers, exact epoch-ms resets). */
const benchShape = (workers: number, rate: number, seed: number, requests: number) =>
	runQueueShape(workers, rate, seed, requests, { durationMs: 400_000 });

it('2 queue-mode workers on a plan of 5 per second, exact epoch-ms resets: < 1 % 429 (seeds 1-3)', () => {
	const refused = [1, 2, 3].map((seed) => benchShape(2, 5, seed, 150).refusedShare);
	expect(refused.map((share) => share < 0.01)).toEqual([true, true, true]);
});

it('4 queue-mode workers at 8 per second, exact epoch-ms resets: >= 90 % of the plan', () => {
	const outcome = benchShape(4, 8, 1, 240);
	expect(outcome.failed).toBe(0);
	expect(outcome.planShare).toBeGreaterThanOrEqual(0.9);
});

it("the simple interface's key (300 a minute), windows from the first request, epoch seconds: >= 93 %", () => {
	const outcome = runFixedWindow({
		ratePerSecond: 5,
		resetFormat: 'epochSeconds',
		limitWindow: 'minute',
		limiterWindowMs: 60_000,
		shape: { kind: 'firstRequestWindows' },
		busy: true,
		executions: [{ process: 0, requests: 1500 }],
		durationMs: 3_600_000,
	});
	expect(outcome.failed).toBe(0);
	expect(outcome.planShare).toBeGreaterThanOrEqual(0.93);
});
