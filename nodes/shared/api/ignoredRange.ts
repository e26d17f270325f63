import type { NodeApiError } from 'n8n-workflow';

import type { ScanSlice } from '../cappedAnswers';
import { apiError } from '../nodeErrors';
import { excerptOf, sentence, type AnswerSource, type Scan } from './answers';

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
	const byTime =
		parent.slice.qrIds.length === slice.qrIds.length &&
		parent.slice.endTime - parent.slice.startTime > slice.endTime - slice.startTime;
	if (!byTime || answered.length !== parent.answered.length) return undefined;
	const farthest = farthestOutside(parent.slice, answered);
	if (farthest === undefined || outsideBy(parent.slice, farthest) <= RANGE_SLACK_MS)
		return undefined;
	return sameEvents(parent.answered, answered) ? farthest : undefined;
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
