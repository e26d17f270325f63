/**
 * A team listing one e-mail in several spellings (a service comparing e-mails exactly keeps `Ada@x` and `ada@x`
 * apart): the node, matching e-mails without case, cannot tell which account a row means, so no rule reads either.
 */
import { caseTwins, listedMember } from '../../../../nodes/shared/api';

const upper = { name: 'Ada', email: 'Ada@Example.com', role: 'editor' };
const lower = { name: 'Other Ada', email: 'ada@example.com', role: 'viewer' };
const hidden: { name: string; email?: string } = { name: 'Hidden' };

it('lists the spellings of an e-mail held more than once, whatever the case typed', () => {
	expect(caseTwins([upper, { email: 'bo@example.com' }, lower], ' ADA@example.com ')).toEqual([
		'Ada@Example.com',
		'ada@example.com',
	]);
	expect(caseTwins([upper, { ...upper, role: 'viewer' }], 'ada@example.com')).toBeUndefined();
	expect(caseTwins([upper, hidden], 'ada@example.com')).toBeUndefined();
});

it('a member listed in several spellings is not known (null), even typed as one of them', () => {
	expect(listedMember([upper, lower], 'ada@example.com')).toBeNull();
	expect(listedMember([upper, lower], 'Ada@Example.com')).toBeNull();
	expect(listedMember([upper], 'ada@example.com')).toBe(upper);
});

it('takes an e-mail listed with spaces around it as the same spelling, and reports spellings trimmed', () => {
	const spaced = { name: 'Ada', email: 'ada@example.com ', role: 'editor' };
	expect(caseTwins([lower, spaced], 'ada@example.com')).toBeUndefined();
	expect(caseTwins([upper, spaced, lower], 'ada@example.com')).toEqual([
		'Ada@Example.com',
		'ada@example.com',
	]);
	expect(listedMember([lower, spaced], 'ada@example.com')).toBe(lower);
	expect(listedMember([spaced], 'ada@example.com')).toBe(spaced);
});
