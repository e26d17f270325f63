/**
 * The cap refusals set on our share (refusalCap.ts): cut once per overflow, grown back, never for a minute; a
 * refusal leaves none remaining, whether or not it says so.
 */
import { startBudget } from '../../../../nodes/shared/rateLimit/pace';
import {
	afterAnswer,
	capAt,
	cappedBudget,
	NO_CAP,
	type CapAnswer,
	type RefusalCap,
} from '../../../../nodes/shared/rateLimit/refusalCap';

const budget = startBudget(20);
const target = budget.allowance;
const refusal = (slotMs: number): CapAnswer => ({ refused: true, remaining: 0, slotMs });
const answer = (cap: RefusalCap, told: CapAnswer, nowMs: number, windowMs = 1000) =>
	afterAnswer({ refusalCap: cap, budget }, budget, told, nowMs, windowMs);

it('halves the share on a refusal, once for the requests of the same overflow, again in a later window', () => {
	const cut = answer(NO_CAP, refusal(990), 1000);
	expect(capAt(cut, target, 1000, 1000)).toBeCloseTo(target / 2, 6);
	const sameOverflow = answer(cut, refusal(1500), 1040);
	expect(capAt(sameOverflow, target, 1040, 1000)).toBeLessThan(target / 2 + 0.1);
	const later = answer(sameOverflow, refusal(2100), 2140);
	expect(capAt(later, target, 2140, 1000)).toBeLessThan(target * 0.3);
	expect(cappedBudget({ refusalCap: later, budget }, 2140, 1000).allowance).toBeLessThan(
		target * 0.3,
	);
});

it('grows back slowly while answers tell the budget filling up, fast once a window passes without that', () => {
	const cut = answer(NO_CAP, refusal(990), 1000);
	const tight = answer(cut, { refused: false, remaining: 2 }, 3000);
	const slowly = capAt(tight, target, 3900, 1000) - capAt(tight, target, 3000, 1000);
	expect(slowly).toBeCloseTo(target * 0.02 * 0.9, 6);
	expect(capAt(tight, target, 4000 + 2600, 1000)).toBe(Infinity);
});

it('does not cut on a refusal that told a lower limit, nor for a window longer than 10 s', () => {
	const lower = { ...budget, limitPerWindow: 10 };
	const told = afterAnswer({ refusalCap: NO_CAP, budget: lower }, budget, refusal(990), 1000, 1000);
	expect(capAt(told, target, 1000, 1000)).toBe(Infinity);
	expect(capAt(answer(NO_CAP, refusal(59_000), 60_000, 60_000), target, 60_000, 60_000)).toBe(
		Infinity,
	);
});

it.each([
	['under', 2500, false],
	['over', 3600, true],
])(
	'a refusal recurring while our share is %s 80 %% of the limit reads the same with or without Remaining: 0',
	(_, atMs, ceiling) => {
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
