/**
 * The refusal cap (refusalCap.ts) beside another client sending steadily a small share of the plan (5-15 %), on a
 * sliding log telling no reset: the model cannot see that client, and answers show it at most now and then. When
 * each refusal grew the cap back fast, it overflowed again within a few windows and was halved again: 62-72 % of
 * the plan used and 4-10 times the 429s. A refusal that recurs with the others hidden now grows the cap back fast
 * only to below the cap that overflowed.
 */
import { runFixedWindow } from './fixedWindowRun';

it.each([
	[20, 0.05],
	[20, 0.15],
	[100, 0.05],
])(
	'a lone process at %s/s beside a steady hidden client at %s of the plan uses >= 75 %% of the plan, <= 1.5 %% 429s',
	(rate, share) => {
		const outcome = runFixedWindow({
			ratePerSecond: rate,
			resetFormat: 'none',
			shape: { kind: 'sliding' },
			busy: true,
			executions: [{ process: 0 }],
			foreignPerSecond: rate * share,
			durationMs: 60_000,
			measureFromMs: 10_000,
			seed: 1,
		});
		expect(outcome.failed).toBe(0);
		expect(outcome.planShare).toBeGreaterThanOrEqual(0.75);
		expect(outcome.refusedShare).toBeLessThanOrEqual(0.015);
	},
);
