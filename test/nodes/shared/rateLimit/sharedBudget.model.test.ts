/**
 * What queue mode needs, on a fake clock: limiters of several processes (n8n workers) sharing one team's budget
 * against the simulator's fixed-window counting, each seeing the others only through the answers
 * (fixedWindowRun.ts). Figures are shares of the plan over the run, as `npm run bench:queue` reports them.
 */
import { PACING_HEADROOM } from '../../../../nodes/shared/rateLimit/pace';
import { RESET_FORMATS, type ResetFormat } from '../../../../simulator/rateLimit';
import { runFixedWindow } from './fixedWindowRun';

describe('against a fixed-window service (fake clock)', () => {
	/** The queue-mode benchmark's shape: 4 executions of 500 requests over the workers, 150 ms apart. */
	const benchShape = (
		workers: number,
		rate: number,
		more: { resetFormat?: ResetFormat; foreign?: boolean; seed?: number } = {},
	) =>
		runFixedWindow({
			ratePerSecond: rate,
			resetFormat: more.resetFormat,
			seed: more.seed,
			foreignPerSecond: more.foreign ? rate / 3 : undefined,
			busy: true,
			executions: [0, 1, 2, 3].map((index) => ({
				process: index % workers,
				startMs: index * 150,
				requests: 500,
			})),
			durationMs: 400_000,
		});

	it.each(RESET_FORMATS)(
		'alone at 5 and 200 per second (Reset %s): >= 96%% of the plan, no 429',
		(resetFormat) => {
			for (const ratePerSecond of [5, 200]) {
				const outcome = runFixedWindow({
					ratePerSecond,
					resetFormat,
					executions: [{ process: 0 }],
					measureFromMs: 2000,
				});
				expect(outcome.planShare).toBeGreaterThanOrEqual(0.96);
				expect(outcome.planShare).toBeLessThanOrEqual(1);
				expect(outcome.refusedShare).toBe(0);
			}
		},
	);

	it.each([
		[2, 20],
		[4, 20],
		[2, 50],
		[4, 50],
	])(
		'%i workers at %i per second share the budget: >= 95%%, < 1%% 429, 0 failed (seeds 1 and 2)',
		(workers, rate) => {
			for (const seed of [1, 2]) {
				const outcome = benchShape(workers, rate, { seed });
				expect(outcome.completed).toBe(2000);
				expect(outcome.failed).toBe(0);
				expect(outcome.planShare).toBeGreaterThanOrEqual(0.95);
				expect(outcome.refusedShare).toBeLessThan(0.01);
			}
		},
	);

	it.each([
		[2, 20],
		[4, 50],
	])(
		'%i workers at %i per second yield to a foreign client spending a third: >= 95%% of what it leaves',
		(workers, rate) => {
			const outcome = benchShape(workers, rate, { foreign: true });
			expect(outcome.failed).toBe(0);
			expect(outcome.shareOfWhatWasLeft).toBeGreaterThanOrEqual(0.95);
			expect(outcome.refusedShare).toBeLessThan(0.01);
			expect(outcome.foreignRefusedShare).toBeLessThan(0.03);
		},
	);

	it.each(['epochMs', 'httpDate', 'msUntil', 'seconds', 'none'] as ResetFormat[])(
		'2 and 4 workers at 20 per second, Reset %s: 0 failed, >= 95%% (93%% without an exact reset)',
		(resetFormat) => {
			const exact = !['seconds', 'none'].includes(resetFormat);
			for (const workers of [2, 4]) {
				const outcome = benchShape(workers, 20, { resetFormat });
				expect(outcome.failed).toBe(0);
				expect(outcome.planShare).toBeGreaterThanOrEqual(exact ? 0.95 : 0.93);
				expect(outcome.refusedShare).toBeLessThan(exact ? 0.01 : 0.05);
			}
		},
	);

	it.each(['epochSeconds', 'msUntil', 'seconds'] as ResetFormat[])(
		'alone beside another tool spending half of 20 and 100 per second (Reset %s): >= 96%% in total, it keeps its half',
		(resetFormat) => {
			for (const ratePerSecond of [20, 100]) {
				const outcome = runFixedWindow({
					ratePerSecond,
					resetFormat,
					executions: [{ process: 0 }],
					foreignPerSecond: ratePerSecond / 2,
					measureFromMs: 2000,
				});
				expect(outcome.planShare).toBeGreaterThanOrEqual(0.96);
				expect(outcome.refusedShare).toBeLessThan(0.01);
				expect(outcome.foreignRefusedShare).toBeLessThan(0.02);
				expect(outcome.shareOfWhatWasLeft).toBeGreaterThanOrEqual(0.92);
			}
		},
	);

	it.each([0, 3000])(
		'two limiters at 100 per second, the second starting at %i ms: >= 95.5%% in total, < 1%% 429',
		(secondStartMs) => {
			const outcome = runFixedWindow({
				ratePerSecond: 100,
				executions: [
					{ process: 0, startMs: 0 },
					{ process: 1, startMs: secondStartMs },
				],
				measureFromMs: 2000,
			});
			expect(outcome.planShare).toBeGreaterThanOrEqual(0.955);
			expect(outcome.refusedShare).toBeLessThan(0.01);
		},
	);

	it.each(['epochSeconds', 'seconds', 'msUntil', 'none'] as ResetFormat[])(
		'a per-minute limit (1,200 on 20 per second, Reset %s): 2 workers x 1,500 requests, 0 failed',
		(resetFormat) => {
			const outcome = runFixedWindow({
				ratePerSecond: 20,
				resetFormat,
				limitWindow: 'minute',
				busy: true,
				executions: [
					{ process: 0, requests: 1500 },
					{ process: 1, requests: 1500 },
				],
				durationMs: 400_000,
			});
			expect(outcome.completed).toBe(3000);
			expect(outcome.failed).toBe(0);
		},
	);

	it.each(['epochSeconds', 'seconds', 'msUntil', 'none'] as ResetFormat[])(
		"the simple interface's per-minute key budget (60 and 300 a minute, Reset %s): 2 workers x 2.5 minutes' worth, none failed",
		(resetFormat) => {
			for (const perMinute of [60, 300]) {
				const outcome = runFixedWindow({
					ratePerSecond: perMinute / 60,
					resetFormat,
					limitWindow: 'minute',
					limiterWindowMs: 60_000,
					busy: true,
					executions: [0, 1].map((process) => ({ process, requests: perMinute * 2.5 })),
					durationMs: 3_600_000,
				});
				expect(outcome.completed).toBe(perMinute * 5);
				expect(outcome.failed).toBe(0);
				expect(outcome.planShare).toBeGreaterThanOrEqual(0.8);
				expect(outcome.planShare).toBeLessThanOrEqual(1);
			}
		},
	);

	it('4 workers starting together do not each start at the full plan: the first windows stay near the limit', () => {
		const outcome = runFixedWindow({
			ratePerSecond: 50,
			busy: true,
			executions: [0, 1, 2, 3].map((process) => ({ process, requests: 250 })),
			durationMs: 60_000,
		});
		const firstWindows = outcome.seconds
			.slice(0, 3)
			.reduce((sum, second) => sum + second.arrived, 0);
		expect(firstWindows).toBeLessThanOrEqual(3 * 50 * 1.15);
		expect(outcome.failed).toBe(0);
	});

	it('a worker joining late and squeezed takes the whole plan within a second once the others stop', () => {
		const outcome = runFixedWindow({
			ratePerSecond: 20,
			executions: [
				{ process: 0, stopMs: 10_000 },
				{ process: 1, stopMs: 10_000 },
				{ process: 2, stopMs: 10_000 },
				{ process: 3, startMs: 2000 },
			],
			busy: true,
			durationMs: 25_000,
		});
		const othersDoneMs = Math.max(...outcome.lastAnswerMsByProcess.slice(0, 3));
		const alone = outcome.seconds.slice(Math.ceil((othersDoneMs + 1000) / 1000) + 1, -1);
		expect(alone.length).toBeGreaterThan(5);
		for (const second of alone) expect(second.ours).toBeGreaterThanOrEqual(0.9 * 20);
		expect(outcome.refusedShare).toBeLessThan(0.01);
		expect(outcome.limiters[3].allowancePerSecond).toBeGreaterThan(0.95 * PACING_HEADROOM * 20);
	});
});
