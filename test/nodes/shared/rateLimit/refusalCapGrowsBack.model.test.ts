/**
 * The refusal cap (refusalCap.ts) on the fake clock, where nothing but a passing overflow drew the refusal: a lone
 * process meeting one foreign burst on fixed windows with exact resets, and the worker left when its partner stops.
 * Both fill more than half of each window alone, which must not read as others filling the budget.
 */
import { runFixedWindow, RUN_START_MS, type FixedWindowRun } from './fixedWindowRun';

const BURST_AT_MS = 20_000;
const STOP_AT_MS = 20_000;

it.each([5, 20, 100])(
	'a lone process at %s/s loses under 1.5 windows of plan after one stray 429 (a foreign burst at 3x the plan)',
	(rate) => {
		const run: FixedWindowRun = {
			ratePerSecond: rate,
			resetFormat: 'epochMs',
			executions: [{ process: 0 }],
			durationMs: BURST_AT_MS + 40_000,
			measureFromMs: BURST_AT_MS,
			seed: 7,
		};
		const calm = runFixedWindow(run);
		const burst = runFixedWindow({
			...run,
			foreignPerSecond: rate * 3,
			foreignFromMs: BURST_AT_MS,
			foreignUntilMs: BURST_AT_MS + 200,
		});
		expect(burst.refused).toBeGreaterThan(0);
		const lostWindows = (calm.planShare - burst.planShare) * 40;
		expect(lostWindows).toBeLessThan(1.5);
	},
);

it.each([
	['offsetWindows', 'epochMs', 5],
	['offsetWindows', 'epochSeconds', 5],
	['offsetWindows', 'epochSeconds', 100],
] as const)(
	'%s counting, Reset %s, %s/s: the worker left when its partner stops is back at the whole plan within 5 windows',
	(kind, resetFormat, rate) => {
		const allowances: Array<[number, number]> = [];
		runFixedWindow({
			ratePerSecond: rate,
			resetFormat,
			shape: { kind },
			busy: true,
			executions: [{ process: 0 }, { process: 1, startMs: 150, stopMs: STOP_AT_MS }],
			durationMs: STOP_AT_MS + 10_000,
			seed: 3,
			onAnswer: (process, limiter, nowMs) => {
				if (process === 0) allowances.push([nowMs - RUN_START_MS, limiter.allowancePerSecond]);
			},
		});
		const back = allowances.find(
			([atMs, allowance]) => atMs >= STOP_AT_MS && allowance >= 0.95 * rate,
		);
		expect(back).toBeDefined();
		expect((back![0] - STOP_AT_MS) / 1000).toBeLessThan(5);
	},
);
