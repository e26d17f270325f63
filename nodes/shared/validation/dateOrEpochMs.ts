import { DateTime } from 'luxon';
import { z } from 'zod';

import { epochMsSchema } from '../validation';

/**
 * A point in time given either as a date (the form's date picker, an ISO text, a JS Date or a Luxon DateTime
 * from an expression) or as epoch milliseconds (number or digits). The result is epoch milliseconds, which is
 * what QRTRAC stores. A date without an offset is read in the workflow's time zone. Epoch SECONDS are refused
 * (by epochMsSchema) rather than silently read as a date in January 1970.
 */
export function dateOrEpochMsSchema(timezone: string) {
	return z.preprocess((value, ctx) => {
		const epochMs = toEpochMs(value, timezone);
		if (epochMs === undefined) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				message: 'must be a date (e.g. 2025-01-31T09:00:00) or epoch milliseconds',
			});
			return z.NEVER;
		}
		return epochMs;
	}, epochMsSchema);
}

function toEpochMs(value: unknown, timezone: string): number | undefined {
	if (typeof value === 'number') return value;
	if (value instanceof Date) return value.getTime();
	if (DateTime.isDateTime(value)) return value.toMillis();
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
	const parsed = DateTime.fromISO(text, { zone: timezone });
	return parsed.isValid ? parsed.toMillis() : undefined;
}
