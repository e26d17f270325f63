import { DateTime } from 'luxon';
import type { IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { dateOrEpochMsSchema } from '../../../shared/validation/dateOrEpochMs';
import { firstMsOf, lastMsOf } from '../../../shared/zonedCalendar';
import { readParameter } from '../../../shared/parameters';
import { optionSchema } from '../../../shared/validation/nodeWords';

/**
 * Time ranges of the analytics operations. Presets are relative to the moment the item runs; "This Month"
 * starts at midnight of the month's first day in the workflow's timezone, "Last Month" is the whole month before
 * it (to its last millisecond) in that timezone. Custom bounds accept a date
 * (ISO 8601, read in the workflow's timezone when it has no offset) or epoch milliseconds; epoch seconds
 * are refused rather than read as a moment in 1970.
 */

export const TIME_RANGE_PRESETS = [
	'allTime',
	'last24Hours',
	'last7Days',
	'last30Days',
	'thisMonth',
	'lastMonth',
	'custom',
] as const;
export type TimeRangePreset = (typeof TIME_RANGE_PRESETS)[number];

export interface TimeRange {
	startTime: number;
	endTime: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Presets of days count the zone's calendar days back to the same time of day, also across a change of the clocks
 * (a weekly report on Mondays at 8:00 covers Monday 8:00 to Monday 8:00: no hour twice, none left out; only a
 * schedule inside the hour the clocks skip or repeat may still differ by up to that hour); Last 24 Hours is 24
 * hours.
 */
const PRESET_DAYS: Partial<Record<TimeRangePreset, number>> = { last7Days: 7, last30Days: 30 };

/**
 * How far past n8n's clock a range may start: the service's clock may run ahead of n8n's (a Start copied from a
 * scan time it stamped) by minutes, never by a day.
 */
export const CLOCK_AHEAD_ALLOWANCE_MS = 15 * 60_000;

/** Why a range cannot be worked out in `timezone`, or undefined when luxon knows the zone (its times would be NaN). */
export function unknownZone(timezone: string): string | undefined {
	// built in the zone itself: `now()` starts in luxon's process-wide default zone, which n8n sets per workflow
	return DateTime.fromMillis(0, { zone: timezone }).isValid
		? undefined
		: `the workflow's timezone "${timezone}" is not a known time zone; set one in the workflow's settings (or n8n's GENERIC_TIMEZONE)`;
}

/** The range of a preset at `now`; undefined for "All Time" (no bound). Custom ranges come from `customRange`. */
export function presetRange(
	preset: Exclude<TimeRangePreset, 'custom'>,
	now: number,
	timezone: string,
): TimeRange | undefined {
	if (preset === 'allTime') return undefined;
	if (preset === 'thisMonth') {
		return {
			startTime: firstMsOf(DateTime.fromMillis(now, { zone: timezone }), 'month'),
			endTime: now,
		};
	}
	if (preset === 'lastMonth') {
		// the month before's own start: where this month starts at 01:00 (clocks forward at midnight), a month back
		// from that start is 01:00 of a first day that began at 00:00
		const month = DateTime.fromMillis(now, { zone: timezone })
			.startOf('month')
			.minus({ months: 1 })
			.startOf('month');
		return { startTime: firstMsOf(month, 'month'), endTime: lastMsOf(month, 'month') };
	}
	if (preset === 'last24Hours') return { startTime: now - DAY_MS, endTime: now };
	const days = PRESET_DAYS[preset] as number;
	return {
		startTime: DateTime.fromMillis(now, { zone: timezone }).minus({ days }).toMillis(),
		endTime: now,
	};
}

/**
 * One bound of a custom range as epoch milliseconds (read by validation/dateOrEpochMs.ts). A date without a time
 * means the start of the day, week or month it names for "Start" and its last millisecond for "End", so that a
 * custom range of whole days includes the end day, and an End of "2026-03" the whole of March, not its first
 * millisecond.
 */
export function timeBoundSchema(bound: 'start' | 'end', timezone: string) {
	return dateOrEpochMsSchema(timezone, bound === 'end' ? lastMsOf : firstMsOf);
}

/** Scans whose time lies within the range, bounds included (as the service filters them). */
export function withinRange(scanTime: unknown, range: TimeRange | undefined): boolean {
	if (!range) return true;
	return typeof scanTime === 'number' && scanTime >= range.startTime && scanTime <= range.endTime;
}

/** Zod fields of the Time Range form; add them to an operation's input object and finish it with `withCustomRange`. */
export function timeRangeShape(withAllTime: boolean) {
	const presets = TIME_RANGE_PRESETS.filter((preset) => withAllTime || preset !== 'allTime') as [
		TimeRangePreset,
		...TimeRangePreset[],
	];
	return {
		timeRange: optionSchema(presets).describe('Time Range'),
		startTime: z.unknown().describe('Start'),
		endTime: z.unknown().describe('End'),
	};
}

interface RawRange {
	timeRange: TimeRangePreset;
	startTime?: unknown;
	endTime?: unknown;
}

/**
 * Turns the raw Start/End of a custom range into epoch milliseconds, refusing bad dates, epoch seconds, a start
 * in the future and a start after the end (an end in the future is fine). Presets stay presets: they are
 * resolved when the item runs.
 */
export function withCustomRange(timezone: string) {
	return <T extends RawRange>(
		value: T,
		ctx: z.RefinementCtx,
	): Omit<T, 'startTime' | 'endTime'> & { custom?: TimeRange } => {
		const { startTime, endTime, ...rest } = value;
		if (value.timeRange !== 'custom') return rest;
		const zoneProblem = unknownZone(timezone);
		if (zoneProblem) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['timeRange'],
				message: `cannot be worked out: ${zoneProblem}`,
			});
			return z.NEVER;
		}
		const start = timeBoundSchema('start', timezone).safeParse(startTime);
		if (!start.success) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['startTime'],
				message: start.error.issues[0].message,
			});
			return z.NEVER;
		}
		// a range of the future has no scans: refused, not answered with none as if the codes were never scanned
		const now = Date.now();
		if (start.data > now + CLOCK_AHEAD_ALLOWANCE_MS) {
			// the time in the workflow's zone, which may not be the person's: "tomorrow" there may be today here
			const shown = DateTime.fromMillis(now, { zone: timezone }).toFormat('yyyy-MM-dd HH:mm');
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['startTime'],
				message: `must not be in the future (it is ${shown} in the workflow's timezone, ${timezone}): there are no scans after now`,
			});
			return z.NEVER;
		}
		const end = timeBoundSchema('end', timezone).safeParse(endTime);
		if (!end.success) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['endTime'],
				message: end.error.issues[0].message,
			});
			return z.NEVER;
		}
		if (start.data > end.data) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['endTime'],
				message: 'must not be before "Start"',
			});
			return z.NEVER;
		}
		return { ...rest, custom: { startTime: start.data, endTime: end.data } };
	};
}

/** Raw Time Range parameters of one item; Start and End exist only for a custom range. */
export function timeRangeInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	fallback: TimeRangePreset,
): RawRange {
	const timeRange = readParameter<TimeRangePreset>(ctx, 'timeRange', itemIndex, fallback);
	if (timeRange !== 'custom') return { timeRange, startTime: undefined, endTime: undefined };
	return {
		timeRange,
		startTime: readParameter(ctx, 'startTime', itemIndex, ''),
		endTime: readParameter(ctx, 'endTime', itemIndex, ''),
	};
}

/** The range an item covers when it runs at `now`; undefined means no bound (All Time). */
export function resolveTimeRange(
	input: { timeRange: TimeRangePreset; custom?: TimeRange },
	now: number,
	timezone: string,
): TimeRange | undefined {
	if (input.timeRange === 'allTime') return undefined;
	// an unknown zone makes luxon's times and days NaN: a range of nothing, never an answer as if none had scanned
	const zoneProblem = unknownZone(timezone);
	if (zoneProblem) throw new RangeError(`The time range cannot be worked out: ${zoneProblem}`);
	if (input.timeRange === 'custom') return input.custom;
	return presetRange(input.timeRange, now, timezone);
}
