import { z } from 'zod';

/** A number's text as a sheet's cell or an expression gives it: digits, a decimal point, spaces around. */
const NUMBER_TEXT = /^\s*\d+(?:\.\d+)?\s*$/;

/**
 * A count of the form (Limit, Page Size, Top Values): a whole number from 1, at most `max` when given. Its text
 * ("50" from a sheet, an expression's string) is that number, since its meaning is not in doubt; any other value
 * (true, a list, text that is no plain number) is refused, never coerced.
 */
export function countSchema(max?: number) {
	const count = z
		.number({ invalid_type_error: 'must be a number' })
		.int('must be a whole number')
		.min(1, 'must be at least 1');
	return z.preprocess(
		(value) => (typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : value),
		max === undefined ? count : count.max(max, `must be at most ${max}`),
	);
}
