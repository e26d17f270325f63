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
 * The coarser steps a service may write its times in, coarsest first (an hour, 15 and 5 minutes, a minute: a
 * rollup truncating to them; a second, a tenth, a hundredth), each with the values it is read from at least. A
 * time in whole minutes is on a 5-minute mark one time in 5, on a quarter hour one in 15, on an hour one in 60,
 * and one in whole seconds on a minute one in 60: so many values keep a wrong step at about 1 in 1,000 or below
 * against the minute (RELIABILITY.md "Left": against 5 or 15 minutes more). A day is no step: a daily rollup's
 * midnight is the account's, which the node does not know.
 */
const TIME_STEPS: ReadonlyArray<{ stepMs: number; values: number }> = [
	{ stepMs: 3_600_000, values: 2 },
	{ stepMs: 900_000, values: 3 },
	{ stepMs: 300_000, values: 5 },
	{ stepMs: 60_000, values: 2 },
	{ stepMs: 1_000, values: 1 },
	{ stepMs: 100, values: 1 },
	{ stepMs: 10, values: 1 },
];

/**
 * The step a set of times of one field is written in (epoch ms as read), each value one record's (a scanned
 * code's last scan, two codes on one time count two): the coarsest of TIME_STEPS that every one of them is on and
 * that has values enough, however it was written (epoch seconds, epoch ms ending in 000, ISO text without a
 * fraction), else 1 ms. Decided for all of them, never per value (a time written to the ms ends in 000 one time in
 * a thousand and is still exact), nor across fields (each is read in its own unit).
 */
export function timeStep(times: readonly number[]): number {
	return (
		TIME_STEPS.find(
			({ stepMs, values }) => times.length >= values && times.every((ms) => ms % stepMs === 0),
		)?.stepMs ?? 1
	);
}

/** Where a moment lies, from `firstMs` to `lastMs`, and the step (`timeStep`) of the time it was read from. */
export interface MomentSpan {
	firstMs: number;
	lastMs: number;
	stepMs: number;
}

/**
 * Where the moment a time written in steps of `stepMs` (`timeStep`) stands for lies: anywhere within a step less a
 * ms either side, since a service storing coarser times may truncate (12:00:00.600 as 12:00:00) or round them
 * (MySQL DATETIME, Postgres timestamp(0): 12:00:01); at its ms for a time written to the ms.
 */
export function momentSpan(ms: number, stepMs: number): MomentSpan {
	return { firstMs: ms - (stepMs - 1), lastMs: ms + (stepMs - 1), stepMs };
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
