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

/** Multipliers to milliseconds, tried in turn; the first that lands in the sane range is the unit. */
const UNITS: ReadonlyArray<(value: number) => number> = [
	(value) => Math.floor(value),
	(value) => Math.round(value * 1_000),
	(value) => Math.floor(value / 1_000),
	(value) => Math.floor(value / 1_000_000),
];

/** Epoch ms of `value` read by its unit, or undefined when it is no time in the sane range. */
export function readEventTime(value: unknown, presentMs: number): number | undefined {
	if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
	const latest = presentMs + FUTURE_TOLERANCE_MS;
	for (const toMs of UNITS) {
		const ms = toMs(value);
		if (ms >= EARLIEST_EVENT_MS && ms <= latest) return ms;
	}
	return undefined;
}

/** What a reader expected of a record's time fields, in words for its error. */
export function expectedEventTime(fields: string, presentMs: number): string {
	return `${fields} as a time ${EVENT_TIME_RANGE} (${new Date(presentMs).toISOString()}): epoch seconds, milliseconds or microseconds, or ISO 8601 text`;
}
