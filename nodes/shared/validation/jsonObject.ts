import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

import { isPlainObject } from '../plainObject';

/**
 * A JSON field's value: text (the field as typed) is parsed, text that does not parse is refused as "is not valid
 * JSON"; a value an expression gave is taken as it is. Nothing (no value, blank text) reads as `nothing()`, what
 * the field means by it, made anew for each value read (a caller may add to it). `then` checks the value read.
 */
export function jsonTextSchema<T extends z.ZodTypeAny>(nothing: () => unknown, then: T) {
	return z
		.unknown()
		.transform((value, ctx): unknown => {
			if (value === undefined) return nothing();
			if (typeof value !== 'string') return value;
			if (value.trim() === '') return nothing();
			try {
				return JSON.parse(value) as unknown;
			} catch {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'is not valid JSON' });
				return z.NEVER;
			}
		})
		.pipe(then);
}

/**
 * A JSON object given as text (a JSON field) or as an object (from an expression). Empty text means no fields.
 * Arrays, numbers, strings and `null` are refused: the value is merged into a request body, which is an object.
 */
export const jsonObjectSchema = jsonTextSchema(
	() => ({}),
	z.custom<IDataObject>(isPlainObject, {
		message: 'must be a JSON object such as {"expiryDate": 1735689600000}',
	}),
);
