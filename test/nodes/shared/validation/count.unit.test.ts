/** A count of the form (Limit, Page Size, Top Values): a whole number from 1, its text too, nothing coerced. */
import { countSchema } from '../../../../nodes/shared/validation/count';

const issue = (value: unknown, max?: number) => {
	const result = countSchema(max).safeParse(value);
	return result.success ? { value: result.data } : { refused: result.error.issues[0].message };
};

it.each([
	[50, 50],
	['50', 50],
	[' 7 ', 7],
	['100', 100],
])('takes %j as %j', (given, taken) => {
	expect(issue(given, 100)).toEqual({ value: taken });
});

it.each([
	['2.5', 'must be a whole number'],
	[2.5, 'must be a whole number'],
	['0', 'must be at least 1'],
	['101', 'must be at most 100'],
	['', 'must be a number'],
	['fifty', 'must be a number'],
	['5e1', 'must be a number'],
	['-5', 'must be at least 1'],
	['+0', 'must be at least 1'],
	['0x10', 'must be a number'],
	[true, 'must be a number'],
	[[5], 'must be a number'],
	[null, 'must be a number'],
])('refuses %j: %s', (given, message) => {
	expect(issue(given, 100)).toEqual({ refused: message });
});

it('has no upper bound unless one is given', () => {
	expect(issue('5000')).toEqual({ value: 5000 });
	expect(issue('1001', 1000)).toEqual({ refused: 'must be at most 1000' });
});
