/**
 * The rate limiter the transport uses: a thin composition of the parts, over one state value. It paces a
 * team's requests to the plan's rate so that the service need not answer 429, while using nearly all of the
 * plan, alone or sharing the budget with others (docs/rate-limits.md). Pure: it only computes waits; the
 * transport sleeps and sends.
 */

import { ServiceClock, serviceDateOf } from '../serviceClock';
import { parseRateLimitHeaders, type RateLimitSnapshot, type WindowScale } from './headers';
import { askInLine, leaveLine, napMs, type SlotTurn, type Waiting } from './line';
import {
	countAnswer,
	measureAfresh,
	NO_OTHERS,
	othersSoFar,
	shareAfter,
	type CountedAnswer,
	type OthersUse,
} from './othersUse';
import { answered, countBetween, forgetOld, granted, NO_SLOTS, type OurSlots } from './ourSlots';
import * as pace from './pace';
import { fitIntoWindow } from './windowFit';
import { learnPhase, windowOfPhase, type WindowPhase } from './windowPhase';
import { describesOurWindow, windowOfExactReset, type CountingWindow } from './windows';

export type { SlotTurn } from './line';

export interface RateLimiterOptions {
	ratePerSecond: number;
	now?: () => number;
	/** Length of the service's counting window; 1000 for QRTRAC's per-second limits. */
	windowMs?: number;
}

/** A limiter without any answer for this many windows starts cautiously again: what it measured is old. */
const IDLE_WINDOWS = 3;

interface LimiterState {
	budget: pace.Budget;
	pace: pace.Pace;
	line: readonly Waiting[];
	slots: OurSlots;
	others: OthersUse;
	phase: WindowPhase;
	/** The last answer of our window that was counted, for fitting slots into its window. */
	lastAnswer?: CountedAnswer;
	lastAnswerAtMs: number;
	/**
	 * A cautious start: until the first answer after a (re)start one request is on its way, so that it measures
	 * others before the pace picks up (workers started together at the full plan filled the first windows twice).
	 */
	probing: boolean;
	nextTurnId: number;
}

export class RateLimiter {
	private readonly now: () => number;
	private readonly windowMs: number;
	private state: LimiterState;
	/** The service's clock, learnt from its answers' `Date`: absolute resets are read on it. */
	readonly serviceClock = new ServiceClock();

	constructor(options: RateLimiterOptions) {
		this.now = options.now ?? Date.now;
		this.windowMs = options.windowMs ?? 1000;
		this.state = {
			budget: pace.startBudget(pace.limitOf(options.ratePerSecond, this.windowMs)),
			pace: pace.START_PACE,
			line: [],
			slots: NO_SLOTS,
			others: NO_OTHERS,
			phase: {},
			lastAnswerAtMs: Number.NEGATIVE_INFINITY,
			probing: true,
			nextTurnId: 1,
		};
	}

	get ratePerSecond(): number {
		return (this.state.budget.limitPerWindow * 1000) / this.windowMs;
	}

	/** Requests per second this limiter currently hands out. */
	get allowancePerSecond(): number {
		return (this.state.budget.allowance * 1000) / this.windowMs;
	}

	/** Others' use of the shared budget as last measured (smoothed), requests per window. */
	get othersPerWindowEstimate(): number {
		return this.state.others.perWindow;
	}

	/** Requests of this process waiting for a send slot or for their answer. */
	get requestsUnderway(): number {
		return this.state.line.length + this.state.slots.unanswered.length;
	}

	/** The window the answers describe, for reading a bare reset delay (seconds or ms). */
	get windowScale(): WindowScale {
		return { windowMs: this.windowMs, limit: this.state.budget.planLimit };
	}

	/**
	 * A place in line for one request's send slot. Ask without a turn the first time, then with the turn
	 * returned, after waiting its `waitMs`, until it is `granted`; then send after its `waitMs`.
	 */
	take(turn?: SlotTurn): SlotTurn {
		const nowMs = this.now();
		const windowMs = this.windowMs;
		this.forgetOld(nowMs);
		this.restartIfIdle(nowMs);
		const state = this.state;
		const id = turn?.id ?? state.nextTurnId++;
		const { line, place } = askInLine(state.line, id, nowMs, windowMs);
		state.line = line;
		const waitingForProbe = state.probing && state.slots.unanswered.length > 0;
		const earliest = waitingForProbe ? undefined : pace.earliestSlot(state.pace, nowMs, windowMs);
		const horizon = pace.grantHorizonMs(state.budget, windowMs);
		const interval = pace.intervalMs(state.budget, windowMs);
		if (place === 0 && earliest !== undefined && earliest - nowMs <= horizon) {
			state.line = line.slice(1);
			const last = state.lastAnswer;
			const ourUncounted = last ? countBetween(state.slots, last.countedAtMs, Infinity) + 1 : 0;
			const limit = state.budget.limitPerWindow;
			const slot = fitIntoWindow(earliest, last, ourUncounted, limit, windowMs);
			state.slots = granted(state.slots, slot);
			state.pace = pace.afterGrant(state.pace, slot, interval);
			return { id, granted: true, waitMs: Math.max(0, slot - nowMs) };
		}
		const opensAtMs = earliest === undefined ? undefined : earliest - horizon;
		return { id, granted: false, waitMs: napMs(place, opensAtMs, interval, nowMs, windowMs) };
	}

	/**
	 * Reads an answer's rate-limit headers (on this limiter's window scale, absolute times on the service's
	 * clock), learns from them, and returns them. `sentAtMs`: when the request went out, for the clock.
	 */
	learn(headers: Record<string, unknown>, status: number, sentAtMs?: number): RateLimitSnapshot {
		const nowMs = this.now();
		this.serviceClock.observe(serviceDateOf(headers), sentAtMs ?? nowMs, nowMs);
		const offsetMs = this.serviceClock.offsetMs();
		const snapshot = parseRateLimitHeaders(headers, nowMs, this.windowScale, offsetMs);
		this.observe(snapshot, status);
		return snapshot;
	}

	/**
	 * Until when (our clock) the service told us to send nothing (a 429, or `remaining = 0` until a reset);
	 * undefined when that is past. Callers whose wait cannot last that long give up at once instead of queueing.
	 */
	toldWaitUntilMs(): number | undefined {
		const until = this.state.pace.blockedUntilMs;
		return until > this.now() ? until : undefined;
	}

	/** A request that gives up its place in line (it failed before its slot), so that it holds no one up. */
	leave(turn: SlotTurn): void {
		this.state.line = leaveLine(this.state.line, turn.id);
	}

	/** Learns from one answer: what it tells about the pace, the window, and others' use of the budget. */
	observe(snapshot: RateLimitSnapshot, status: number): void {
		const nowMs = this.now();
		const windowMs = this.windowMs;
		this.forgetOld(nowMs);
		const state = this.state;
		const match = answered(state.slots);
		state.slots = match.slots;
		const countedAtMs = match.slotMs ?? nowMs;
		state.lastAnswerAtMs = nowMs;
		state.probing = false;
		const ours = describesOurWindow(snapshot, nowMs, state.budget.planLimit, windowMs);
		if (ours && status !== 429 && snapshot.remaining !== undefined)
			state.phase = learnPhase(state.phase, snapshot.remaining, countedAtMs, nowMs, windowMs);
		const window =
			windowOfExactReset(snapshot, countedAtMs, nowMs, windowMs) ??
			(ours ? windowOfPhase(state.phase, countedAtMs, windowMs) : undefined);

		if (status === 429) {
			const waitMs = pace.waitAfterRefusal(snapshot, window?.resetAtMs, nowMs, windowMs);
			state.pace = pace.blockUntil(state.pace, nowMs + Math.max(0, waitMs));
			return;
		}
		if (snapshot.remaining === 0 && window)
			state.pace = pace.blockUntil(state.pace, window.resetAtMs + pace.RESET_GUARD_MS);
		if (!ours) return;
		if (snapshot.limit !== undefined && snapshot.limit > 0)
			state.budget = pace.adoptLimit(state.budget, Math.min(snapshot.limit, state.budget.planLimit));
		if (snapshot.remaining !== undefined) this.count(snapshot, snapshot.remaining, countedAtMs, window);
	}

	setRate(ratePerSecond: number): void {
		const planLimit = pace.limitOf(ratePerSecond, this.windowMs);
		this.state.budget = pace.adoptLimit({ ...this.state.budget, planLimit }, planLimit);
	}

	/** Counts an answer of our window into others' use; our allowance follows a new measurement. */
	private count(
		snapshot: RateLimitSnapshot,
		remaining: number,
		countedAtMs: number,
		window: CountingWindow | undefined,
	): void {
		const state = this.state;
		const { limitPerWindow } = state.budget;
		const ourEarlier = window ? countBetween(state.slots, window.startMs, countedAtMs) : 0;
		const answer: CountedAnswer = {
			remaining,
			countedAtMs,
			resetAtMs: window?.resetAtMs,
			windowStartMs: window?.startMs,
			othersSoFar: window
				? othersSoFar(snapshot.limit ?? limitPerWindow, remaining, ourEarlier)
				: undefined,
		};
		const counted = countAnswer(state.others, answer, limitPerWindow, this.windowMs);
		state.others = counted.use;
		if (counted.measured) {
			const target = pace.targetOf(limitPerWindow);
			const allowance = shareAfter(state.budget.allowance, counted.use.perWindow, target);
			state.budget = { ...state.budget, allowance };
		}
		if (counted.current) state.lastAnswer = answer;
	}

	private forgetOld(nowMs: number): void {
		this.state.slots = forgetOld(this.state.slots, nowMs, this.windowMs);
	}

	/** After IDLE_WINDOWS without any answer, what was learnt about others is old: start cautiously again. */
	private restartIfIdle(nowMs: number): void {
		const state = this.state;
		if (
			state.probing ||
			state.slots.unanswered.length > 0 ||
			nowMs - state.lastAnswerAtMs < this.windowMs * IDLE_WINDOWS
		)
			return;
		state.probing = true;
		state.lastAnswer = undefined;
		state.others = measureAfresh(state.others);
	}
}
