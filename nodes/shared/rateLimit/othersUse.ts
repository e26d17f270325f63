/**
 * The estimate of others' use of a shared budget (other n8n processes such as queue-mode workers, other tools
 * of the team), and our share that follows from it. Processes of one team cannot talk to each other; every
 * answer tells `remaining` after our request was counted, and that is what is measured:
 * - within one window, `remaining` fell by more than our own requests: the difference is others';
 * - with the window's start known (an exact reset, or a learnt phase), one answer tells others' requests since
 *   the start: the limit, less `remaining`, less ours up to this one. One answer a window is then enough, so a
 *   share that has shrunk still measures, and grows back as soon as the others stop.
 * Measurements are smoothed per window (an exponential average over time), and our allowance is scaled by
 * target / (allowance + others): when every client does the same, the allowances add up to the target after
 * one measurement whatever their split, while a lone client keeps the whole target. Pure.
 */

import { targetOf, type Budget } from './pace';
import { risesIntoNewWindow, type CountingWindow } from './windows';

/** One answer of our window, matched to our request's slot. */
export interface CountedAnswer {
	readonly remaining: number;
	/** When our request was counted: its slot. */
	readonly countedAtMs: number;
	/** Only when exact. */
	readonly resetAtMs?: number;
	/** With a known window: its start, and others' requests it had counted up to ours. */
	readonly windowStartMs?: number;
	readonly othersSoFar?: number;
}

/** What the answers of the current window told so far. */
interface WindowTally {
	readonly resetAtMs?: number;
	readonly firstAtMs: number;
	readonly lastCountedAtMs: number;
	readonly lastRemaining: number;
	readonly othersSoFar?: number;
}

export interface OthersUse {
	/** Others' requests per window, smoothed. */
	readonly perWindow: number;
	/** Others' requests and the time they were counted over, summed until the span is long enough. */
	readonly pending: { readonly others: number; readonly spanMs: number };
	readonly measurements: number;
	readonly window?: WindowTally;
}

export const NO_OTHERS: OthersUse = {
	perWindow: 0,
	pending: { others: 0, spanMs: 0 },
	measurements: 0,
};

/** Others' use is measured over at least this share of a window: a shorter span is mostly timing noise. */
const ESTIMATE_SPAN_SHARE = 0.2;
/** Smoothing time constant (a share of a window): a span s weighs 1 - exp(-s / tau), however often one measures. */
const RISE_TIME_CONSTANT_SHARE = 0.3;
/** A drop is followed faster when the reset is exact: underestimating others is then caught by windowFit.ts. */
const DROP_TIME_CONSTANT_SHARE = 0.2;
/** Smallest allowance, as a share of the target: we keep measuring even when others take everything. */
const MIN_SHARE = 0.1;

/**
 * An answer to count: `remaining` after our request counted at `countedAtMs`; with its window known, others'
 * requests so far are the window's limit, less what remains, ours, and our `ourEarlier` ones in it.
 */
export function countedAnswer(
	remaining: number,
	countedAtMs: number,
	window: CountingWindow | undefined,
	limit: number,
	ourEarlier: number,
): CountedAnswer {
	if (!window) return { remaining, countedAtMs };
	return {
		remaining,
		countedAtMs,
		resetAtMs: window.resetAtMs,
		windowStartMs: window.startMs,
		othersSoFar: Math.max(0, limit - remaining - 1 - ourEarlier),
	};
}

/**
 * Counts an answer into its window and measures others' use since the window's previous answer (or its start,
 * when known). `current` is false for a late answer of an earlier window, which is left out; `measured` is
 * true when the estimate moved (our allowance then follows, see shareAfter).
 */
export function countAnswer(
	use: OthersUse,
	answer: CountedAnswer,
	limitPerWindow: number,
	windowMs: number,
): { use: OthersUse; current: boolean; measured: boolean } {
	const tally = use.window;
	const same = tally !== undefined && sameWindow(tally, answer, limitPerWindow, windowMs);
	if (!same && tally && isLate(tally, answer, limitPerWindow))
		return { use, current: false, measured: false };
	const sample = same ? othersSinceTally(tally, answer) : othersSinceStart(answer);
	const next = sample ? measure(use, sample.others, sample.spanMs, limitPerWindow, windowMs) : use;
	const window: WindowTally = {
		resetAtMs: same ? tally.resetAtMs : answer.resetAtMs,
		firstAtMs: same ? tally.firstAtMs : answer.countedAtMs,
		lastCountedAtMs: answer.countedAtMs,
		lastRemaining: answer.remaining,
		othersSoFar: answer.othersSoFar,
	};
	const measured = next.measurements !== use.measurements;
	return { use: { ...next, window }, current: true, measured };
}

/** Others' requests since the window's previous answer: from their counts so far, else from `remaining`. */
function othersSinceTally(tally: WindowTally, answer: CountedAnswer) {
	const others =
		answer.othersSoFar !== undefined && tally.othersSoFar !== undefined
			? answer.othersSoFar - tally.othersSoFar
			: tally.lastRemaining - answer.remaining - 1;
	return { others, spanMs: answer.countedAtMs - tally.lastCountedAtMs };
}

/** The first answer of a window whose start is known: others' requests since that start. */
function othersSinceStart(answer: CountedAnswer) {
	if (answer.windowStartMs === undefined || answer.othersSoFar === undefined) return undefined;
	return { others: answer.othersSoFar, spanMs: answer.countedAtMs - answer.windowStartMs };
}

/** Our allowance after a measurement: scaled so that all clients doing the same add up to the target. */
export function shareAfter(allowance: number, othersPerWindow: number, target: number): number {
	const scaled = (allowance * target) / (allowance + othersPerWindow);
	return Math.min(target, Math.max(target * MIN_SHARE, scaled));
}

/** The budget after an answer was counted: our allowance follows each new measurement. */
export function budgetAfterCount(budget: Budget, counted: { use: OthersUse; measured: boolean }) {
	if (!counted.measured) return budget;
	const target = targetOf(budget.limitPerWindow);
	return { ...budget, allowance: shareAfter(budget.allowance, counted.use.perWindow, target) };
}

/** Adds others' requests over a span; once the span is long enough, smooths them into the estimate. */
function measure(
	use: OthersUse,
	othersBetween: number,
	spanMs: number,
	limitPerWindow: number,
	windowMs: number,
): OthersUse {
	const others = use.pending.others + othersBetween;
	const span = use.pending.spanMs + Math.max(0, spanMs);
	if (span < windowMs * ESTIMATE_SPAN_SHARE) return { ...use, pending: { others, spanMs: span } };
	const measuredPerWindow = Math.min(limitPerWindow, Math.max(0, (others / span) * windowMs));
	const dropCaught = measuredPerWindow < use.perWindow && use.window?.resetAtMs !== undefined;
	const tau = dropCaught ? DROP_TIME_CONSTANT_SHARE : RISE_TIME_CONSTANT_SHARE;
	// the first measurement after a (re)start is taken as it is
	const weight = use.measurements === 0 ? 1 : 1 - Math.exp(-span / (windowMs * tau));
	return {
		...use,
		perWindow: use.perWindow + weight * (measuredPerWindow - use.perWindow),
		pending: { others: 0, spanMs: 0 },
		measurements: use.measurements + 1,
	};
}

/** Exact resets tell windows apart; without them a rise of `remaining` beyond reordering marks a new window. */
function sameWindow(
	tally: WindowTally,
	answer: CountedAnswer,
	limitPerWindow: number,
	windowMs: number,
): boolean {
	if (tally.resetAtMs !== undefined && answer.resetAtMs !== undefined)
		return Math.abs(answer.resetAtMs - tally.resetAtMs) < windowMs / 2;
	return (
		answer.countedAtMs - tally.firstAtMs < windowMs &&
		!risesIntoNewWindow(tally.lastRemaining, answer.remaining) &&
		answer.remaining >= tally.lastRemaining - limitPerWindow / 2
	);
}

/** An answer of a window before the current one, overtaken by the current window's answers. */
function isLate(tally: WindowTally, answer: CountedAnswer, limitPerWindow: number): boolean {
	if (tally.resetAtMs !== undefined && answer.resetAtMs !== undefined)
		return answer.resetAtMs < tally.resetAtMs;
	return answer.remaining < tally.lastRemaining - limitPerWindow / 2;
}

/** After an idle spell what was measured is old: measure again from the next answer, keeping the estimate. */
export function measureAfresh(use: OthersUse): OthersUse {
	return { ...use, pending: { others: 0, spanMs: 0 }, measurements: 0, window: undefined };
}
