import type { NodeApiError } from 'n8n-workflow';

import type { ScanSlice } from '../cappedAnswers';
import { apiError } from '../nodeErrors';
import { excerptOf, sentence, type AnswerSource, type Scan } from './answers';
import { askedRange } from './scanSlices';

/**
 * How far outside its slice a capped answer's events may lie while the walk still splits it (api/analytics.ts
 * `walkBulkScans`): a service comparing the range in whole seconds answers events up to a second outside it, and
 * splitting such a second to milliseconds costs a few thousand requests. Past this, a service answering both
 * halves of a slice the very events of the slice (one not applying the range at all, or only to the minute or
 * the day) would be split into many more milliseconds, a request each, up to MAX_SCAN_WALK_REQUESTS.
 */
export const RANGE_SLACK_MS = 2_000;

/** A slice whose answer looked capped, and that answer; its halves are compared with it (`checkHalf`). */
export interface SplitFrom {
	slice: ScanSlice;
	answered: readonly Scan[];
	/** The walk's whole range, the item's asked one, of which `slice` is a part: the error names both. */
	range: { startTime: number; endTime: number };
	/** Set by its first half's answer: the event that showed it alike, or null. */
	firstHalf?: Scan | null;
}

/**
 * Checks the answer `answered` of a half (`slice`) of `parent`, in the order asked (first half, then second):
 * fails the walk when both halves got the very events of the capped answer they were split from, one of them
 * more than RANGE_SLACK_MS outside it (a service ignoring the range, or applying it to the minute or the day).
 * One alike half is no sign: a service keeping the oldest N of a range answers the first half as it answered
 * the whole whenever those N lie there. A split by codes (the same range) is not in question.
 */
export function checkHalf(
	source: AnswerSource,
	parent: SplitFrom,
	slice: ScanSlice,
	answered: readonly Scan[],
): void {
	const beyond = eventBeyondRange(parent, slice, answered);
	if (parent.firstHalf === undefined) parent.firstHalf = beyond ?? null;
	else if (parent.firstHalf && beyond) throw rangeNotKept(source, parent, answered, beyond);
}

/**
 * The event of a half's answer `answered` that makes it alike: the half (`slice`) was split by time from a
 * slice whose answer (`parent`, a capped one) held the very same events, and this one lies more than
 * RANGE_SLACK_MS outside that slice. Undefined otherwise. Events are compared by code and time, as a multiset,
 * whatever their order. Pure.
 */
export function eventBeyondRange(
	parent: SplitFrom,
	slice: ScanSlice,
	answered: readonly Scan[],
): Scan | undefined {
	if (!splitByTime(parent.slice, slice) || answered.length !== parent.answered.length)
		return undefined;
	const farthest = farthestOutside(parent.slice, answered);
	if (farthest === undefined || outsideBy(parent.slice, farthest) <= RANGE_SLACK_MS)
		return undefined;
	return sameEvents(parent.answered, answered) ? farthest : undefined;
}

/**
 * Whether both time halves of a capped answer's slice (`parent`) were answered its very events, each with one
 * outside what the half asked (scanSlices.ts `askedRange`) and none more than RANGE_SLACK_MS outside the slice
 * (else `checkHalf` failed the walk): the service compares the range more coarsely than the halves (to the
 * second), so halving the time again would ask the same, a request per millisecond of it. The walk then splits
 * that slice by codes only, and reads one code's from every scan of the code (millisecondScans.ts). Only for a
 * slice shorter than twice RANGE_SLACK_MS: a longer one is split by time as before, down to such a slice, so a
 * code's other scans in it are not sent to that read. A service keeping the asked range answers nothing outside
 * it, so its walk is not changed. Pure.
 */
export function halvesAlike(
	parent: SplitFrom,
	halves: readonly [ScanSlice, ScanSlice],
	answers: readonly [readonly Scan[], readonly Scan[]],
): boolean {
	// only a slice as short as the slack: a longer one may hold other scans of its codes, which time splits reach
	if (parent.slice.endTime - parent.slice.startTime >= 2 * RANGE_SLACK_MS) return false;
	return halves.every(
		(half, index) =>
			splitByTime(parent.slice, half) &&
			answers[index].length === parent.answered.length &&
			outsideAsked(half, answers[index]) &&
			sameEvents(parent.answered, answers[index]),
	);
}

function outsideAsked(slice: ScanSlice, scans: readonly Scan[]): boolean {
	const { startTime, endTime } = askedRange(slice);
	return scans.some((scan) => scan.scanTime < startTime || scan.scanTime > endTime);
}

/** Whether `half` is a part of `slice` by time (the same codes, a shorter range), not by codes. */
function splitByTime(slice: ScanSlice, half: ScanSlice): boolean {
	return (
		slice.qrIds.length === half.qrIds.length &&
		slice.endTime - slice.startTime > half.endTime - half.startTime
	);
}

/**
 * The error of a walk whose capped answers do not keep to the asked range (`checkHalf`), naming the item's
 * range and the slice whose halves showed it as a part of it: splitting the range cannot make them smaller,
 * so the walk stops at once rather than after MAX_SCAN_WALK_REQUESTS requests.
 */
export function rangeNotKept(
	source: AnswerSource,
	{ slice, range }: SplitFrom,
	answered: readonly Scan[],
	beyond: Scan,
): NodeApiError {
	const iso = (ms: number) => new Date(ms).toISOString();
	const part = `between ${iso(slice.startTime)} and ${iso(slice.endTime)} (asked a millisecond wider)`;
	const whole = slice.startTime === range.startTime && slice.endTime === range.endTime;
	const expected = whole
		? `Expected the events ${part}, none more than ${RANGE_SLACK_MS / 1000} seconds outside it. `
		: `Expected the events between ${iso(range.startTime)} and ${iso(range.endTime)}, asked in parts: of its part ${part}, none more than ${RANGE_SLACK_MS / 1000} seconds outside that part. `;
	return apiError(
		source.node,
		{ success: false, message: 'range not kept' },
		{
			message: `QRTRAC's answer to ${source.operation} does not keep to the asked range`,
			description:
				expected +
				`It answered the same ${answered.length} events, a size that looks capped, for that ${whole ? 'range' : 'part'} and for each of its halves, one of them at ${iso(beyond.scanTime)}: ${sentence(excerptOf(beyond, source.redact ?? []))} ` +
				'Asking for shorter ranges cannot make its answers smaller, so no scans were returned, so that a part is not taken for all of them; ask QRTRAC to apply startTime and endTime, or choose fewer codes.',
			itemIndex: source.itemIndex,
		},
	);
}

function outsideBy(slice: ScanSlice, scan: Scan): number {
	return Math.max(slice.startTime - scan.scanTime, scan.scanTime - slice.endTime, 0);
}

function farthestOutside(slice: ScanSlice, scans: readonly Scan[]): Scan | undefined {
	let farthest: Scan | undefined;
	for (const scan of scans)
		if (farthest === undefined || outsideBy(slice, scan) > outsideBy(slice, farthest))
			farthest = scan;
	return farthest;
}

function sameEvents(a: readonly Scan[], b: readonly Scan[]): boolean {
	const keys = (scans: readonly Scan[]) =>
		scans.map((scan) => `${String(scan.qrId)} ${scan.scanTime}`).sort();
	const [left, right] = [keys(a), keys(b)];
	return left.every((key, index) => key === right[index]);
}
