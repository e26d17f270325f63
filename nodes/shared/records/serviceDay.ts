import { z } from 'zod';

/** QRTRAC's day in a totals row (`todayDate`, `leadsTodayDate`), as the contract writes it: M/D/YYYY. */
const SERVICE_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** The day as `YYYY-MM-DD`, which sorts and compares; other text is kept as sent. */
export function isoDate(usDate: string): string {
	const match = SERVICE_DAY.exec(usDate.trim());
	if (!match) return usDate;
	const [, month, day, year] = match;
	return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * The day as an answer's shape reads it: text of the contract's form that is no calendar day read month first
 * (`25/1/2026`, a service writing the day first) fails the read: as YYYY-MM-DD it would name a day that does not
 * exist, or another one. Other values stay as sent.
 */
export const serviceDay = z.unknown().superRefine((value, ctx) => {
	if (typeof value !== 'string') return;
	const match = SERVICE_DAY.exec(value.trim());
	if (match && !isCalendarDay(Number(match[3]), Number(match[1]), Number(match[2])))
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			message: 'must be a day as M/D/YYYY (month first), as the contract writes it',
		});
});

function isCalendarDay(year: number, month: number, day: number): boolean {
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
