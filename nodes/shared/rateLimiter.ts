/**
 * Paces requests to a team's plan rate so that the service does not have to answer 429, while using
 * nearly all of the plan. Pure: it only computes waits; the transport sleeps and sends.
 *
 * The service counts requests per team in FIXED windows of W = 1 s: at most L arrivals per window.
 * (Design and its limits, with figures: see the end of this comment.)
 *
 * 1. Pacing with headroom. Slots are evenly spaced, `interval = W / (H * L)`. Slots at exactly L per window
 *    would put more than L arrivals into some window as soon as arrival times vary: the window [t, t + W)
 *    holds the arrivals of the sends in [t - dmax, t + W - dmin), a span of W + J (J = dmax - dmin, the
 *    arrival jitter), which holds up to ceil((W + J) / interval) = ceil(H * L * (1 + J / W)) slots; for
 *    H = 1 that is L + 1 whenever J > 0 and the phase is unlucky. With H = 0.98 it stays <= L for every J up
 *    to W * (1/H - 1) = 20 ms, at every plan rate (5..200 per second), for 98% of the plan. A slot whose
 *    request is sent a little late (a busy event loop) keeps its place on the grid: lateness is not added up.
 * 2. Late grants. Requests wait in line (`take`) and a slot is granted only shortly before it is due (a
 *    tenth of a window at most), so that every decision below uses the latest answers. Granting slots far
 *    ahead (one per item in flight) decided them on answers a whole window old.
 * 3. Others on the same budget (other n8n processes such as queue-mode workers, other tools of the team).
 *    Every answer tells `remaining` after our request was counted. With an exact reset the window's start is
 *    known, so one answer tells how many requests of others the window has counted so far: the limit, less
 *    `remaining`, less ours sent in the window up to this one. Differences between answers of one window, and
 *    from the window's start to its first answer, give others' use per window, smoothed (EMA); one answer per
 *    window is enough, so a limiter that has shrunk still measures, and grows back as soon as the others stop.
 *    (Without an exact reset only differences between answers of one window count.) Our allowance is scaled
 *    by target / (allowance + others): when every client does the same, the allowances add up to the target
 *    (H * L) after one measurement whatever their split, while a lone client keeps the whole target.
 * 4. Windows that fill up. When the reset is exact, every grant is checked against the last answer's
 *    `remaining`: our requests sent since, this one included, plus what others send until this slot at their
 *    pace so far in this window, must fit, else the slot moves just past the reset. This catches a client
 *    that starts mid-window within one answer. An answer with `remaining = 0` blocks until the reset; a 429
 *    blocks until `Retry-After`, else the reset. A reset a whole number of seconds away is a rounded delay
 *    ('1' can mean 1 ms): it places no slots and shortens the wait after a 429 (see waitAfterRefusal).
 * 5. A cautious start. A new limiter, or one idle for IDLE_WINDOWS, has one request on the way until the
 *    first answer, which measures others (rule 3) before the pace picks up. Started together at the full
 *    plan, several workers filled the first windows with up to twice the limit.
 * 6. The credential's plan is the ceiling. A lower `X-RateLimit-Limit` is adopted (the plan chosen may be
 *    too high); a higher one never raises the pace. One above 1.5 times the plan's describes a longer window
 *    (a per-minute limit of 1,200 on 20 per second), as does a reset more than 1.5 windows away: such
 *    answers do not pace, but their `remaining = 0` and 429 still block until the reset. A bare reset delay
 *    is read on that window's scale: seconds or milliseconds (see readDelay in rateLimitHeaders.ts).
 * 7. Windows learnt (see WindowPhase): without an exact reset, rises of `remaining` place window boundaries;
 *    intersected over a few windows they give the windows' start, and rules 3 and 4 work as with an exact reset.
 *
 * Why this way: processes of one team (n8n queue-mode workers) cannot talk to each other, and a community node
 * may use nothing but the service's answers, its own pacing and the credential.
 *
 * Measured in the fixed-window simulation (test/unit/rateLimiter*.test.ts: answers 25-60 ms after arrival,
 * timers up to 5 ms late, the executor's concurrency): alone, >= 96% of every plan (5..200 per second) without a
 * 429 in every reset format; 2 and 4 processes with 4 executions of 500 requests at 20 and 50 per second,
 * >= 95% of the plan together (>= 95% of what a foreign client spending a third leaves), < 1% of answers 429,
 * 0 failed. Real queue mode: `npm run bench:queue`, bench/results/.
 *
 * Limits. Shares are not equalised: the scaling keeps the ratio between processes, so one that joins while
 * others spend the budget keeps a small share until they slow down (it then grows within about a second).
 * A client that ignores the headers loses the last request of a full window to us now and then (up to ~3% of
 * its requests at 20 per second: a window there is 20 whole requests). Without an exact reset, until the
 * windows are learnt and near their boundaries, 2-4 processes draw 1-4% of 429s. A longer window (a per-minute
 * limit) is not shared by measurement: each process paces at the plan's per-second rate. All of these cost
 * retries (after the told wait), never an item.
 */

import {
	parseRateLimitHeaders,
	type RateLimitSnapshot,
	type WindowScale,
} from './rateLimitHeaders';
import { ServiceClock, serviceDateOf } from './serviceClock';

export interface RateLimiterOptions {
	ratePerSecond: number;
	now?: () => number;
	/** Length of the service's counting window; 1000 for QRTRAC's per-second limits. */
	windowMs?: number;
}

/** One request's place in line for a send slot (see RateLimiter.take). */
export interface SlotTurn {
	readonly id: number;
	/** The slot is this request's: send after `waitMs`. Otherwise wait `waitMs` and ask again with this turn. */
	readonly granted: boolean;
	readonly waitMs: number;
}

/** Share of the plan we pace to; 1/H - 1 of a window is the arrival jitter tolerated (see rule 1). */
export const PACING_HEADROOM = 0.98;
/** Smallest allowance, as a share of the target: keeps probing when others take everything. */
const MIN_SHARE = 0.1;
/** Others' use is measured over at least this share of a window before it moves the estimate. */
const ESTIMATE_SPAN_SHARE = 0.2;
/**
 * Time constants of the smoothing of others' use, as a share of a window: a measurement over a span s weighs
 * 1 - exp(-s / tau), so that a client measuring rarely (one answer a window) follows as fast as a busy one.
 * With an exact reset a drop is followed faster than a rise: overestimating others leaves budget idle,
 * while underestimating them is caught within the window by rule 4 (which needs the exact reset).
 */
const ESTIMATE_RISE_TIME_CONSTANT_SHARE = 0.3;
const ESTIMATE_DROP_TIME_CONSTANT_SHARE = 0.2;
/** How far `remaining` may rise within one window because answers overtook each other. */
const REORDER_TOLERANCE = 3;
/** Others' requests in the current window up to SIGNIFICANT_OTHERS + NOISE_SHARE * limit are put down to timing noise. */
const SIGNIFICANT_OTHERS = 1;
const NOISE_SHARE = 0.02;
/** Others' pace in a window is taken over at least this share of it (a count right after the start says little). */
const MIN_PACE_SPAN_SHARE = 0.1;
/** Resets within this of a whole number of seconds from now are treated as rounded delays. */
const ROUNDED_RESET_TOLERANCE_MS = 2;
/** Slots moved to a window's reset start this much after it, so that they surely count in the new window. */
const RESET_GUARD_MS = 5;
/** Slots are remembered this many windows: long enough to match every answer, short enough to stay small. */
const SLOT_MEMORY_WINDOWS = 3;
/** Slots are granted at most this share of a window ahead of time (rule 2), and at most two intervals. */
const GRANT_HORIZON_SHARE = 0.05;
/** A request in line asks again after at most this share of a window. */
const MAX_NAP_SHARE = 0.25;
/** A request in line that has not asked again for this many windows has gone (e.g. its process stopped it). */
const ABANDONED_WINDOWS = 2;
/** A send up to this share of a window late keeps its slot's place on the pacing grid. */
const LATE_SEND_SHARE = 0.02;
/** A limiter without any answer for this many windows starts cautiously again (rule 5). */
const IDLE_WINDOWS = 3;
/** Windows are taken as known from learnt boundaries (rule 7) once these are pinned down to this share of a window. */
const PHASE_PRECISION_SHARE = 0.1;
/** Told limits up to this multiple of the plan's describe our window, as do resets up to this many windows away. */
const SAME_WINDOW_FACTOR = 1.5;

interface Answer {
	remaining: number;
	/** When our request was counted: its slot (answers are matched to slots first in, first out). */
	countedAtMs: number;
	/** Only when exact, i.e. not a rounded delay. */
	resetAtMs?: number;
	/**
	 * With an exact reset: when the window started, for counting and for telling which window a slot falls in.
	 * A reset told as a delay is counted from our request's slot here (the service counts on arrival), so it
	 * errs early by the request's way there, while `resetAtMs`, which decides waits, errs late by the answer's.
	 */
	windowStartMs?: number;
	/** With an exact reset: others' requests the window had counted up to ours (rule 3). */
	othersSoFar?: number;
}

/** What the answers of one service window told so far. */
interface WindowTally {
	resetAtMs?: number;
	firstAtMs: number;
	lastCountedAtMs: number;
	lastRemaining: number;
	othersSoFar?: number;
}

export class RateLimiter {
	private readonly now: () => number;
	private readonly windowMs: number;
	/** The credential's plan, per window: the ceiling (rule 6). */
	private planLimit: number;
	private limitPerWindow: number;
	private allowance: number;
	private othersPerWindow = 0;
	private nextSlotAtMs = Number.NEGATIVE_INFINITY;
	private blockedUntilMs = Number.NEGATIVE_INFINITY;
	/** Our recent slots, ascending (slots are granted in time order). */
	private readonly recentSlots: number[] = [];
	/** Slots whose answer has not been observed yet, oldest first. */
	private readonly unanswered: number[] = [];
	/** Requests waiting for a slot, first in line first, and when each last asked. */
	private readonly line: Array<{ id: number; askedAtMs: number }> = [];
	private nextTurnId = 1;
	private lastAnswer: Answer | undefined;
	private lastAnswerAtMs = Number.NEGATIVE_INFINITY;
	/** Rule 5: until the first answer after a (re)start, one request at a time. */
	private probing = true;
	private measuredOthers = 0;
	private measuredSpanMs = 0;
	private measurements = 0;
	private window: WindowTally | undefined;
	private readonly phase: WindowPhase;
	private previousCount: { remaining: number; countedAtMs: number } | undefined;
	/** The service's clock, learnt from its answers' `Date`: absolute resets are read on it. */
	readonly serviceClock = new ServiceClock();

	constructor(options: RateLimiterOptions) {
		this.now = options.now ?? Date.now;
		this.windowMs = options.windowMs ?? 1000;
		this.phase = new WindowPhase(this.windowMs);
		this.planLimit = this.toLimit(options.ratePerSecond);
		this.limitPerWindow = this.planLimit;
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

	/** The window the limiter's answers describe, for reading a bare reset delay (rule 6). */
	get windowScale(): WindowScale {
		return { windowMs: this.windowMs, limit: this.planLimit };
	}

	/**
	 * A place in line for one request's send slot (rule 2). Ask without a turn the first time, then with the
	 * turn returned, after waiting its `waitMs`, until it is `granted`; then send after its `waitMs`.
	 */
	take(turn?: SlotTurn): SlotTurn {
		const nowMs = this.now();
		this.forgetOldSlots(nowMs);
		this.restartIfIdle(nowMs);
		const id = turn?.id ?? this.nextTurnId++;
		const place = this.placeInLine(id, nowMs);
		const earliest = this.earliestSlot(nowMs);
		const horizon = this.grantHorizonMs();
		if (place === 0 && earliest !== undefined && earliest - nowMs <= horizon) {
			this.line.shift();
			const slot = this.fitIntoWindow(earliest);
			this.recentSlots.push(slot);
			this.unanswered.push(slot);
			this.nextSlotAtMs = slot + this.intervalMs();
			return { id, granted: true, waitMs: Math.max(0, slot - nowMs) };
		}
		// Until the probe's answer (rule 5) ask again soon; otherwise when this place's slot comes near.
		const opensAtMs = earliest === undefined ? nowMs + this.windowMs * 0.02 : earliest - horizon;
		const returnAtMs = opensAtMs + place * this.intervalMs();
		return {
			id,
			granted: false,
			waitMs: Math.min(this.windowMs * MAX_NAP_SHARE, Math.max(1, returnAtMs - nowMs)),
		};
	}

	/**
	 * Reads an answer's rate-limit headers (on this limiter's window scale, absolute times on the service's
	 * clock), learns from them, and returns them. `sentAtMs`: when the request went out, for the clock.
	 */
	learn(headers: Record<string, unknown>, status: number, sentAtMs?: number): RateLimitSnapshot {
		const nowMs = this.now();
		this.serviceClock.observe(serviceDateOf(headers), sentAtMs ?? nowMs, nowMs);
		const snapshot = parseRateLimitHeaders(
			headers,
			nowMs,
			this.windowScale,
			this.serviceClock.offsetMs(),
		);
		this.observe(snapshot, status);
		return snapshot;
	}

	/**
	 * Until when (our clock) the service told us to send nothing (a 429, or `remaining = 0` until a reset);
	 * undefined when that is past. Callers whose wait cannot last that long give up at once instead of queueing.
	 */
	toldWaitUntilMs(): number | undefined {
		return this.blockedUntilMs > this.now() ? this.blockedUntilMs : undefined;
	}

	/** A request that gives up its place in line (it failed before its slot), so that it holds no one up. */
	leave(turn: SlotTurn): void {
		const place = this.line.findIndex((waiting) => waiting.id === turn.id);
		if (place >= 0) this.line.splice(place, 1);
	}

	observe(snapshot: RateLimitSnapshot, status: number): void {
		const nowMs = this.now();
		this.forgetOldSlots(nowMs);
		const slotMs = this.unanswered.shift();
		const countedAtMs = slotMs ?? nowMs;
		this.lastAnswerAtMs = nowMs;
		this.probing = false;
		const ourWindow = this.describesOurWindow(snapshot, nowMs);
		if (ourWindow && status !== 429 && snapshot.remaining !== undefined)
			this.learnPhase(snapshot.remaining, countedAtMs, nowMs);
		const window = this.windowOfAnswer(snapshot, countedAtMs, nowMs, ourWindow);

		if (status === 429) {
			this.blockUntil(
				nowMs + Math.max(0, this.waitAfterRefusal(snapshot, window?.resetAtMs, nowMs)),
			);
			return;
		}
		if (snapshot.remaining === 0 && window) this.blockUntil(window.resetAtMs + RESET_GUARD_MS);
		if (!ourWindow) return;
		if (snapshot.limit !== undefined && snapshot.limit > 0)
			this.adoptLimit(Math.min(snapshot.limit, this.planLimit));
		if (snapshot.remaining === undefined) return;

		const answer: Answer = {
			remaining: snapshot.remaining,
			countedAtMs,
			resetAtMs: window?.resetAtMs,
			windowStartMs: window?.startMs,
		};
		if (window) {
			const windowLimit = snapshot.limit ?? this.limitPerWindow;
			const ourEarlier = this.countSlots(window.startMs, countedAtMs);
			answer.othersSoFar = Math.max(0, windowLimit - snapshot.remaining - 1 - ourEarlier);
		}
		if (this.tally(answer)) this.lastAnswer = answer;
	}

	/**
	 * The window an answer was counted in, when exactly known: from an exact reset (told as a point in time,
	 * or as a delay, which is counted from our request's slot for the start), or, without one, from the phase
	 * of the service's windows learnt from earlier answers (rule 7). `resetAtMs` errs late, `startMs` early.
	 */
	private windowOfAnswer(
		snapshot: RateLimitSnapshot,
		countedAtMs: number,
		nowMs: number,
		ourWindow: boolean,
	): { startMs: number; resetAtMs: number } | undefined {
		const told = snapshot.resetAtMs;
		if (told !== undefined && !isRoundedDelay(told - nowMs)) {
			const resetForCounting = snapshot.resetFromDelay ? told - (nowMs - countedAtMs) : told;
			return { startMs: resetForCounting - this.windowMs, resetAtMs: told };
		}
		return ourWindow ? this.phase.windowOf(countedAtMs) : undefined;
	}

	/** Rule 7: a rise of `remaining` between two answers puts a window boundary between their requests. */
	private learnPhase(remaining: number, countedAtMs: number, nowMs: number): void {
		const previous = this.previousCount;
		this.previousCount = { remaining, countedAtMs };
		if (
			previous &&
			countedAtMs > previous.countedAtMs &&
			remaining > previous.remaining + REORDER_TOLERANCE
		) {
			this.phase.boundaryWithin(previous.countedAtMs, nowMs);
		}
	}

	setRate(ratePerSecond: number): void {
		const limit = this.toLimit(ratePerSecond);
		this.planLimit = limit;
		this.adoptLimit(limit);
	}

	private target(): number {
		return PACING_HEADROOM * this.limitPerWindow;
	}

	private intervalMs(): number {
		return this.windowMs / this.allowance;
	}

	/** Rule 2: how far ahead a slot may be granted. */
	private grantHorizonMs(): number {
		return Math.max(1, Math.min(2 * this.intervalMs(), this.windowMs * GRANT_HORIZON_SHARE));
	}

	/** This request's place in line (0 = first), joining at the end; requests that stopped asking are dropped. */
	private placeInLine(id: number, nowMs: number): number {
		const abandonedBefore = nowMs - this.windowMs * (ABANDONED_WINDOWS + MAX_NAP_SHARE);
		for (let index = this.line.length - 1; index >= 0; index--) {
			if (this.line[index].id !== id && this.line[index].askedAtMs < abandonedBefore)
				this.line.splice(index, 1);
		}
		const place = this.line.findIndex((waiting) => waiting.id === id);
		if (place >= 0) {
			this.line[place].askedAtMs = nowMs;
			return place;
		}
		this.line.push({ id, askedAtMs: nowMs });
		return this.line.length - 1;
	}

	/**
	 * The next slot the pacing allows (rules 1, 4, 5), undefined while a probe is on its way. A send that comes
	 * a little late keeps the grid: the next slot is counted from where this one should have been.
	 */
	private earliestSlot(nowMs: number): number | undefined {
		if (this.probing && this.unanswered.length > 0) return undefined;
		const onGrid =
			nowMs - this.nextSlotAtMs <= this.windowMs * LATE_SEND_SHARE ? this.nextSlotAtMs : nowMs;
		return Math.max(onGrid, this.blockedUntilMs);
	}

	/** Rule 5: after IDLE_WINDOWS without any answer, what was learnt about others is old; probe again. */
	private restartIfIdle(nowMs: number): void {
		if (
			this.probing ||
			this.unanswered.length > 0 ||
			nowMs - this.lastAnswerAtMs < this.windowMs * IDLE_WINDOWS
		)
			return;
		this.probing = true;
		this.window = undefined;
		this.lastAnswer = undefined;
		this.measuredOthers = 0;
		this.measuredSpanMs = 0;
		this.measurements = 0;
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
	private waitAfterRefusal(
		snapshot: RateLimitSnapshot,
		exactResetAtMs: number | undefined,
		nowMs: number,
	): number {
		if (snapshot.retryAfterMs !== undefined) return snapshot.retryAfterMs;
		if (exactResetAtMs !== undefined) return exactResetAtMs - nowMs;
		if (snapshot.resetAtMs !== undefined)
			return snapshot.resetAtMs - nowMs - this.windowMs + this.windowMs / 4;
		return this.windowMs;
	}

	private blockUntil(atMs: number): void {
		this.blockedUntilMs = Math.max(this.blockedUntilMs, atMs);
	}

	/**
	 * Counts an answer into its window and measures others' use since the previous answer of that window, or
	 * since the window's start when the reset is exact (rule 3). Returns false for a late answer of an
	 * earlier window, which is left out.
	 */
	private tally(answer: Answer): boolean {
		const current = this.window;
		if (current && this.sameWindow(current, answer)) {
			if (answer.othersSoFar !== undefined && current.othersSoFar !== undefined) {
				this.measureOthers(
					answer.othersSoFar - current.othersSoFar,
					answer.countedAtMs - current.lastCountedAtMs,
				);
			} else {
				this.measureOthers(
					current.lastRemaining - answer.remaining - 1,
					answer.countedAtMs - current.lastCountedAtMs,
				);
			}
			current.lastCountedAtMs = answer.countedAtMs;
			current.lastRemaining = answer.remaining;
			current.othersSoFar = answer.othersSoFar;
			return true;
		}
		if (current && this.isLate(current, answer)) return false;
		if (answer.windowStartMs !== undefined && answer.othersSoFar !== undefined) {
			this.measureOthers(answer.othersSoFar, answer.countedAtMs - answer.windowStartMs);
		}
		this.window = {
			resetAtMs: answer.resetAtMs,
			firstAtMs: answer.countedAtMs,
			lastCountedAtMs: answer.countedAtMs,
			lastRemaining: answer.remaining,
			othersSoFar: answer.othersSoFar,
		};
		return true;
	}

	/**
	 * Rule 3: others' requests over a span of time, summed until the span is long enough, smoothed, and
	 * turned into our allowance: scaling it by target / (allowance + others) makes the allowances of all
	 * clients that do the same add up to the target, whatever their split; alone, it restores the target.
	 * The first measurement after a (re)start is taken as it is.
	 */
	private measureOthers(othersBetween: number, spanMs: number): void {
		this.measuredOthers += othersBetween;
		this.measuredSpanMs += Math.max(0, spanMs);
		if (this.measuredSpanMs < this.windowMs * ESTIMATE_SPAN_SHARE) return;

		const measuredPerWindow = Math.min(
			this.limitPerWindow,
			Math.max(0, (this.measuredOthers / this.measuredSpanMs) * this.windowMs),
		);
		const dropCaughtByRule4 =
			measuredPerWindow < this.othersPerWindow && this.window?.resetAtMs !== undefined;
		const tau = dropCaughtByRule4
			? ESTIMATE_DROP_TIME_CONSTANT_SHARE
			: ESTIMATE_RISE_TIME_CONSTANT_SHARE;
		const weight =
			this.measurements === 0 ? 1 : 1 - Math.exp(-this.measuredSpanMs / (this.windowMs * tau));
		this.othersPerWindow += weight * (measuredPerWindow - this.othersPerWindow);
		this.measurements++;
		this.measuredOthers = 0;
		this.measuredSpanMs = 0;
		const target = this.target();
		const scaled = (this.allowance * target) / (this.allowance + this.othersPerWindow);
		this.allowance = Math.min(target, Math.max(target * MIN_SHARE, scaled));
	}

	/**
	 * Rule 4, at the grant: the last answer said how many requests its window still takes. Our requests sent
	 * since that answer's request, this one included, plus what others send until this slot at their pace so
	 * far in this window (less timing noise), must fit; otherwise this slot moves to the next window.
	 */
	private fitIntoWindow(slot: number): number {
		const last = this.lastAnswer;
		if (
			!last ||
			last.resetAtMs === undefined ||
			last.windowStartMs === undefined ||
			last.othersSoFar === undefined
		)
			return slot;
		if (slot >= last.windowStartMs + this.windowMs) return slot;
		const elapsed = Math.max(
			last.countedAtMs - last.windowStartMs,
			this.windowMs * MIN_PACE_SPAN_SHARE,
		);
		const othersPace = Math.max(0, last.othersSoFar - this.timingNoise()) / elapsed;
		const ourUncounted = this.countSlots(last.countedAtMs, Number.POSITIVE_INFINITY) + 1;
		const othersComing = othersPace * Math.max(0, slot - last.countedAtMs);
		return ourUncounted + othersComing > last.remaining ? last.resetAtMs + RESET_GUARD_MS : slot;
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
		let count = 0;
		for (const sent of this.recentSlots) if (sent > after && sent < before) count++;
		return count;
	}

	/** Exact resets tell windows apart; without them a rise of `remaining` beyond reordering marks a new window. */
	private sameWindow(tally: WindowTally, answer: Answer): boolean {
		if (tally.resetAtMs !== undefined && answer.resetAtMs !== undefined) {
			return Math.abs(answer.resetAtMs - tally.resetAtMs) < this.windowMs / 2;
		}
		return (
			answer.countedAtMs - tally.firstAtMs < this.windowMs &&
			answer.remaining <= tally.lastRemaining + REORDER_TOLERANCE &&
			answer.remaining >= tally.lastRemaining - this.limitPerWindow / 2
		);
	}

	/** An answer of a window before the current one, overtaken by the current window's answers. */
	private isLate(tally: WindowTally, answer: Answer): boolean {
		if (tally.resetAtMs !== undefined && answer.resetAtMs !== undefined)
			return answer.resetAtMs < tally.resetAtMs;
		return answer.remaining < tally.lastRemaining - this.limitPerWindow / 2;
	}

	/** Rule 6: a limit far above the plan's, or a reset far away, describes a longer window than ours. */
	private describesOurWindow(snapshot: RateLimitSnapshot, nowMs: number): boolean {
		if (snapshot.limit !== undefined && snapshot.limit > this.planLimit * SAME_WINDOW_FACTOR)
			return false;
		return (
			snapshot.resetAtMs === undefined ||
			snapshot.resetAtMs - nowMs <= this.windowMs * SAME_WINDOW_FACTOR
		);
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

/**
 * Rule 7: where the service's fixed windows start, learnt without an exact reset (a rounded '1', or no
 * reset at all). Each new window seen (a rise of `remaining`) says a boundary lies between the previous
 * request's send and this answer's arrival; boundaries recur every window, so these intervals, shifted by
 * whole windows, are intersected. Once the intersection is narrow, windows are known: the start from its
 * early end (a request sent then may already count), the reset from its late end (waits err long); a
 * request counted within it belongs to no known window. An
 * interval that contradicts it (the service's windows moved, or are not fixed) starts the learning again.
 */
class WindowPhase {
	/** One boundary lies in (earliestMs, latestMs]. */
	private earliestMs: number | undefined;
	private latestMs = 0;

	constructor(private readonly windowMs: number) {}

	boundaryWithin(afterMs: number, atOrBeforeMs: number): void {
		if (atOrBeforeMs - afterMs >= this.windowMs) return;
		if (this.earliestMs === undefined) {
			this.earliestMs = afterMs;
			this.latestMs = atOrBeforeMs;
			return;
		}
		const shift = Math.round((afterMs - this.earliestMs) / this.windowMs) * this.windowMs;
		const earliest = Math.max(this.earliestMs + shift, afterMs);
		const latest = Math.min(this.latestMs + shift, atOrBeforeMs);
		[this.earliestMs, this.latestMs] =
			earliest < latest ? [earliest, latest] : [afterMs, atOrBeforeMs];
	}

	windowOf(atMs: number): { startMs: number; resetAtMs: number } | undefined {
		const earliest = this.earliestMs;
		if (earliest === undefined || this.latestMs - earliest > this.windowMs * PHASE_PRECISION_SHARE)
			return undefined;
		const windows = Math.floor((atMs - earliest) / this.windowMs);
		// a request counted where the boundary may lie could belong to either window
		if (atMs <= this.latestMs + windows * this.windowMs) return undefined;
		return {
			startMs: earliest + windows * this.windowMs,
			resetAtMs: this.latestMs + (windows + 1) * this.windowMs,
		};
	}
}

function isRoundedDelay(delayMs: number): boolean {
	const offWholeSecond = Math.abs(delayMs - Math.round(delayMs / 1000) * 1000);
	return delayMs > 0 && offWholeSecond <= ROUNDED_RESET_TOLERANCE_MS;
}

const sharedLimiters = new Map<string, { limiter: RateLimiter; primedRate: number }>();

/**
 * One limiter per key (base URL + team id), shared by every execution in this process, since they all
 * spend the same team budget. Priming it again with a different plan rate updates that rate (the new
 * ceiling); priming with the same plan rate keeps whatever lower limit the service has told the limiter
 * since. `windowMs` (default one second) applies when the limiter is created; a per-minute budget needs a
 * key of its own.
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
