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
 * The units tried in turn, each to milliseconds and to how many more milliseconds the value covers; the first that
 * lands in the sane range is the unit. A whole number of seconds covers its whole second: the moment it stands for
 * may lie anywhere in it (a service storing seconds drops the rest), so a time read as the end of what was counted
 * (a last scan) is that second's last millisecond, not its first.
 */
const UNITS: ReadonlyArray<{ toMs: Reading; covers: Reading }> = [
	{ toMs: (value) => Math.floor(value), covers: () => 0 },
	{ toMs: (value) => Math.round(value * 1_000), covers: (v) => (Number.isInteger(v) ? 999 : 0) },
	{ toMs: (value) => Math.floor(value / 1_000), covers: () => 0 },
	{ toMs: (value) => Math.floor(value / 1_000_000), covers: () => 0 },
];

/** An event time as read: its epoch ms, and the last epoch ms the value written covers (`ms` but for seconds). */
export interface EventTimeRead {
	ms: number;
	lastMs: number;
}

/** `value` read by its unit, or undefined when it is no time in the sane range. */
export function readEventTimeSpan(value: unknown, presentMs: number): EventTimeRead | undefined {
	if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
	const latest = presentMs + FUTURE_TOLERANCE_MS;
	for (const { toMs, covers } of UNITS) {
		const ms = toMs(value);
		if (ms >= EARLIEST_EVENT_MS && ms <= latest) return { ms, lastMs: ms + covers(value) };
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
