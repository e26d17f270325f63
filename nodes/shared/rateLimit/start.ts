/**
 * The limiter's state, one value made of the parts' values, and its cautious start: a new limiter, or one
 * idle for a few windows, has one request on its way until the first answer, which measures others before
 * the pace picks up (workers started together at the full plan would fill the first windows past the limit).
 * Pure.
 */

import type { SlotTurn, Waiting } from './line';
import { measureAfresh, NO_OTHERS, type CountedAnswer, type OthersUse } from './othersUse';
import { NO_SLOTS, withdrawn, type OurSlots } from './ourSlots';
import { afterGiveBack, START_PACE, startBudget, type Budget, type Pace } from './pace';
import { NO_CAP, type RefusalCap } from './refusalCap';
import { TRUSTED, type ResetTrust } from './resetTrust';
import type { WindowPhase } from './windowPhase';

export interface LimiterState {
	budget: Budget;
	pace: Pace;
	line: readonly Waiting[];
	slots: OurSlots;
	others: OthersUse;
	phase: WindowPhase;
	/** The cap refusals set on our share (refusalCap.ts). */
	refusalCap: RefusalCap;
	/** Whether told resets are window ends (resetTrust.ts). */
	resetTrust: ResetTrust;
	/** The last answer of our window that was counted, for fitting slots into its window. */
	lastAnswer?: CountedAnswer;
	lastAnswerAtMs: number;
	/** The last refusal while the limit in force was told by refusals alone (refusalLimit.ts). */
	refusalHeldAtMs: number | undefined;
	/** Until the first answer after a (re)start, one request at a time. */
	probing: boolean;
	nextTurnId: number;
}

/** A limiter without any answer for this many windows starts cautiously again: what it measured is old. */
const IDLE_WINDOWS = 3;

export function startState(planLimit: number): LimiterState {
	return {
		budget: startBudget(planLimit),
		pace: START_PACE,
		line: [],
		slots: NO_SLOTS,
		others: NO_OTHERS,
		phase: {},
		resetTrust: TRUSTED,
		refusalCap: NO_CAP,
		lastAnswerAtMs: Number.NEGATIVE_INFINITY,
		refusalHeldAtMs: undefined,
		probing: true,
		nextTurnId: 1,
	};
}

/** Whether the next slot must wait for the probe's answer. */
export function waitingForProbe(state: LimiterState): boolean {
	return state.probing && state.slots.unanswered.length > 0;
}

/**
 * After IDLE_WINDOWS without any answer, probe again and measure others afresh (keeping the estimate), and read
 * told resets as window ends again: the answers will contradict them again if they are not.
 */
export function restartIfIdle(state: LimiterState, nowMs: number, windowMs: number): LimiterState {
	if (
		state.probing ||
		state.slots.unanswered.length > 0 ||
		nowMs - state.lastAnswerAtMs < windowMs * IDLE_WINDOWS
	)
		return state;
	return {
		...state,
		probing: true,
		lastAnswer: undefined,
		others: measureAfresh(state.others),
		resetTrust: TRUSTED,
	};
}

/** A granted slot given back unsent: none of ours, and when it was the last granted, the pace's next again. */
export function givenBack(
	state: LimiterState,
	turn: Pick<SlotTurn, 'slotMs' | 'movedFromMs'>,
): Pick<LimiterState, 'slots' | 'pace'> {
	const slotMs = turn.slotMs!;
	const latest = state.slots.recent.at(-1) === slotMs;
	return {
		slots: withdrawn(state.slots, slotMs),
		pace: latest ? afterGiveBack(state.pace, turn.movedFromMs ?? slotMs) : state.pace,
	};
}
