/**
 * Where the service's fixed windows start, learnt without an exact reset (a rounded '1', or no reset at all).
 * Each new window seen (a rise of `remaining`) says a boundary lies between the previous request's send and
 * this answer's arrival; boundaries recur every window, so these intervals, shifted by whole windows, are
 * intersected. Once the intersection is narrow, windows are known: the start from its early end (a request
 * sent then may already count), the reset from its late end (waits err long). An interval that contradicts it
 * (the windows moved, or are not fixed) starts the learning again. Pure: functions over a `WindowPhase`.
 */

import { risesIntoNewWindow, type CountingWindow } from './windows';

export interface WindowPhase {
	/** One boundary lies in (earliestMs, latestMs], once one was seen. */
	readonly boundary?: { readonly earliestMs: number; readonly latestMs: number };
	/** The previous answer's count, to see a rise. */
	readonly previous?: { readonly remaining: number; readonly countedAtMs: number };
}

/** Windows are taken as known once their boundary is pinned down to this share of a window. */
const PHASE_PRECISION_SHARE = 0.1;

/** Learns from one answer of our window: `remaining` after our request, counted at `countedAtMs`, seen at `nowMs`. */
export function learnPhase(
	phase: WindowPhase,
	remaining: number,
	countedAtMs: number,
	nowMs: number,
	windowMs: number,
): WindowPhase {
	const { previous } = phase;
	const next = { ...phase, previous: { remaining, countedAtMs } };
	if (
		previous &&
		countedAtMs > previous.countedAtMs &&
		risesIntoNewWindow(previous.remaining, remaining)
	)
		return { ...next, boundary: narrow(phase.boundary, previous.countedAtMs, nowMs, windowMs) };
	return next;
}

function narrow(
	boundary: WindowPhase['boundary'],
	afterMs: number,
	atOrBeforeMs: number,
	windowMs: number,
): WindowPhase['boundary'] {
	if (atOrBeforeMs - afterMs >= windowMs) return boundary;
	if (!boundary) return { earliestMs: afterMs, latestMs: atOrBeforeMs };
	const shift = Math.round((afterMs - boundary.earliestMs) / windowMs) * windowMs;
	const earliestMs = Math.max(boundary.earliestMs + shift, afterMs);
	const latestMs = Math.min(boundary.latestMs + shift, atOrBeforeMs);
	return earliestMs < latestMs
		? { earliestMs, latestMs }
		: { earliestMs: afterMs, latestMs: atOrBeforeMs };
}

/** The window a request counted at `atMs` fell in, when the phase is known and `atMs` is off the boundary. */
export function windowOfPhase(
	phase: WindowPhase,
	atMs: number,
	windowMs: number,
): CountingWindow | undefined {
	const { boundary } = phase;
	if (!boundary || boundary.latestMs - boundary.earliestMs > windowMs * PHASE_PRECISION_SHARE)
		return undefined;
	const windows = Math.floor((atMs - boundary.earliestMs) / windowMs);
	// a request counted where the boundary may lie could belong to either window
	if (atMs <= boundary.latestMs + windows * windowMs) return undefined;
	return {
		startMs: boundary.earliestMs + windows * windowMs,
		resetAtMs: boundary.latestMs + (windows + 1) * windowMs,
	};
}
