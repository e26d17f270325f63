/**
 * The rate limiter the transport uses: a thin composition of the parts over one state value (start.ts). It
 * paces a budget's requests so that the service need not answer 429 while nearly all of the plan is used,
 * alone or sharing the budget with others (docs/rate-limits.md). Pure: it computes waits; the transport
 * sleeps and sends.
 */

import { ServiceClock, serviceDateOf } from '../serviceClock';
import { parseRateLimitHeaders, type RateLimitSnapshot, type WindowScale } from './headers';
import { askInLine, leaveLine, notGranted, type SlotTurn } from './line';
import { budgetAfterCount, countAnswer, countedAnswer } from './othersUse';
import { answered, countBetween, forgetOld, granted, unanswerable } from './ourSlots';
import * as pace from './pace';
import { afterAnswer, cappedBudget } from './refusalCap';
import { adoptTold, lapseTold } from './refusalLimit';
import { afterResetCheck, isContradicted } from './resetTrust';
import { givenBack, restartIfIdle, startState, waitingForProbe, type LimiterState } from './start';
import { fitIntoWindow } from './windowFit';
import { learnPhase, windowOfPhase } from './windowPhase';
import { describesOurWindow, windowOfExactReset, type CountingWindow } from './windows';

export type { SlotTurn } from './line';

export interface RateLimiterOptions {
	ratePerSecond: number;
	now?: () => number;
	/** Length of the service's counting window; 1000 for QRTRAC's per-second limits. */
	windowMs?: number;
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
		this.state = startState(pace.limitOf(options.ratePerSecond, this.windowMs));
	}

	get ratePerSecond(): number {
		return (this.state.budget.limitPerWindow * 1000) / this.windowMs;
	}

	/** Requests per second this limiter currently hands out (under the cap refusals set). */
	get allowancePerSecond(): number {
		return (cappedBudget(this.state, this.now(), this.windowMs).allowance * 1000) / this.windowMs;
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
		const state = restartIfIdle(this.forgetOld(nowMs), nowMs, windowMs);
		const id = turn?.id ?? state.nextTurnId++;
		const { line, place } = askInLine(state.line, id, nowMs, windowMs);
		this.state = { ...state, line };
		const earliest = waitingForProbe(state)
			? undefined
			: pace.earliestSlot(state.pace, nowMs, windowMs);
		const budget = cappedBudget(state, nowMs, windowMs);
		const horizon = pace.grantHorizonMs(budget, windowMs);
		const interval = pace.intervalMs(budget, windowMs);
		if (place === 0 && earliest !== undefined && earliest - nowMs <= horizon) {
			const last = state.lastAnswer;
			const ourUncounted = last ? countBetween(state.slots, last.countedAtMs, Infinity) + 1 : 0;
			const limit = state.budget.limitPerWindow;
			const slot = fitIntoWindow(earliest, last, ourUncounted, limit, windowMs);
			this.state.line = line.slice(1);
			this.state.slots = granted(state.slots, slot);
			this.state.pace = pace.afterGrant(state.pace, slot, interval);
			const moved = slot === earliest ? {} : { movedFromMs: earliest };
			return { id, granted: true, waitMs: Math.max(0, slot - nowMs), slotMs: slot, ...moved };
		}
		return notGranted(id, place, earliest, { horizon, interval }, nowMs, windowMs);
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
		this.observe(snapshot, status, this.serviceClock.leadDoubtMs());
		return snapshot;
	}

	/** Until when (our clock) nothing may start, and whether QRTRAC told it (else a bare 429's pause); past: undefined. */
	toldWait(): { untilMs: number; told: boolean } | undefined {
		const { blockedUntilMs: untilMs, blockUntold } = this.state.pace;
		return untilMs > this.now() ? { untilMs, told: !blockUntold } : undefined;
	}

	/**
	 * A granted request that ended without an answer: its slot is awaited no more, so a cautious start does not
	 * hold the line until the slot is forgotten (three windows: three minutes for the simple interface's key).
	 */
	noAnswer(turn: SlotTurn): void {
		if (turn.slotMs !== undefined) this.state.slots = unanswerable(this.state.slots, turn.slotMs);
	}

	/** A request that gives up its place in line, or its slot unsent (its wait too long, Stop), holding no one up. */
	leave(turn: SlotTurn): void {
		this.state.line = leaveLine(this.state.line, turn.id);
		if (turn.granted) Object.assign(this.state, givenBack(this.state, turn));
	}

	/**
	 * Learns from one answer: what it tells about the pace, the window, and others' use of the budget.
	 * `clockLeadDoubtMs`: how much further ahead the service's clock may be than its absolute reset was read with.
	 */
	observe(snapshot: RateLimitSnapshot, status: number, clockLeadDoubtMs = 0): void {
		const nowMs = this.now();
		const windowMs = this.windowMs;
		const match = answered(this.forgetOld(nowMs).slots);
		const countedAtMs = match.slotMs ?? nowMs;
		const state = this.state;
		Object.assign(state, { slots: match.slots, lastAnswerAtMs: nowMs, probing: false });
		const ours = describesOurWindow(snapshot, nowMs, state.budget.planLimit, windowMs);
		if (ours && status !== 429 && snapshot.remaining !== undefined)
			state.phase = learnPhase(state.phase, snapshot.remaining, countedAtMs, nowMs, windowMs);
		if (ours && status !== 429)
			Object.assign(state, afterResetCheck(state, snapshot, nowMs, windowMs, clockLeadDoubtMs));
		const trusted = !(ours && isContradicted(state.resetTrust, nowMs, windowMs));
		const window =
			(trusted ? windowOfExactReset(snapshot, countedAtMs, nowMs, windowMs) : undefined) ??
			(ours ? windowOfPhase(state.phase, countedAtMs, windowMs) : undefined);

		// a refusal's limit too (a service may tell its headers only with its 429s), held for a while only
		const answer = { ...snapshot, refused: status === 429, slotMs: match.slotMs };
		const before = state.budget;
		if (ours) Object.assign(state, adoptTold(state, snapshot.limit, answer.refused, nowMs));
		if (ours) state.refusalCap = afterAnswer(state, before, answer, nowMs, windowMs);
		if (status === 429) {
			const waitMs = pace.waitAfterRefusal(snapshot, window?.resetAtMs, nowMs, windowMs);
			const untold = snapshot.retryAfterMs === undefined && snapshot.resetAtMs === undefined;
			state.pace = pace.blockUntil(state.pace, nowMs + Math.max(waitMs, 0), untold);
			return;
		}
		if (snapshot.remaining === 0 && window)
			state.pace = pace.blockUntil(state.pace, window.resetAtMs + pace.RESET_GUARD_MS);
		if (!ours) return;
		if (snapshot.remaining !== undefined)
			this.count(snapshot.remaining, snapshot.limit, countedAtMs, window);
	}

	setRate(ratePerSecond: number): void {
		const planLimit = pace.limitOf(ratePerSecond, this.windowMs);
		this.state.budget = pace.adoptLimit({ ...this.state.budget, planLimit }, planLimit);
	}

	/** Counts an answer of our window into others' use; our allowance follows each new measurement. */
	private count(
		remaining: number,
		toldLimit: number | undefined,
		countedAtMs: number,
		window: CountingWindow | undefined,
	): void {
		const state = this.state;
		const { limitPerWindow } = state.budget;
		const ourEarlier = window ? countBetween(state.slots, window.startMs, countedAtMs) : 0;
		const limit = toldLimit ?? limitPerWindow;
		const answer = countedAnswer(remaining, countedAtMs, window, limit, ourEarlier);
		const counted = countAnswer(state.others, answer, limitPerWindow, this.windowMs);
		state.others = counted.use;
		state.budget = budgetAfterCount(state.budget, counted);
		if (counted.current) state.lastAnswer = answer;
	}

	private forgetOld(nowMs: number): LimiterState {
		Object.assign(this.state, lapseTold(this.state, nowMs, this.windowMs));
		this.state.slots = forgetOld(this.state.slots, nowMs, this.windowMs);
		return this.state;
	}
}
