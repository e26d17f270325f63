import { DateTime } from 'luxon';
import { z } from 'zod';

import { firstMsOf, type CalendarUnit } from '../zonedCalendar';

/**
 * A point in time given either as a date (the form's date picker, an ISO 8601 text, a JS Date or a Luxon DateTime
 * from an expression) or as epoch milliseconds (number or digits), read in the workflow's time zone when it has
 * no offset. The one reader of "a date or epoch ms": Get Updated Since's Since, the QR code's dates and the Scan
 * operations' custom Start and End (analytics/timeRange.ts, which makes an End cover the period it names).
 */

const EPOCH_MS_2000 = 946684800000;
const EPOCH_MS_2200 = 7258118400000;

/**
 * Epoch milliseconds: a whole number between 2000-01-01 and 2200-01-01. A smaller one is told as epoch seconds only
 * when it is seconds of those years; any other (202603, a sheet's year and month) is no time the node can read.
 */
const epochMsSchema = z
	.number({ invalid_type_error: 'must be a number of epoch milliseconds' })
	.int('must be a whole number of epoch milliseconds')
	.max(EPOCH_MS_2200, 'must be epoch milliseconds before 2200-01-01')
	.superRefine((value, ctx) => {
		if (value >= EPOCH_MS_2000) return;
		const seconds = value >= EPOCH_MS_2000 / 1000 && value <= EPOCH_MS_2200 / 1000;
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			message: seconds
				? 'must be epoch milliseconds (after 2000-01-01); seconds are not accepted'
				: `must be a date such as 2026-01-31T08:00:00 or a number of epoch milliseconds after 2000-01-01, not ${value}`,
		});
	});

/** What a value names: one moment, or a whole day, ISO week or month of the zone (a date without a time). */
type ReadTime =
	{ moment: number; date?: true } | { period: DateTime; unit: CalendarUnit } | { refused: string };

const NOT_A_DATE = 'must be a date such as 2026-01-31T08:00:00 or a number of epoch milliseconds';
const YEAR_ALONE_REFUSED =
	'must be a date, not a year alone: a month (2026-01), a day (2026-01-31), a moment (2026-01-31T08:00:00) or a number of epoch milliseconds';

/**
 * A year alone, four digits or ISO 8601's expanded six with a sign (+002026): luxon reads it as its first moment
 * and the digits would be refused as epoch seconds; neither is what was meant.
 */
const YEAR_ALONE = /^([+-]\d{6}|\d{4})$/;

/**
 * Digits that are a date, not a number: no epoch ms that is accepted (2000 to 2200) has fewer than 12 digits, so 4
 * are a year and 7 or 8 a day in ISO 8601's basic form (20260310, ordinal 2026069), as text or as a number (a
 * sheet's yyyymmdd column).
 */
const DATE_DIGITS = /^(\d{4}|\d{7,8})$/;

/** The ISO 8601 forms of a date without a time (extended, basic or mixed; a year expanded to six digits). */
const NAMED_DAY = /^(([+-]\d{6}|\d{4})-?(\d{2}-?\d{2}|\d{3})|\d{4}-?W\d{2}-?\d)$/;
const NAMED_WEEK = /^\d{4}-?W\d{2}$/;
const NAMED_MONTH = /^([+-]\d{6}|\d{4})-?\d{2}$/;

/** Reads `raw` as a moment or a period of the zone, or says why it is neither; epoch ms are checked by the schema. */
function readDateOrEpochMs(raw: unknown, timezone: string): ReadTime {
	if (DateTime.isDateTime(raw)) return { moment: raw.toMillis(), date: true };
	if (raw instanceof Date) return { moment: raw.getTime(), date: true };
	const digits = dateText(raw);
	if (typeof raw === 'number' && digits === undefined) return { moment: raw };
	const text = digits ?? (typeof raw === 'string' ? raw.trim() : '');
	if (text === '') return { refused: NOT_A_DATE };
	// not numberText, whose "+" would read ISO 8601's expanded year +002026 as the number 2026, not a date; this rule
	// takes a leading "-" as numberText does, so -002026 (an expanded year before year 0) is the epoch ms -2026
	if (digits === undefined && /^-?\d+(\.\d+)?$/.test(text)) return { moment: Number(text) };
	if (YEAR_ALONE.test(text)) return { refused: YEAR_ALONE_REFUSED };
	const parsed = DateTime.fromISO(text, { zone: timezone });
	if (!parsed.isValid) return { refused: NOT_A_DATE };
	const unit = namedUnit(text);
	return unit === undefined ? { moment: parsed.toMillis(), date: true } : { period: parsed, unit };
}

/** The text of a date given as digits or a number of them; undefined for anything else. */
function dateText(raw: unknown): string | undefined {
	const text =
		typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
	return text !== undefined && DATE_DIGITS.test(text) ? text : undefined;
}

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

/**
 * A date or epoch ms as epoch milliseconds, what QRTRAC stores; a date without a time is the first millisecond of
 * the day, week or month it names, unless `ofPeriod` says otherwise (a range's End: its last millisecond). Epoch
 * SECONDS are refused (by epochMsSchema) rather than silently read as a date in January 1970.
 */
export function dateOrEpochMsSchema(
	timezone: string,
	ofPeriod: (period: DateTime, unit: CalendarUnit) => number = firstMsOf,
) {
	return z
		.unknown()
		.transform((raw, ctx): number => {
			const read = readDateOrEpochMs(raw, timezone);
			if ('refused' in read) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: read.refused });
				return z.NEVER;
			}
			const ms = 'moment' in read ? read.moment : ofPeriod(read.period, read.unit);
			// a date is told as a date: its epoch milliseconds are not what the person gave
			const outside =
				ms < EPOCH_MS_2000
					? 'from 2000-01-01'
					: ms > EPOCH_MS_2200
						? 'before 2200-01-01'
						: undefined;
			if (!('moment' in read && read.date === undefined) && outside !== undefined) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be a date ${outside} (UTC)` });
				return z.NEVER;
			}
			return ms;
		})
		.pipe(epochMsSchema);
}
