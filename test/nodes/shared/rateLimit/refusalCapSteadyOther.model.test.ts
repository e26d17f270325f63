/**
 * The refusal cap (refusalCap.ts) beside another client sending steadily a small share of the plan (5-15 %), on a
 * sliding log telling no reset: the model cannot see that client, and answers show it at most now and then. When
 * each refusal grew the cap back fast, it overflowed again within a few windows and was halved again (the figures:
 * docs/rate-limits.md, Limits). A refusal that recurs with the others hidden now grows the cap back fast only to
 * below the cap that overflowed. A refusal leaves none remaining, whether or not it says so.
 */
import { startBudget } from '../../../../nodes/shared/rateLimit/pace';
import {
	afterAnswer,
	capAt,
	NO_CAP,
	type CapAnswer,
	type RefusalCap,
} from '../../../../nodes/shared/rateLimit/refusalCap';
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

it.each([
	['under', 2500, false],
	['over', 3600, true],
])(
	'a refusal recurring while our share is %s 80 %% of the limit reads the same with or without Remaining: 0',
	(_, atMs, ceiling) => {
		const budget = startBudget(20);
		const target = budget.allowance;
		const answer = (cap: RefusalCap, told: CapAnswer, nowMs: number) =>
			afterAnswer({ refusalCap: cap, budget }, budget, told, nowMs, 1000);
		const first = answer(NO_CAP, { refused: true, slotMs: 990 }, 1000);
		const share = capAt(first, target, atMs, 1000) / budget.limitPerWindow;
		expect(share > 0.8).toBe(ceiling);
		// a refusal leaves none, said or not: under 80 % of the limit for us, others take over a fifth of it, more
		// than a small client the model cannot see; over it, such a client is all it takes
		const recurred = (remaining?: number) =>
			answer(first, { refused: true, remaining, slotMs: atMs - 60 }, atMs);
		const told = recurred(0);
		const untold = recurred(undefined);
		expect(told.ceiling !== undefined).toBe(ceiling);
		expect(untold).toEqual(told);
		const fourWindowsOn = atMs + 4000;
		expect(capAt(untold, target, fourWindowsOn, 1000)).toBe(
			capAt(told, target, fourWindowsOn, 1000),
		);
	},
);
