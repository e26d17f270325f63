/**
 * The limit the service tells, adopted when lower than the plan's. A service may tell its headers only with its
 * 429s: a limit told by refusals alone holds while refusals come, and lapses back to the plan's once
 * REFUSAL_LIMIT_HOLD_WINDOWS pass without one, so that one refusal (perhaps of another bucket) cannot slow the
 * process for its whole life. A limit answers other than 429 tell holds until an answer tells another. Pure.
 */

import { adoptLimit, type Budget } from './pace';

/** Windows without a refusal after which a limit told by 429s alone lapses: a minute of QRTRAC's seconds. */
export const REFUSAL_LIMIT_HOLD_WINDOWS = 60;

/** The budget, and when the last refusal came while the limit in force was told by refusals alone. */
export interface ToldLimit {
	readonly budget: Budget;
	readonly refusalHeldAtMs: number | undefined;
}

/** Adopts the limit an answer of our window told (none: kept); a refusal renews a limit refusals told. */
export function adoptTold(
	told: ToldLimit,
	limit: number | undefined,
	refused: boolean,
	nowMs: number,
): ToldLimit {
	const held = told.refusalHeldAtMs !== undefined;
	if (limit === undefined || limit <= 0)
		return { ...told, refusalHeldAtMs: refused && held ? nowMs : told.refusalHeldAtMs };
	const budget = adoptLimit(told.budget, Math.min(limit, told.budget.planLimit));
	// a refusal repeating the limit other answers told leaves it theirs
	const theirs = !held && budget.limitPerWindow === told.budget.limitPerWindow;
	const byRefusal = refused && budget.limitPerWindow < budget.planLimit && !theirs;
	return { budget, refusalHeldAtMs: byRefusal ? nowMs : undefined };
}

/** The plan's limit again once a limit refusals alone told has gone REFUSAL_LIMIT_HOLD_WINDOWS without one. */
export function lapseTold(told: ToldLimit, nowMs: number, windowMs: number): ToldLimit {
	const heldAtMs = told.refusalHeldAtMs;
	if (heldAtMs === undefined || nowMs - heldAtMs < windowMs * REFUSAL_LIMIT_HOLD_WINDOWS)
		return told;
	return { budget: adoptLimit(told.budget, told.budget.planLimit), refusalHeldAtMs: undefined };
}
