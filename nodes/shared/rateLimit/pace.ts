/**
 * The pace: when the next request may start. Slots lie on an even grid of `window / allowance` (the allowance
 * is our share of the window's limit, below the limit by the headroom); nothing starts before what the service
 * told (a 429, or nothing remaining until a reset). Pure: functions over a `Pace` value and the numbers given.
 */

import type { RateLimitSnapshot } from './headers';

/** Share of the limit we pace to: a window then tolerates 1/H - 1 of a window of arrival jitter. */
export const PACING_HEADROOM = 0.98;
/** A send this share of a window late keeps its slot's place on the grid, so a busy event loop adds up nothing. */
const LATE_SEND_SHARE = 0.02;
/** Slots are granted at most this share of a window ahead, so each grant is decided on the latest answers. */
const GRANT_HORIZON_SHARE = 0.05;
/** Slots moved to a window's reset start this much after it, so that they surely count in the new window. */
export const RESET_GUARD_MS = 5;

/** The limit we pace by: the plan's (the ceiling), the one adopted from the service, and our share of it. */
export interface Budget {
	readonly planLimit: number;
	readonly limitPerWindow: number;
	readonly allowance: number;
}

export interface Pace {
	/** Where the grid puts the next slot. */
	readonly nextSlotAtMs: number;
	/** Nothing starts before this: the service told us to wait. */
	readonly blockedUntilMs: number;
	/** The block is the pause after a 429 that told no wait, not one the service told. */
	readonly blockUntold?: boolean;
}

export const START_PACE: Pace = {
	nextSlotAtMs: Number.NEGATIVE_INFINITY,
	blockedUntilMs: Number.NEGATIVE_INFINITY,
};

/** Requests per window for a rate per second; refuses a rate that is not a positive number. */
export function limitOf(ratePerSecond: number, windowMs: number): number {
	if (!Number.isFinite(ratePerSecond) || ratePerSecond <= 0) {
		throw new RangeError(`ratePerSecond must be a positive number, got ${ratePerSecond}`);
	}
	return (ratePerSecond * windowMs) / 1000;
}

export function startBudget(planLimit: number): Budget {
	return { planLimit, limitPerWindow: planLimit, allowance: targetOf(planLimit) };
}

/** What all clients of the budget together aim for. */
export function targetOf(limitPerWindow: number): number {
	return PACING_HEADROOM * limitPerWindow;
}

/** A new limit (the plan's, or a lower one the service told) scales our share with it. */
export function adoptLimit(budget: Budget, limit: number): Budget {
	if (limit === budget.limitPerWindow) return budget;
	return {
		...budget,
		allowance: (budget.allowance * limit) / budget.limitPerWindow,
		limitPerWindow: limit,
	};
}

export function intervalMs(budget: Budget, windowMs: number): number {
	return windowMs / budget.allowance;
}

/** How far ahead of its time a slot may be granted: a twentieth of a window, at most two intervals. */
export function grantHorizonMs(budget: Budget, windowMs: number): number {
	return Math.max(1, Math.min(2 * intervalMs(budget, windowMs), windowMs * GRANT_HORIZON_SHARE));
}

/** The next slot: on the grid when the last send was at most a little late, else now; never while blocked. */
export function earliestSlot(pace: Pace, nowMs: number, windowMs: number): number {
	const onGrid =
		nowMs - pace.nextSlotAtMs <= windowMs * LATE_SEND_SHARE ? pace.nextSlotAtMs : nowMs;
	return Math.max(onGrid, pace.blockedUntilMs);
}

export function afterGrant(pace: Pace, slotMs: number, interval: number): Pace {
	return { ...pace, nextSlotAtMs: slotMs + interval };
}

/**
 * The last slot granted, given back unsent: the next is where the pace had that one. A slot that was moved past a
 * window's reset goes back to where the grid had it, so the next request asks the window again (not the reset).
 */
export function afterGiveBack(pace: Pace, paceSlotMs: number): Pace {
	return { ...pace, nextSlotAtMs: paceSlotMs };
}

export function blockUntil(pace: Pace, atMs: number, untold = false): Pace {
	return atMs > pace.blockedUntilMs ? { ...pace, blockedUntilMs: atMs, blockUntold: untold } : pace;
}

/**
 * How long no slot starts after a 429: `Retry-After`, else the exact reset. A rounded delay d only says the
 * reset lies in (d - W, d]; waiting all of d would idle half a window on average, so slots resume a quarter
 * window after the earliest possible reset (the refused request itself waits the whole told delay). Without
 * any hint, a whole window.
 */
export function waitAfterRefusal(
	snapshot: RateLimitSnapshot,
	exactResetAtMs: number | undefined,
	nowMs: number,
	windowMs: number,
): number {
	if (snapshot.retryAfterMs !== undefined) return snapshot.retryAfterMs;
	if (exactResetAtMs !== undefined) return exactResetAtMs - nowMs;
	if (snapshot.resetAtMs !== undefined) return snapshot.resetAtMs - nowMs - windowMs + windowMs / 4;
	return windowMs;
}
