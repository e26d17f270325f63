/**
 * Answers that may be capped: a service that returns "the first (or newest) N" of what was asked, without saying
 * so. One rule for every reader (the change watchers, Get Scans for Codes, Get Report): a size that looks like a
 * cap is never taken for the whole answer; the question is asked again in smaller parts. Pure.
 */

/**
 * Whether a non-empty answer's size looks like a cap: a multiple of 10 or a power of two, from 10 on. A false
 * alarm costs a few more requests; a cap taken for the whole answer would lose every record it left out.
 */
export function looksCapped(count: number): boolean {
	return count >= 10 && (count % 10 === 0 || (count & (count - 1)) === 0);
}

/**
 * From this size a change feed that looks capped is suspect even when it holds only versions already handled: a
 * feed cut at its oldest changes can hold only those, every time, and hide every later change. Smaller round
 * answers of handled versions (a poll's overlap, a batch's own writes) are taken: no feed is expected to cap below.
 */
export const HELD_ONLY_CAP_FLOOR = 100;

/**
 * Whether an updated-after answer of `count` codes may have left changes out, so the team's list must be read: it
 * looks capped and holds a version not handled yet, or is as large as HELD_ONLY_CAP_FLOOR. The one rule of the
 * sync's catch-up and the trigger (which also checks, less deeply, a round answer holding nothing after its newest
 * handled version: qrtracReads.ts `readChangesSince`).
 */
export function feedMayLeaveOut(count: number, holdsUnhandled: boolean): boolean {
	return looksCapped(count) && (holdsUnhandled || count >= HELD_ONLY_CAP_FLOOR);
}

/** Part of a scan question: some codes (at most 100) over an inclusive range of epoch ms. */
export interface ScanSlice {
	qrIds: readonly string[];
	startTime: number;
	endTime: number;
	/** Its time halves were answered its very events (api/ignoredRange.ts `halvesAlike`): split by codes only. */
	timeAlike?: boolean;
	/** A code's read over it could not be shown whole: split by time however its halves answer. */
	alikeRefuted?: boolean;
}

/**
 * The two parts of a slice whose answer looked capped: its time range split while it spans more than one
 * millisecond (halved, or where the answer's scan times `times` lie: `splitTime`), else its codes halved;
 * undefined for one code in one millisecond (nothing smaller to ask). Each part is smaller than the slice.
 */
export function splitSlice(
	slice: ScanSlice,
	times: readonly number[] = [],
): [ScanSlice, ScanSlice] | undefined {
	if (slice.endTime > slice.startTime && slice.timeAlike !== true) {
		const middle = splitTime(slice, times);
		return [
			{ ...slice, endTime: middle },
			{ ...slice, startTime: middle + 1 },
		];
	}
	if (slice.qrIds.length > 1) {
		const half = Math.ceil(slice.qrIds.length / 2);
		return [
			{ ...slice, qrIds: slice.qrIds.slice(0, half) },
			{ ...slice, qrIds: slice.qrIds.slice(half) },
		];
	}
	return undefined;
}

/**
 * The last millisecond of a split slice's first half. Halved, unless the answer's scan times `times` sit inside
 * the slice with more empty time on each side than they span: a burst in a long range, split where its scans lie
 * (`firstOfSecondHalf`) rather than after halving the empty time around it many times; scans all in one
 * millisecond get a slice of their own. Scans at an end of the slice may be all a capped answer kept (its oldest
 * or newest N, more beyond them): split among them, each request would take off half an answer, so it is halved.
 */
function splitTime(slice: ScanSlice, times: readonly number[]): number {
	const halfway = slice.startTime + Math.floor((slice.endTime - slice.startTime) / 2);
	// the answer's scans in the slice or on the millisecond each side it was asked wider (api/analytics.ts), those
	// taken as on the slice's end: a neighbour's burst is split off there, not halved towards many times over
	const within = times
		.filter((time) => time >= slice.startTime - 1 && time <= slice.endTime + 1)
		.map((time) => Math.min(slice.endTime, Math.max(slice.startTime, time)))
		.sort((a, b) => a - b);
	if (within.length === 0) return halfway;
	const first = within[0];
	const last = within[within.length - 1];
	const span = last - first;
	// all in one millisecond: that millisecond becomes a slice of its own (checked whole, api/analytics.ts)
	if (span === 0) return first === slice.startTime ? first : first - 1;
	if (first - slice.startTime <= span || slice.endTime - last <= span) return halfway;
	const cut = firstOfSecondHalf(within);
	const [before, after] = [within[cut - 1], within[cut]];
	// halfway between: 2 ms or more apart, neither half asked a millisecond wider (api/analytics.ts) holds a scan
	// of the other, so a burst's halves are not made round by a neighbour (1 ms apart still may be)
	return before + Math.floor((after - before) / 2);
}

/**
 * Where sorted times (not all equal) split in two near their middle, between two different times: the first
 * place from the middle outwards where neither part's size looks capped, so that a whole answer's parts are
 * taken (30 splits 15 + 15, 100 splits 49 + 51, not 50 + 50); the middle's when there is none.
 */
function firstOfSecondHalf(times: readonly number[]): number {
	const count = times.length;
	const middle = Math.ceil(count / 2);
	let fallback: number | undefined;
	for (let step = 0; step <= count; step++) {
		const at = middle + (step % 2 === 0 ? step / 2 : -(step + 1) / 2);
		if (at < 1 || at >= count || times[at - 1] === times[at]) continue;
		if (!looksCapped(at) && !looksCapped(count - at)) return at;
		fallback ??= at;
	}
	return fallback as number;
}

/**
 * What one walk has learnt about the service's cap, under the rule's own premise that a cap is a round size.
 * Before any proof a size that `looksCapped` is suspect unless it lies below every size the cap could still have
 * (`floor`): an answer taken with a size that is not round shows the cap is above it, and a round one whose parts
 * held no more shows the cap is at least that. Once the parts of a suspect answer held more than it did, the cap
 * is known (that size) and only answers of at least that size are suspect. So a walk over dense data stops
 * splitting answers that merely look round.
 */
export class CapWatch {
	private cap: number | undefined;
	private floor = 0;

	/** The proven cap, if any. */
	get knownCap(): number | undefined {
		return this.cap;
	}

	suspect(count: number): boolean {
		return this.cap === undefined ? count >= this.floor && looksCapped(count) : count >= this.cap;
	}

	/** A suspect answer of `answered` events whose parts held `found`: a cap when they held more. */
	learn(answered: number, found: number): void {
		if (found > answered) this.cap = Math.min(this.cap ?? answered, answered);
		else this.floor = Math.max(this.floor, answered);
	}

	/** An answer taken whole: a size that is not round cannot be the cap, so the cap lies above it. */
	taken(count: number): void {
		if (!looksCapped(count)) this.floor = Math.max(this.floor, count + 1);
	}
}

/**
 * The length (ms) of the next slice of a walk that aims at `target` events per answer: the last slice's length
 * scaled by how far its count was from the target, at most 4x up or down per step, at least 1 ms.
 */
export function nextSpan(span: number, count: number, target: number): number {
	const factor = count === 0 ? 4 : Math.min(4, Math.max(0.25, target / count));
	return Math.max(1, Math.floor(span * factor));
}
