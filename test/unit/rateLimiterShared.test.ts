/**
 * Several n8n processes on one team's budget (queue-mode workers), simulated on a fake clock with the
 * simulator's own window counting (test/support/limiterSimulation.ts): each process has its own limiter and
 * sees the others only through the service's X-RateLimit-* answers. The shape is the queue-mode benchmark's
 * (`npm run bench:queue`): 4 executions of 500 creates each, spread over the workers, started 150 ms apart,
 * answers 25-60 ms after arrival, timers up to 5 ms late. Figures are shares of the plan over the whole run
 * (first request to last answer), as the benchmark reports them.
 */
import type { ResetFormat } from '../../simulator/rateLimit';
import {
	simulateLimiters,
	type SimulatedExecution,
	type SimulationScenario,
} from '../support/limiterSimulation';

const NETWORK = { latencyMs: { min: 25, max: 60 }, timerLagMs: 5 } as const;

function benchShape(
	workers: number,
	ratePerSecond: number,
	options: Partial<SimulationScenario> = {},
) {
	const executions: SimulatedExecution[] = Array.from({ length: 4 }, (_, index) => ({
		process: index % workers,
		startMs: index * 150,
		requests: 500,
	}));
	return simulateLimiters({
		ratePerSecond,
		executions,
		durationMs: 400_000,
		...NETWORK,
		...options,
	});
}

describe.each([2, 4])('%i workers, 4 executions x 500 requests on one team', (workers) => {
	describe.each([20, 50])('at %i per second', (ratePerSecond) => {
		it.each([1, 2, 3])(
			'use >= 95%% of the plan together, < 1%% of answers 429, 0 failed (seed %i)',
			(seed) => {
				const outcome = benchShape(workers, ratePerSecond, { seed });
				expect(outcome.completed).toBe(2000);
				expect(outcome.failed).toBe(0);
				expect(outcome.planShare).toBeGreaterThanOrEqual(0.95);
				expect(outcome.refusedShare).toBeLessThan(0.01);
			},
		);

		it.each([1, 2, 3])(
			'yield to a foreign client spending a third: >= 95%% of what it leaves, < 1%% of answers 429 (< 3%% of its), 0 failed (seed %i)',
			(seed) => {
				const outcome = benchShape(workers, ratePerSecond, {
					seed,
					foreignPerSecond: ratePerSecond / 3,
				});
				expect(outcome.completed).toBe(2000);
				expect(outcome.failed).toBe(0);
				expect(outcome.shareOfWhatWasLeft).toBeGreaterThanOrEqual(0.95);
				expect(outcome.refusedShare).toBeLessThan(0.01);
				// a window of 20 holds 20 requests: its last one goes to whoever comes first, now and then the foreign one
				expect(
					outcome.foreignRefused / (outcome.foreignAccepted + outcome.foreignRefused),
				).toBeLessThan(0.03);
			},
		);
	});
});

describe('starting together', () => {
	it.each([20, 50])(
		'4 new workers at %i per second do not start at the full plan each: the first windows stay near the limit',
		(ratePerSecond) => {
			const outcome = simulateLimiters({
				ratePerSecond,
				executions: Array.from({ length: 4 }, (_, process) => ({
					process,
					startMs: 0,
					requests: ratePerSecond * 5,
				})),
				durationMs: 60_000,
				...NETWORK,
			});
			const firstWindows = outcome.windows.slice(0, 3);
			const arrivedInFirstWindows = firstWindows.reduce(
				(sum, window) => sum + window.ours + window.refused,
				0,
			);
			// before this design each worker started at the full plan: up to twice the limit arrived per window
			expect(arrivedInFirstWindows).toBeLessThanOrEqual(3 * ratePerSecond * 1.15);
			expect(outcome.failed).toBe(0);
		},
	);
});

describe('growing back', () => {
	it.each([20, 50])(
		'a worker squeezed to a small share takes the whole plan within a second when the others finish (%i per second)',
		(ratePerSecond) => {
			// three workers spend the budget for 10 s, the fourth joins late and is squeezed, then keeps going alone
			const outcome = simulateLimiters({
				ratePerSecond,
				executions: [
					{ process: 0, startMs: 0, stopMs: 10_000 },
					{ process: 1, startMs: 0, stopMs: 10_000 },
					{ process: 2, startMs: 0, stopMs: 10_000 },
					{ process: 3, startMs: 2000 },
				],
				durationMs: 25_000,
				...NETWORK,
			});
			const othersDoneMs = Math.max(...outcome.lastAnswerMsByProcess.slice(0, 3));
			// the windows from a second after the others' last answer to the end (the last one is cut short)
			const alone = outcome.windows.slice(Math.ceil((othersDoneMs + 1000) / 1000) + 1, -1);
			expect(alone.length).toBeGreaterThan(5);
			for (const window of alone) expect(window.ours).toBeGreaterThanOrEqual(0.9 * ratePerSecond);
			expect(outcome.refusedShare).toBeLessThan(0.01);
		},
	);
});

describe('the reset formats the service might use (2 and 4 workers at 20 per second, no foreign client)', () => {
	it.each(['epochMs', 'httpDate', 'msUntil'] as ResetFormat[])(
		'%s (an exact reset): >= 95%% of the plan, < 1%% 429, 0 failed',
		(resetFormat) => {
			for (const workers of [2, 4]) {
				const outcome = benchShape(workers, 20, { resetFormat });
				expect(outcome.failed).toBe(0);
				expect(outcome.planShare).toBeGreaterThanOrEqual(0.95);
				expect(outcome.refusedShare).toBeLessThan(0.01);
			}
		},
	);

	it.each(['seconds', 'none'] as ResetFormat[])(
		'%s (no exact reset: windows learnt from answers, rule 7): >= 93%% of the plan, < 5%% 429, 0 failed',
		(resetFormat) => {
			for (const workers of [2, 4]) {
				const outcome = benchShape(workers, 20, { resetFormat });
				expect(outcome.failed).toBe(0);
				expect(outcome.planShare).toBeGreaterThanOrEqual(0.93);
				expect(outcome.refusedShare).toBeLessThan(0.05);
			}
		},
	);

	it.each(['epochSeconds', 'seconds', 'msUntil', 'none'] as ResetFormat[])(
		'a per-minute limit (1,200 on 20 per second, Reset as %s): 2 workers, 0 failed',
		(resetFormat) => {
			const outcome = simulateLimiters({
				ratePerSecond: 20,
				resetFormat,
				limitWindow: 'minute',
				executions: [
					{ process: 0, startMs: 0, requests: 1500 },
					{ process: 1, startMs: 0, requests: 1500 },
				],
				durationMs: 400_000,
				...NETWORK,
			});
			expect(outcome.completed).toBe(3000);
			expect(outcome.failed).toBe(0);
		},
	);
});
