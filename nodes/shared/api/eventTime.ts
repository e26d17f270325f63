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
 * Whether an answer's times (epoch ms as read) are written in whole seconds: every one of them on a whole second,
 * however it was written (epoch seconds, epoch ms ending in 000, ISO text without a fraction). Decided per answer,
 * never per value: a time written to the ms ends in 000 one time in a thousand and is still exact.
 */
export function inWholeSeconds(times: readonly number[]): boolean {
	return times.length > 0 && times.every((ms) => ms % 1_000 === 0);
}

/**
 * Where the moment a time stands for lies: at its ms, or, in an answer written in whole seconds (`inWholeSeconds`),
 * anywhere within 999 ms either side, since a service storing seconds may truncate (12:00:00.600 as 12:00:00) or
 * round them (MySQL DATETIME, Postgres timestamp(0): 12:00:01).
 */
export function momentSpan(ms: number, wholeSeconds: boolean): { firstMs: number; lastMs: number } {
	return wholeSeconds ? { firstMs: ms - 999, lastMs: ms + 999 } : { firstMs: ms, lastMs: ms };
}

/** `value` read by its unit as epoch ms, or undefined when it is no time in the sane range. */
function readMs(value: unknown, presentMs: number): number | undefined {
	if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
	const latest = presentMs + FUTURE_TOLERANCE_MS;
	for (const toMs of UNITS) {
		const ms = toMs(value);
		if (ms >= EARLIEST_EVENT_MS && ms <= latest) return ms;
	}
	return undefined;
}

/** Epoch ms of `value` read by its unit, or undefined when it is no time in the sane range. */
export function readEventTime(value: unknown, presentMs: number): number | undefined {
	return readMs(value, presentMs);
}

/** What a reader expected of a record's time fields, in words for its error. */
export function expectedEventTime(fields: string, presentMs: number): string {
	return `${fields} as a time ${EVENT_TIME_RANGE} (${new Date(presentMs).toISOString()}): epoch seconds, milliseconds or microseconds, or ISO 8601 text`;
}
