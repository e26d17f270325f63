import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

import { isPlainObject } from '../plainObject';

/**
 * A JSON object given as text (a JSON field) or as an object (from an expression). Empty text means no fields.
 * Arrays, numbers, strings and `null` are refused: the value is merged into a request body, which is an object.
 */
export const jsonObjectSchema = z.unknown().transform((value, ctx): IDataObject => {
	let parsed: unknown = value;
	if (value === undefined) return {};
	if (typeof value === 'string') {
		if (value.trim() === '') return {};
		try {
			parsed = JSON.parse(value);
		} catch {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'is not valid JSON' });
			return z.NEVER;
		}
	}
	if (!isPlainObject(parsed)) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			message: 'must be a JSON object such as {"expiryDate": 1735689600000}',
		});
		return z.NEVER;
	}
	return parsed;
});
