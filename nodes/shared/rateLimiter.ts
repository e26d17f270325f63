/**
 * Paces requests to a team's plan rate so that the service does not have to answer 429, while using
 * nearly all of the plan. Pure: it only computes waits; the transport sleeps and sends.
 *
 * The service counts requests per team in FIXED windows of W = 1 s: at most L arrivals per window.
 *
 * 1. Pacing with headroom. Slots are handed out evenly spaced, `interval = W / (H * L)`. Slots at exactly
 *    L per window would put more than L arrivals into some window as soon as arrival times vary: the window
 *    [t, t + W) holds the arrivals of the sends in [t - dmax, t + W - dmin), a span of W + J (J = dmax - dmin,
 *    the arrival jitter), which holds up to ceil((W + J) / interval) = ceil(H * L * (1 + J / W)) slots; for
 *    H = 1 that is L + 1 whenever J > 0 and the phase is unlucky. With H = 0.98 it stays <= L for every J up
 *    to W * (1/H - 1) = 20 ms, at every plan rate (5..200 per second), for 98% of the plan.
 * 2. Others on the same budget (other processes, other tools of the team). Every answer tells `remaining`
 *    after our request was counted. Between two consecutive answers of one window the count grew by one
 *    request of ours plus the others'. Summed over a span this telescopes (answers that overtake each other
 *    cancel out) and gives others' use per window, smoothed (EMA). Our allowance is then scaled by
 *    target / (allowance + others): when every client does the same, the allowances add up to the target
 *    (H * L) after one measurement whatever their split, while a lone client keeps the whole target and a
 *    client that stops spending hands its share back within a window. (Subtracting others' use instead,
 *    allowance = target - others, makes two such clients swing between all and nothing.)
 * 3. Windows that fill up. When the reset time is exact, every slot is checked against the last answer's
 *    `remaining`: our requests sent since, this one included, plus what others will send until the reset
 *    at their pace so far in this window, must fit, else the slot moves just past the reset. This catches
 *    a client that starts mid-window within one answer, long before the smoothed measure of rule 2 does.
 *    (Adding the smoothed measure here too made every client yield the window's end to the others: 5-10%
 *    of the plan lost in simulation.) An answer with `remaining = 0` blocks until the reset; a 429 blocks
 *    until `Retry-After`, else the reset. A reset a whole number of seconds away is a rounded delay ('1'
 *    can mean 1 ms): it places no slots and shortens the wait after a 429 (see waitAfterRefusal).
 * 4. A different `X-RateLimit-Limit` is adopted (the credential's plan may be wrong). An answer whose
 *    reset lies more than 1.5 windows away describes a longer window (the simple API's per-minute limit)
 *    and is ignored: it needs a limiter of its own, with `windowMs` of a minute.
 *
 * Measured in the fixed-window simulation of test/unit/rateLimiter.test.ts (latency 25-40 ms, arrival
 * jitter 5 ms, the executor's concurrency): alone, >= 97.5% of every plan without a 429, in every reset
 * format; sharing with an unpaced client or a second limiter, >= 95.5% of the plan in total with < 1% of
 * our requests refused from 20 per second up when the reset is exact (epoch seconds or ms, HTTP date).
 * With a rounded seconds-until-reset, a second limiter joining mid-run draws a few percent of 429s in
 * its first windows. At 5 per second a shared budget is 5 whole requests a window: clients that cannot
 * see each other's slots collide on a few percent of requests.
 */

import type { RateLimitSnapshot } from './rateLimitHeaders';

export interface RateLimiterOptions {
	ratePerSecond: number;
	now?: () => number;
	/** Length of the service's counting window; 1000 for QRTRAC's per-second limits. */
	windowMs?: number;
}

/** Share of the plan we pace to; 1/H - 1 of a window is the arrival jitter tolerated (see rule 1). */
export const PACING_HEADROOM = 0.98;
/** Smallest allowance, as a share of the target: keeps probing when others take everything. */
const MIN_SHARE = 0.05;
/** Others' use is measured over at least this share of a window before it moves the estimate. */
const ESTIMATE_SPAN_SHARE = 0.2;
/** EMA weight of each new measurement of others' use. */
const ESTIMATE_WEIGHT = 0.5;
/** How far `remaining` may rise within one window because answers overtook each other. */
const REORDER_TOLERANCE = 3;
/** Others' requests in the current window up to SIGNIFICANT_OTHERS + NOISE_SHARE * limit are put down to timing noise. */
const SIGNIFICANT_OTHERS = 1;
const NOISE_SHARE = 0.02;
/** Resets within this of a whole number of seconds from now are treated as rounded delays. */
const ROUNDED_RESET_TOLERANCE_MS = 2;
/** Slots moved to a window's reset start this much after it, so that they surely count in the new window. */
const RESET_GUARD_MS = 5;
/** Slots are remembered this many windows: long enough to match every answer, short enough to stay small. */
const SLOT_MEMORY_WINDOWS = 3;

interface Answer {
	remaining: number;
	atMs: number;
	/** The slot of the request this answer belongs to (answers are matched to slots first in, first out). */
	slotMs?: number;
	/** Only when exact, i.e. not a rounded delay. */
	resetAtMs?: number;
	/** Our requests sent but not answered when this answer came: the window may or may not have counted them. */
	ourInFlight: number;
}

/** What the answers of one service window told so far, and how many of them were ours. */
interface WindowTally {
	resetAtMs?: number;
	firstAtMs: number;
	lastAtMs: number;
	lastRemaining: number;
	ourCounted: number;
}

export class RateLimiter {
	private readonly now: () => number;
	private readonly windowMs: number;
	private limitPerWindow: number;
	private allowance: number;
	private othersPerWindow = 0;
	private nextSlotAtMs = Number.NEGATIVE_INFINITY;
	private blockedUntilMs = Number.NEGATIVE_INFINITY;
	/** Our recent slots, ascending (slots are handed out in time order). */
	private readonly recentSlots: number[] = [];
	/** Slots whose answer has not been observed yet, oldest first. */
	private readonly unanswered: number[] = [];
	private lastAnswer: Answer | undefined;
	private measuredOthers = 0;
	private measuredSpanMs = 0;
	private window: WindowTally | undefined;

	constructor(options: RateLimiterOptions) {
		this.now = options.now ?? Date.now;
		this.windowMs = options.windowMs ?? 1000;
		this.limitPerWindow = this.toLimit(options.ratePerSecond);
		this.allowance = this.target();
	}

	get ratePerSecond(): number {
		return (this.limitPerWindow * 1000) / this.windowMs;
	}

	/** Requests per second this limiter currently hands out. */
	get allowancePerSecond(): number {
		return (this.allowance * 1000) / this.windowMs;
	}

	/** Others' use of the shared budget as last measured (smoothed), requests per window. */
	get othersPerWindowEstimate(): number {
		return this.othersPerWindow;
	}

	reserve(): number {
		const nowMs = this.now();
		this.forgetOldSlots(nowMs);
		const slot = this.fitIntoWindow(Math.max(nowMs, this.nextSlotAtMs, this.blockedUntilMs));
		this.recentSlots.push(slot);
		this.unanswered.push(slot);
		this.nextSlotAtMs = slot + this.windowMs / this.allowance;
		return slot - nowMs;
	}

	observe(snapshot: RateLimitSnapshot, status: number): void {
		const nowMs = this.now();
		this.forgetOldSlots(nowMs);
		const slotMs = this.unanswered.shift();
		if (!this.describesOurWindow(snapshot, nowMs)) return;
		if (snapshot.limit !== undefined && snapshot.limit > 0) this.adoptLimit(snapshot.limit);
		const exactResetAtMs =
			snapshot.resetAtMs !== undefined && !isRoundedDelay(snapshot.resetAtMs - nowMs) ? snapshot.resetAtMs : undefined;

		if (status === 429) {
			this.blockUntil(nowMs + Math.max(0, this.waitAfterRefusal(snapshot, exactResetAtMs, nowMs)));
			return;
		}
		if (snapshot.remaining === undefined) return;

		const answer: Answer = {
			remaining: snapshot.remaining,
			atMs: nowMs,
			slotMs,
			resetAtMs: exactResetAtMs,
			ourInFlight: this.unanswered.filter((sent) => sent <= nowMs).length,
		};
		if (this.tally(answer)) this.lastAnswer = answer;
		if (snapshot.remaining === 0 && exactResetAtMs !== undefined) {
			this.blockUntil(exactResetAtMs + RESET_GUARD_MS);
		}
	}

	setRate(ratePerSecond: number): void {
		this.adoptLimit(this.toLimit(ratePerSecond));
	}

	private target(): number {
		return PACING_HEADROOM * this.limitPerWindow;
	}

	private adoptLimit(limit: number): void {
		if (limit === this.limitPerWindow) return;
		this.allowance = (this.allowance * limit) / this.limitPerWindow;
		this.limitPerWindow = limit;
	}

	/**
	 * After a 429 no slot is handed out before the service's `Retry-After`, else the exact reset. A rounded
	 * delay d only says the reset lies in (d - W, d]: waiting all of d would idle half a window on average,
	 * so slots resume a quarter window after the earliest possible reset (the refused request itself still
	 * waits the whole told delay in the transport). Without any hint, a whole window.
	 */
	private waitAfterRefusal(snapshot: RateLimitSnapshot, exactResetAtMs: number | undefined, nowMs: number): number {
		if (snapshot.retryAfterMs !== undefined) return snapshot.retryAfterMs;
		if (exactResetAtMs !== undefined) return exactResetAtMs - nowMs;
		if (snapshot.resetAtMs !== undefined) return snapshot.resetAtMs - nowMs - this.windowMs + this.windowMs / 4;
		return this.windowMs;
	}

	private blockUntil(atMs: number): void {
		this.blockedUntilMs = Math.max(this.blockedUntilMs, atMs);
	}

	/**
	 * Counts an answer into its window and measures others' use against the previous answer of that
	 * window (rule 2). Returns false for a late answer of an earlier window, which is left out.
	 */
	private tally(answer: Answer): boolean {
		const current = this.window;
		if (current && this.sameWindow(current, answer)) {
			this.measureOthers(current.lastRemaining - answer.remaining - 1, answer.atMs - current.lastAtMs);
			current.lastAtMs = answer.atMs;
			current.lastRemaining = answer.remaining;
			current.ourCounted++;
			return true;
		}
		if (current && this.isLate(current, answer)) return false;
		this.window = {
			resetAtMs: answer.resetAtMs,
			firstAtMs: answer.atMs,
			lastAtMs: answer.atMs,
			lastRemaining: answer.remaining,
			ourCounted: 1,
		};
		return true;
	}

	/**
	 * Rule 2: between two consecutive answers of one window the count grew by one request of ours plus the
	 * others'; summed over a span (the sum telescopes, so overtaking answers cancel out), smoothed, and
	 * turned into our allowance: scaling it by target / (allowance + others) makes the allowances of all
	 * clients that do the same add up to the target, whatever their split; alone, it restores the target.
	 */
	private measureOthers(othersBetween: number, spanMs: number): void {
		this.measuredOthers += othersBetween;
		this.measuredSpanMs += spanMs;
		if (this.measuredSpanMs < this.windowMs * ESTIMATE_SPAN_SHARE) return;

		const measuredPerWindow = (this.measuredOthers / this.measuredSpanMs) * this.windowMs;
		this.othersPerWindow += ESTIMATE_WEIGHT * (measuredPerWindow - this.othersPerWindow);
		this.measuredOthers = 0;
		this.measuredSpanMs = 0;
		const target = this.target();
		const scaled = (this.allowance * target) / (this.allowance + Math.max(0, this.othersPerWindow));
		this.allowance = Math.min(target, Math.max(target * MIN_SHARE, scaled));
	}

	/**
	 * Rule 3, ahead of time: the last answer said how many requests its window still takes. Our own
	 * requests sent since that answer's request, this one included, plus what others send until the reset
	 * at their pace so far in this window (what the window counted beyond our own answered requests and
	 * those still on their way, less timing noise), must fit; otherwise this slot moves to the next window.
	 */
	private fitIntoWindow(slot: number): number {
		const last = this.lastAnswer;
		const tally = this.window;
		if (!last || !tally || last.resetAtMs === undefined || slot >= last.resetAtMs) return slot;
		const countedUpTo = last.slotMs ?? last.atMs;
		const windowStart = last.resetAtMs - this.windowMs;
		const timeLeft = last.resetAtMs - countedUpTo;

		const ourUncounted = this.countSlots(countedUpTo, Number.POSITIVE_INFINITY) + 1;
		const othersSoFar =
			this.limitPerWindow - last.remaining - tally.ourCounted - last.ourInFlight - this.timingNoise();
		const othersRest = Math.max(0, othersSoFar) * (timeLeft / Math.max(1, countedUpTo - windowStart));
		return ourUncounted + othersRest > last.remaining ? last.resetAtMs + RESET_GUARD_MS : slot;
	}

	/**
	 * How many of our requests the window's count may differ by from our own count: answers overtake
	 * each other and requests sent just before a reset arrive after it.
	 */
	private timingNoise(): number {
		return SIGNIFICANT_OTHERS + this.limitPerWindow * NOISE_SHARE;
	}

	/** Our slots in (after, before). */
	private countSlots(after: number, before: number): number {
		return this.recentSlots.filter((sent) => sent > after && sent < before).length;
	}

	/** Exact resets tell windows apart; without them a rise of `remaining` beyond reordering marks a new window. */
	private sameWindow(tally: WindowTally, answer: Answer): boolean {
		if (tally.resetAtMs !== undefined && answer.resetAtMs !== undefined) {
			return Math.abs(answer.resetAtMs - tally.resetAtMs) < this.windowMs / 2;
		}
		return (
			answer.atMs - tally.firstAtMs < this.windowMs &&
			answer.remaining <= tally.lastRemaining + REORDER_TOLERANCE &&
			answer.remaining >= tally.lastRemaining - this.limitPerWindow / 2
		);
	}

	/** An answer of a window before the current one, overtaken by the current window's answers. */
	private isLate(tally: WindowTally, answer: Answer): boolean {
		if (tally.resetAtMs !== undefined && answer.resetAtMs !== undefined) return answer.resetAtMs < tally.resetAtMs;
		return answer.remaining < tally.lastRemaining - this.limitPerWindow / 2;
	}

	private describesOurWindow(snapshot: RateLimitSnapshot, nowMs: number): boolean {
		return snapshot.resetAtMs === undefined || snapshot.resetAtMs - nowMs <= this.windowMs * 1.5;
	}

	private forgetOldSlots(nowMs: number): void {
		const horizon = nowMs - this.windowMs * SLOT_MEMORY_WINDOWS;
		while (this.recentSlots.length > 0 && this.recentSlots[0] < horizon) this.recentSlots.shift();
		while (this.unanswered.length > 0 && this.unanswered[0] < horizon) this.unanswered.shift();
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
 * the same plan rate keeps whatever limit the service has told the limiter since. `windowMs` (default one
 * second) applies when the limiter is created; a per-minute budget needs a key of its own.
 */
export function getSharedRateLimiter(
	key: string,
	ratePerSecond: number,
	now?: () => number,
	windowMs?: number,
): RateLimiter {
	const shared = sharedLimiters.get(key);
	if (!shared) {
		const limiter = new RateLimiter({ ratePerSecond, now, windowMs });
		sharedLimiters.set(key, { limiter, primedRate: ratePerSecond });
		return limiter;
	}
	if (shared.primedRate !== ratePerSecond) {
		shared.limiter.setRate(ratePerSecond);
		shared.primedRate = ratePerSecond;
	}
	return shared.limiter;
}
