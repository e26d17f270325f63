import { z } from 'zod';

/**
 * QRTRAC's day in a totals row (`todayDate`, `leadsTodayDate`), which the contract writes as M/D/YYYY. Text of that
 * form that is no calendar day read month first (`25/1/2026`, a service writing the day first) fails the read:
 * turned into YYYY-MM-DD it would name a day that does not exist, or another one. Other values stay as sent.
 */
export const serviceDay = z.unknown().superRefine((value, ctx) => {
	if (typeof value !== 'string') return;
	const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
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
