import type { CapWatch, ScanSlice } from '../cappedAnswers';
import type { Scan } from './answers';

/** The slices of the scan walk (analytics.ts `walkBulkScans`): what each asks and keeps, and their lengths. Pure. */

/**
 * The request of a slice, one millisecond wider on each side: the contract does not say whether `startTime` and
 * `endTime` are included, so a service reading the range half-open or open still answers the slice's own ends;
 * `inSlice` drops what the extra milliseconds bring.
 */
export function askedRange(slice: ScanSlice): {
	qrIds: readonly string[];
	startTime: number;
	endTime: number;
} {
	return {
		qrIds: slice.qrIds,
		startTime: Math.max(0, slice.startTime - 1),
		endTime: slice.endTime + 1,
	};
}

/**
 * The events of a slice's answer (all of codes asked for, `scansOf`) in the slice's range: one outside it is
 * left to the slice that holds it, so no event is counted twice.
 */
export function inSlice(slice: ScanSlice, scans: Scan[]): Scan[] {
	return scans.filter((scan) => scan.scanTime >= slice.startTime && scan.scanTime <= slice.endTime);
}

/** Events to aim at per slice: the caller's target, or half the service's cap once a walk has proven one. */
export function sliceTarget(target: number, watch: CapWatch): number {
	const cap = watch.knownCap;
	return cap === undefined ? target : Math.max(1, Math.min(target, Math.floor(cap / 2)));
}

/** The first slice of a walk that aims at a number of events: one hour, then as the events found say. */
export const FIRST_SLICE_MS = 3_600_000;

/**
 * A later chunk's first slice: a quarter of the span another chunk found (one step of `nextSpan`), so a chunk
 * denser than the others sends no answer much larger than the target, and a similar one is there a step later.
 */
export function firstSpanAfter(learnt: number): number {
	return Math.max(1, Math.floor(learnt / 4));
}
