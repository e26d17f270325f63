/**
 * A cap on our share that refusals set and time lifts, as TCP does with congestion. Processes sharing a budget
 * cannot talk, and where the service's counting hides others' use from our model (a reset rounded to whole
 * seconds or none, a sliding or bucket count, windows starting at a first request), a 429 is the only sign that
 * together we send too much. Each process then cuts its cap multiplicatively on a refusal, at most once a window
 * (the requests already on their way, and the rest of the window that overflowed, belong to the same overflow),
 * and grows it back: slowly while answers tell less remaining than our own share alone would leave (others fill
 * the budget too: growing fast would overflow it again soon), fast once a whole window passed without such an
 * answer (others have stopped, or the cut went deeper than needed). A process filling most of each window alone
 * sees little remaining late in it; that is its own use, not others', so it grows back fast after a stray
 * refusal. Refusals that recur within a few windows while no answer showed others come from a steady client the
 * model cannot see, overflowing the budget by a little: the cap then grows back fast only to below the cap that
 * overflowed, and slowly above it. A refusal leaves none remaining, said or not: one while our share is under most
 * of the limit shows others beyond such a client. Processes that all do so converge on caps that add up to about
 * the budget, with a refusal now and then; one whose model predicts the windows draws none of its own. The cap is
 * cut from itself, not from the share others' measured use left us (othersUse.ts): that share already answers the
 * others the model sees, and a refusal that told a lower limit is answered by it.
 * Pure: functions over a `RefusalCap`.
 */

import { targetOf, type Budget } from './pace';

export interface RefusalCap {
	/** When the last cut was made. */
	readonly cutAtMs?: number;
	/** Requests per window the cap allowed at `atMs`. */
	readonly perWindow?: number;
	readonly atMs?: number;
	/** The last answer that told little of the budget remaining. */
	readonly tightAtMs?: number;
	/** The last answer (a refusal too) that told less remaining than a small other client leaves: others seen. */
	readonly seenAtMs?: number;
	/** The last cut answered a refusal that recurred while no others showed: the cap grows back fast only to
	 * this, slowly above it, for a while. */
	readonly ceiling?: number;
}

export const NO_CAP: RefusalCap = {};

/** The limiter's parts the cap reads. */
interface CapState {
	readonly refusalCap: RefusalCap;
	readonly budget: Budget;
}

/** What a cut leaves of the cap: halved, as TCP does; shallower cuts overflow again sooner. */
const CUT_FACTOR = 0.5;
/** Growth per window, as a share of the target, while the budget is nearly full, and once it is not. */
const SLOW_GROWTH_SHARE = 0.02;
const FAST_GROWTH_SHARE = 0.2;
/** Remaining this share of the limit (at least one request) below what our share alone leaves: others use it. */
const OTHERS_SLACK_SHARE = 0.1;
/** Others using over this share of the limit beyond ours show in the answers; a small steady client may not. */
const OTHERS_SEEN_SHARE = 0.2;
/** Never below this share of the target: we keep sending and learning even when others take everything. */
const MIN_CAP_SHARE = 0.1;
/** A refusal within this many windows of the last cut recurs: a steady other client the model cannot see. */
const RECUR_WINDOWS = 15;
/** After a refusal that recurred with the others hidden: the share of the cap that overflowed regrown fast. */
const CEILING_SHARE = 0.85;
/** Windows longer than this are not capped: each refusal holds every slot until its reset already (pace.ts). */
const MAX_CAPPED_WINDOW_MS = 10_000;

/** Requests per window the cap allows at `nowMs`: Infinity when none is in force or it has grown back. */
export function capAt(cap: RefusalCap, target: number, nowMs: number, windowMs: number): number {
	if (cap.perWindow === undefined || cap.atMs === undefined) return Infinity;
	const growth = (share: number, ms: number) => (target * share * Math.max(0, ms)) / windowMs;
	let [fromMs, from] = [cap.atMs, cap.perWindow];
	// after a refusal that recurred with the others hidden, grow back fast only to below the cap that overflowed
	// (TCP's slow-start threshold), then slowly: fast growth would overflow again within a few windows
	const hidden =
		cap.ceiling !== undefined &&
		cap.cutAtMs !== undefined &&
		nowMs < cap.cutAtMs + RECUR_WINDOWS * windowMs;
	if (hidden && from < cap.ceiling!) {
		const reachedAtMs = fromMs + ((cap.ceiling! - from) * windowMs) / (target * FAST_GROWTH_SHARE);
		if (nowMs <= reachedAtMs) return from + growth(FAST_GROWTH_SHARE, nowMs - fromMs);
		[fromMs, from] = [reachedAtMs, cap.ceiling!];
	}
	const fastFromMs = hidden ? Infinity : Math.max(fromMs, (cap.tightAtMs ?? -Infinity) + windowMs);
	const fastMs = Math.max(0, nowMs - fastFromMs);
	const perWindow =
		from + growth(SLOW_GROWTH_SHARE, nowMs - fromMs - fastMs) + growth(FAST_GROWTH_SHARE, fastMs);
	return perWindow >= target ? Infinity : perWindow;
}

/** The budget with our allowance under the cap. */
export function cappedBudget(state: CapState, nowMs: number, windowMs: number): Budget {
	const { budget, refusalCap: cap } = state;
	const target = targetOf(budget.limitPerWindow);
	return { ...budget, allowance: Math.min(budget.allowance, capAt(cap, target, nowMs, windowMs)) };
}

/** One answer of our window, as the cap reads it. */
export interface CapAnswer {
	readonly refused: boolean;
	readonly remaining?: number;
	/** Our request's slot (undefined: matched to none). */
	readonly slotMs?: number;
}

/**
 * The cap after an answer of our window, read once the limit it told is adopted (`before`: the budget until then).
 * A refusal that told a lower limit is explained by it, and a refusal of a request sent within a window after the
 * last cut was refused by the same overflow: neither cuts again.
 */
export function afterAnswer(
	state: CapState,
	before: Budget,
	answer: CapAnswer,
	nowMs: number,
	windowMs: number,
): RefusalCap {
	const { refusalCap: cap, budget } = state;
	if (windowMs > MAX_CAPPED_WINDOW_MS) return cap;
	const target = targetOf(budget.limitPerWindow);
	const now = capAt(cap, target, nowMs, windowMs);
	// tight: less remains than our own share alone would leave (others use the budget too), not merely late in
	// a window we fill alone
	const own = Math.min(budget.allowance, now);
	const slack = Math.max(1, budget.limitPerWindow * OTHERS_SLACK_SHARE);
	// a refusal leaves none, whether or not it tells `Remaining: 0` (a service may leave the headers out of 429s)
	const remaining = answer.refused ? 0 : answer.remaining;
	const toldBelow = (level: number) => remaining !== undefined && remaining < level;
	const tight = answer.refused || toldBelow(budget.limitPerWindow - own - slack);
	const tightAtMs = tight ? nowMs : cap.tightAtMs;
	// a refusal while our share is under most of the limit shows others using more than a small hidden client
	const seen = toldBelow(budget.limitPerWindow * (1 - OTHERS_SEEN_SHARE) - own);
	const seenAtMs = seen ? nowMs : cap.seenAtMs;
	const sameOverflow =
		cap.cutAtMs !== undefined &&
		(answer.slotMs === undefined || answer.slotMs <= cap.cutAtMs + windowMs);
	const toldLowerLimit = budget.limitPerWindow < before.limitPerWindow;
	if (!answer.refused || toldLowerLimit || sameOverflow)
		// the last cut is kept once the cap has grown back: a refusal soon after it recurs
		return now === Infinity
			? { cutAtMs: cap.cutAtMs, tightAtMs, seenAtMs }
			: { ...cap, perWindow: now, atMs: nowMs, tightAtMs, seenAtMs };
	const level = Math.min(target, now);
	const perWindow = Math.max(target * MIN_CAP_SHARE, level * CUT_FACTOR);
	// a refusal within a few windows of the last cut (kept once the cap has grown back), with no others shown
	// since the window after it (that one still holds our own requests from before the cut): a steady other
	// client the model cannot see overflows the budget by a little whenever we grow back to it
	const recurs = cap.cutAtMs !== undefined && nowMs - cap.cutAtMs <= RECUR_WINDOWS * windowMs;
	if (!recurs || (seenAtMs !== undefined && seenAtMs >= cap.cutAtMs! + windowMs))
		return { cutAtMs: nowMs, perWindow, atMs: nowMs, tightAtMs, seenAtMs };
	const ceiling = Math.min(level, own) * CEILING_SHARE;
	return { cutAtMs: nowMs, perWindow, atMs: nowMs, tightAtMs, seenAtMs, ceiling };
}
