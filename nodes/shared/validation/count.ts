import { z } from 'zod';

/** A number's text as a sheet's cell or an expression gives it: a sign, digits, a decimal point, spaces around. */
const NUMBER_TEXT = /^\s*[+-]?\d+(?:\.\d+)?\s*$/;

/**
 * A number field's value as the node reads it: the text of a plain number ("50" from a sheet, an expression's
 * string) is that number, since its meaning is not in doubt; anything else (true, a list, "0x10", "1e3") stays as
 * given, for the field's schema to refuse.
 */
export function numberText(value: unknown): unknown {
	return typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : value;
}

/**
 * A count of the form (Limit, Page Size, Top Values, Minimum Age): a whole number from 1, at most `max` when given,
 * or its text (numberText); any other value is refused, never coerced.
 */
export function countSchema(max?: number) {
	const count = z
		.number({ invalid_type_error: 'must be a number' })
		.int('must be a whole number')
		.min(1, 'must be at least 1');
	return z.preprocess(
		numberText,
		max === undefined ? count : count.max(max, `must be at most ${max}`),
	);
}
