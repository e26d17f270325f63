import { DateTime } from 'luxon';
import type { IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { epochMsSchema } from '../../../shared/validation';
import { readParameter } from '../../../shared/parameters';

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

/** The calendar units a range is worked out in: a day, an ISO week (Monday to Sunday) or a month of the zone. */
export type CalendarUnit = 'day' | 'week' | 'month';

/**
 * The first millisecond of the zone's day, week or month holding `moment`. Where the clocks go back at midnight
 * (America/Havana, 2026-11-01: 01:00 back to 00:00) luxon's `startOf` is the second midnight; the day began at the
 * first, an hour earlier.
 */
export function firstMsOf(moment: DateTime, unit: CalendarUnit): number {
	const start = moment.startOf(unit);
	const before = start.minus({ milliseconds: 1 });
	const earlier = start.toMillis() - (before.offset - start.offset) * 60_000;
	if (
		earlier < start.toMillis() &&
		DateTime.fromMillis(earlier, { zone: moment.zone }).hasSame(start, unit)
	)
		return earlier;
	return start.toMillis();
}

/**
 * The last millisecond of the zone's day, week or month holding `moment`: the next one's first less 1 ms. Not
 * luxon's `endOf`, which lands an hour into the next day where clocks go back at midnight (America/Havana,
 * 2026-10-31).
 */
export function lastMsOf(moment: DateTime, unit: CalendarUnit): number {
	return firstMsOf(moment.startOf(unit).plus({ [unit]: 1 }), unit) - 1;
}

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

/** A year alone, four digits or ISO 8601's expanded six with a sign (+002026). */
const YEAR_ALONE = /^([+-]\d{6}|\d{4})$/;

/**
 * Digits that are a date, not a number: no epoch ms that is accepted (2000 to 2200) has fewer than 12 digits, so 4
 * are a year and 7 or 8 a day in ISO 8601's basic form (20260310, ordinal 2026069), as text or as a number (a
 * sheet's yyyymmdd column).
 */
const DATE_DIGITS = /^(\d{4}|\d{7,8})$/;

/** The text of a date given as digits or a number of them; undefined for anything else. */
function dateText(raw: unknown): string | undefined {
	const text =
		typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
	return text !== undefined && DATE_DIGITS.test(text) ? text : undefined;
}

/**
 * One bound of a custom range as epoch milliseconds. A date without a time means the start of the day, week or
 * month it names for "Start" and its last millisecond for "End", so that a custom range of whole days includes the
 * end day, and an End of "2026-03" the whole of March, not its first millisecond.
 */
export function timeBoundSchema(bound: 'start' | 'end', timezone: string) {
	return z
		.unknown()
		.transform((raw, ctx): number => {
			// luxon reads a year alone as its first moment and the digits would be refused as epoch seconds: neither
			// is what was meant, so the message names the forms that are a date
			const text = dateText(raw) ?? (typeof raw === 'string' ? raw.trim() : undefined);
			if (text !== undefined && YEAR_ALONE.test(text)) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					message:
						'must be a date, not a year alone: a month (2026-01), a day (2026-01-31), a moment (2026-01-31T08:00:00) or a number of epoch milliseconds',
				});
				return z.NEVER;
			}
			const value = toEpochMs(raw, bound, timezone);
			if (value === undefined) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					message: 'must be a date such as 2026-01-31T08:00:00 or a number of epoch milliseconds',
				});
				return z.NEVER;
			}
			return value;
		})
		.pipe(epochMsSchema);
}

function toEpochMs(raw: unknown, bound: 'start' | 'end', timezone: string): number | undefined {
	const digits = dateText(raw);
	if (typeof raw === 'number' && digits === undefined) return raw;
	if (DateTime.isDateTime(raw)) return raw.toMillis();
	if (raw instanceof Date) return raw.getTime();
	const text = digits ?? (typeof raw === 'string' ? raw.trim() : '');
	if (text === '') return undefined;
	if (digits === undefined && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
	const parsed = DateTime.fromISO(text, { zone: timezone });
	if (!parsed.isValid) return undefined;
	const unit = namedUnit(text);
	if (unit === undefined) return parsed.toMillis();
	return bound === 'end' ? lastMsOf(parsed, unit) : firstMsOf(parsed, unit);
}

/** The ISO 8601 forms of a date without a time (extended, basic or mixed; a year expanded to six digits). */
const NAMED_DAY = /^(([+-]\d{6}|\d{4})-?(\d{2}-?\d{2}|\d{3})|\d{4}-?W\d{2}-?\d)$/;
const NAMED_WEEK = /^\d{4}-?W\d{2}$/;
const NAMED_MONTH = /^([+-]\d{6}|\d{4})-?\d{2}$/;

/**
 * The unit an ISO 8601 date without a time names (luxon reads each as its first moment): a month (2026-03,
 * +002026-03), an ISO week (2026-W10), a day (2026-03-10, 2026-0310, ordinal 2026-069, week date 2026-W10-2); none
 * for anything else, which luxon read as a moment. The date forms are matched, not a time ruled out: luxon also
 * reads a time alone without a T or colon ("1030Z", "10+01", "103000,5": today at that time).
 */
function namedUnit(text: string): CalendarUnit | undefined {
	if (NAMED_DAY.test(text)) return 'day';
	if (NAMED_WEEK.test(text)) return 'week';
	if (NAMED_MONTH.test(text)) return 'month';
	return undefined;
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
		timeRange: z
			.enum(presets, { errorMap: () => ({ message: `must be one of ${presets.join(', ')}` }) })
			.describe('Time Range'),
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
