/**
 * The refusal cap (refusalCap.ts) beside another client sending steadily a small share of the plan (5-15 %), on a
 * sliding log telling no reset: the model cannot see that client, and answers show it at most now and then. When
 * each refusal grew the cap back fast, it overflowed again within a few windows and was halved again (the figures:
 * docs/rate-limits.md, Limits). A refusal that recurs with the others hidden now grows the cap back fast only to
 * below the cap that overflowed (that a refusal leaves none remaining, said or not: refusalCap.unit.test.ts).
 */
import { runFixedWindow } from './fixedWindowRun';

it.each([
	[20, 0.05],
	[20, 0.15],
	[100, 0.05],
])(
	'a lone process at %s/s beside a steady hidden client at %s of the plan: >= 75 %% of the plan used (>= 65 %% by itself), <= 1.5 %% 429s',
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
		// the plan used counts the hidden client's accepted requests too; the docs give both figures
		expect(outcome.planShare).toBeGreaterThanOrEqual(0.75);
		expect(outcome.ownShare).toBeGreaterThanOrEqual(0.65);
		expect(outcome.refusedShare).toBeLessThanOrEqual(0.015);
	},
);
