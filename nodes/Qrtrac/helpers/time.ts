import { DateTime } from 'luxon';
import { z } from 'zod';

import { epochMsSchema } from '../../shared/validation';

/**
 * Time ranges of the analytics operations. Presets are relative to the moment the item runs; "This Month"
 * starts at midnight of the month's first day in the workflow's timezone. Custom bounds accept a date
 * (ISO 8601, read in the workflow's timezone when it has no offset) or epoch milliseconds; epoch seconds
 * are refused rather than read as a moment in 1970.
 */

export const TIME_RANGE_PRESETS = ['allTime', 'last24Hours', 'last7Days', 'last30Days', 'thisMonth', 'custom'] as const;
export type TimeRangePreset = (typeof TIME_RANGE_PRESETS)[number];

export interface TimeRange {
	startTime: number;
	endTime: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const PRESET_LENGTH_MS: Partial<Record<TimeRangePreset, number>> = {
	last24Hours: DAY_MS,
	last7Days: 7 * DAY_MS,
	last30Days: 30 * DAY_MS,
};

/** The range of a preset at `now`; undefined for "All Time" (no bound). Custom ranges come from `customRange`. */
export function presetRange(preset: Exclude<TimeRangePreset, 'custom'>, now: number, timezone: string): TimeRange | undefined {
	if (preset === 'allTime') return undefined;
	if (preset === 'thisMonth') {
		return { startTime: DateTime.fromMillis(now, { zone: timezone }).startOf('month').toMillis(), endTime: now };
	}
	return { startTime: now - (PRESET_LENGTH_MS[preset] as number), endTime: now };
}

/**
 * One bound of a custom range as epoch milliseconds. A date without a time means the start of that day for
 * "Start" and its last millisecond for "End", so that a custom range of whole days includes the end day.
 */
export function timeBoundSchema(bound: 'start' | 'end', timezone: string) {
	return z
		.unknown()
		.transform((raw, ctx): number => {
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
	if (typeof raw === 'number') return raw;
	if (DateTime.isDateTime(raw)) return raw.toMillis();
	if (raw instanceof Date) return raw.getTime();
	if (typeof raw !== 'string' || raw.trim() === '') return undefined;
	const text = raw.trim();
	if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
	const parsed = DateTime.fromISO(text, { zone: timezone });
	if (!parsed.isValid) return undefined;
	const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
	return dateOnly && bound === 'end' ? parsed.endOf('day').toMillis() : parsed.toMillis();
}

/** Scans whose time lies within the range, bounds included (as the service filters them). */
export function withinRange(scanTime: unknown, range: TimeRange | undefined): boolean {
	if (!range) return true;
	return typeof scanTime === 'number' && scanTime >= range.startTime && scanTime <= range.endTime;
}
