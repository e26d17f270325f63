import type { RateLimitSnapshot } from './rateLimitHeaders';

/**
 * Paces requests to a team's plan rate so that the service never has to answer 429, while using
 * nearly all of the plan.
 *
 * The service counts requests per team in FIXED windows (one second): at most L arrivals per window.
 *
 * 1. Pacing. Slots are handed out evenly spaced, `interval = W / (H * L)` with headroom H < 1. Evenly
 *    spaced slots at exactly L per window put L arrivals into a window only if every request takes the
 *    same time to arrive: the window [t, t + W) holds the arrivals of the sends in [t - dmax, t + W - dmin),
 *    a span of W + J where J = dmax - dmin is the arrival jitter, and a span of W + J can hold
 *    ceil((W + J) / interval) = ceil(H * L * (1 + J / W)) slots, i.e. L + 1 as soon as J > 0. With headroom
 *    H the count stays <= L as long as H * (W + J) <= W, i.e. J <= W * (1/H - 1): H = 0.98 tolerates 20 ms
 *    of jitter at every plan rate (5..200 per second), for 98% of the plan.
 * 2. Others on the same budget. Every answer tells `remaining` after our request was counted. Between two
 *    consecutive answers of the same window the count grew by `prevRemaining - remaining`: one of those is
 *    our own request, the rest came from other clients (other processes, other tools of the team). That sum
 *    telescopes, so answers that overtake each other do not distort it. Other clients' use per window is
 *    smoothed (EMA) and taken off our allowance: `allowance = H * (L - others)`. When every client does
 *    the same, each reacts to the others' measured use with a lag, which converges instead of oscillating
 *    (the sum s of two allowances follows ds/dt = (H*L - s) / lag).
 * 3. Exhausted windows. A 429 blocks every slot until the told wait (`Retry-After`, else the reset). An
 *    answer with `remaining = 0` while others share the budget blocks until the window resets, when the
 *    reset time is exact (a reset a whole number of seconds away is a rounded delay and could be up to a
 *    second early; our pacing alone never overruns, so only others make waiting worthwhile).
 * 4. A different `X-RateLimit-Limit` is adopted (the credential's plan may be wrong), unless the reset lies
 *    more than a window away: that answer describes a longer window (the per-minute simple API).
 */

export interface RateLimiterOptions {
	ratePerSecond: number;
	now?: () => number;
	/** Length of the service's counting window; 1000 for QRTRAC's per-second limits. */
	windowMs?: number;
}

/** Share of the plan we pace to; 1/H - 1 of a window is the arrival jitter tolerated (see rule 1). */
export const PACING_HEADROOM = 0.98;
/** Smallest allowance, as a share of the limit: keeps probing when others take everything. */
const MIN_SHARE = 0.05;
/** Others' use is measured over at least this share of a window before it moves the estimate. */
const ESTIMATE_SPAN_SHARE = 0.2;
/** EMA weight of each new measurement of others' use. */
const ESTIMATE_WEIGHT = 0.5;
/** How far `remaining` may rise within one window because answers overtook each other. */
const REORDER_TOLERANCE = 3;
/** Resets within this of a whole number of seconds from now are treated as rounded delays. */
const ROUNDED_RESET_TOLERANCE_MS = 2;

interface Observation {
	remaining: number;
	atMs: number;
	resetAtMs?: number;
}

export class RateLimiter {
	private readonly now: () => number;
	private readonly windowMs: number;
	private limitPerWindow: number;
	private othersPerWindow = 0;
	private nextSlotAtMs = Number.NEGATIVE_INFINITY;
	private blockedUntilMs = Number.NEGATIVE_INFINITY;
	private lastObservation: Observation | undefined;
	private measuredOthers = 0;
	private measuredSpanMs = 0;

	constructor(options: RateLimiterOptions) {
		this.now = options.now ?? Date.now;
		this.windowMs = options.windowMs ?? 1000;
		this.limitPerWindow = this.toLimit(options.ratePerSecond);
	}

	get ratePerSecond(): number {
		return (this.limitPerWindow * 1000) / this.windowMs;
	}

	/** Requests per second this limiter currently hands out: the plan minus others' use, with headroom. */
	get allowancePerSecond(): number {
		return (this.allowancePerWindow() * 1000) / this.windowMs;
	}

	/** Others' use of the shared budget as currently estimated, requests per window. */
	get othersPerWindowEstimate(): number {
		return this.othersPerWindow;
	}

	reserve(): number {
		const nowMs = this.now();
		const slot = Math.max(nowMs, this.nextSlotAtMs, this.blockedUntilMs);
		this.nextSlotAtMs = slot + this.windowMs / this.allowancePerWindow();
		return slot - nowMs;
	}

	observe(snapshot: RateLimitSnapshot, status: number): void {
		const nowMs = this.now();
		if (snapshot.limit !== undefined && snapshot.limit > 0 && this.describesOurWindow(snapshot, nowMs)) {
			this.limitPerWindow = snapshot.limit;
		}

		if (status === 429) {
			this.lastObservation = undefined;
			const waitMs =
				snapshot.retryAfterMs ?? (snapshot.resetAtMs !== undefined ? snapshot.resetAtMs - nowMs : this.windowMs);
			this.blockUntil(nowMs + Math.max(0, waitMs));
			return;
		}
		if (snapshot.remaining === undefined) return;

		this.measureOthers({ remaining: snapshot.remaining, atMs: nowMs, resetAtMs: snapshot.resetAtMs });
		if (
			snapshot.remaining === 0 &&
			this.othersPerWindow > 0 &&
			snapshot.resetAtMs !== undefined &&
			!isRoundedDelay(snapshot.resetAtMs - nowMs)
		) {
			this.blockUntil(snapshot.resetAtMs);
		}
	}

	setRate(ratePerSecond: number): void {
		this.limitPerWindow = this.toLimit(ratePerSecond);
	}

	private allowancePerWindow(): number {
		const free = Math.max(this.limitPerWindow - this.othersPerWindow, this.limitPerWindow * MIN_SHARE);
		return PACING_HEADROOM * free;
	}

	private blockUntil(atMs: number): void {
		this.blockedUntilMs = Math.max(this.blockedUntilMs, atMs);
	}

	/** Rule 2: others' arrivals between two consecutive answers of one window, summed and smoothed. */
	private measureOthers(current: Observation): void {
		const previous = this.lastObservation;
		this.lastObservation = current;
		if (!previous || !this.sameWindow(previous, current)) return;

		this.measuredOthers += previous.remaining - current.remaining - 1;
		this.measuredSpanMs += current.atMs - previous.atMs;
		if (this.measuredSpanMs < this.windowMs * ESTIMATE_SPAN_SHARE) return;

		const measuredPerWindow = (this.measuredOthers / this.measuredSpanMs) * this.windowMs;
		const estimate = this.othersPerWindow + ESTIMATE_WEIGHT * (measuredPerWindow - this.othersPerWindow);
		this.othersPerWindow = Math.min(this.limitPerWindow, Math.max(0, estimate));
		this.measuredOthers = 0;
		this.measuredSpanMs = 0;
	}

	private sameWindow(previous: Observation, current: Observation): boolean {
		if (current.atMs - previous.atMs >= this.windowMs) return false;
		if (current.remaining > previous.remaining + REORDER_TOLERANCE) return false;
		if (previous.resetAtMs === undefined || current.resetAtMs === undefined) return true;
		return Math.abs(current.resetAtMs - previous.resetAtMs) < this.windowMs / 2;
	}

	private describesOurWindow(snapshot: RateLimitSnapshot, nowMs: number): boolean {
		return snapshot.resetAtMs === undefined || snapshot.resetAtMs - nowMs <= this.windowMs * 1.5;
	}

	private toLimit(ratePerSecond: number): number {
		if (!Number.isFinite(ratePerSecond) || ratePerSecond <= 0) {
			throw new RangeError(`ratePerSecond must be a positive number, got ${ratePerSecond}`);
		}
		return (ratePerSecond * this.windowMs) / 1000;
	}
}

function isRoundedDelay(delayMs: number): boolean {
	const offWholeSecond = Math.abs(delayMs - Math.round(delayMs / 1000) * 1000);
	return delayMs > 0 && offWholeSecond <= ROUNDED_RESET_TOLERANCE_MS;
}

const sharedLimiters = new Map<string, { limiter: RateLimiter; primedRate: number }>();

/**
 * One limiter per key (base URL + team id), shared by every execution in this process, since they all
 * spend the same team budget. Priming it again with a different plan rate updates that rate; priming with
 * the same plan rate keeps whatever limit the service has told the limiter since.
 */
export function getSharedRateLimiter(key: string, ratePerSecond: number, now?: () => number): RateLimiter {
	const shared = sharedLimiters.get(key);
	if (!shared) {
		const limiter = new RateLimiter({ ratePerSecond, now });
		sharedLimiters.set(key, { limiter, primedRate: ratePerSecond });
		return limiter;
	}
	if (shared.primedRate !== ratePerSecond) {
		shared.limiter.setRate(ratePerSecond);
		shared.primedRate = ratePerSecond;
	}
	return shared.limiter;
}
