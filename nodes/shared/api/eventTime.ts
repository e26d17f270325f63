/**
 * Event times (`updatedAt`/`createdAt`, a scan's `scanTime`) as epoch milliseconds. Rule: a number is read in the
 * unit its size shows (seconds to nanoseconds since 1970 fall in ranges that never overlap between 2000-01-01
 * and a day past the service's present); ISO 8601 text is epoch ms already (answers.ts). Anything else is
 * refused, never placed where the change did not happen (docs/trigger.md, "Times").
 */

/** Earliest time accepted: QR codes with a history older than this do not exist. */
export const EARLIEST_EVENT_MS = Date.UTC(2000, 0, 1);

/** How far past the present a time may lie and still be read: stamps a little ahead are used, not trusted. */
export const FUTURE_TOLERANCE_MS = 86_400_000;

/** The sane range, in words for errors and docs. */
export const EVENT_TIME_RANGE = "between 2000-01-01 and one day after the service's present";

type Reading = (value: number) => number;

/**
 * The units tried in turn, each to milliseconds; the first that lands in the sane range is the unit.
 */
const UNITS: ReadonlyArray<Reading> = [
	(value) => Math.floor(value),
	(value) => Math.round(value * 1_000),
	(value) => Math.floor(value / 1_000),
	(value) => Math.floor(value / 1_000_000),
];

/**
 * Whether a time read as epoch `ms` may stand for any moment of its second: one on a whole second, however it was
 * written (epoch seconds, epoch ms ending in 000, ISO text without a fraction), since a service storing seconds
 * drops the rest. The one rule for it: a time read as the end of what was counted (a last scan) then reaches that
 * second's last millisecond.
 */
export function standsForWholeSecond(ms: number): boolean {
	return ms % 1_000 === 0;
}

/**
 * An event time as read: its epoch ms, and the last epoch ms the moment it stands for may lie at (`ms`, or its
 * second's last ms where `standsForWholeSecond`).
 */
export interface EventTimeRead {
	ms: number;
	lastMs: number;
}

/** `value` read by its unit, or undefined when it is no time in the sane range. */
export function readEventTimeSpan(value: unknown, presentMs: number): EventTimeRead | undefined {
	if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
	const latest = presentMs + FUTURE_TOLERANCE_MS;
	for (const toMs of UNITS) {
		const ms = toMs(value);
		if (ms >= EARLIEST_EVENT_MS && ms <= latest)
			return { ms, lastMs: standsForWholeSecond(ms) ? ms + 999 : ms };
	}
	return undefined;
}

/** Epoch ms of `value` read by its unit, or undefined when it is no time in the sane range. */
export function readEventTime(value: unknown, presentMs: number): number | undefined {
	return readEventTimeSpan(value, presentMs)?.ms;
}

/** What a reader expected of a record's time fields, in words for its error. */
export function expectedEventTime(fields: string, presentMs: number): string {
	return `${fields} as a time ${EVENT_TIME_RANGE} (${new Date(presentMs).toISOString()}): epoch seconds, milliseconds or microseconds, or ISO 8601 text`;
}
