/**
 * The ISO twins of a code's times (`createdAtIso`, `updatedAtIso`) are read in the unit the number's size shows
 * (eventTime.ts), as every other read of these times is: the contract types them as integers, and a time in
 * seconds written out as milliseconds would put the code in January 1970.
 */
import { simplifyQr, withLinkAndTimes } from '../../../../nodes/shared/records/simplify';

const code = { id: 'qr_1', displayId: 'spring', qrType: 'WEB' };

it('reads epoch seconds as seconds', () => {
	const simple = simplifyQr({ ...code, createdAt: 1735689600, updatedAt: 1735689660 });

	expect(simple.createdAtIso).toBe('2025-01-01T00:00:00.000Z');
	expect(simple.updatedAtIso).toBe('2025-01-01T00:01:00.000Z');
	expect(simple.createdAt).toBe(1735689600);
});

it('still reads epoch milliseconds as milliseconds', () => {
	expect(withLinkAndTimes({ ...code, createdAt: 1735689600000 }).createdAtIso).toBe(
		'2025-01-01T00:00:00.000Z',
	);
});

it('gives no twin for a number that is no sane time in any unit', () => {
	expect(withLinkAndTimes({ ...code, createdAt: 42 })).not.toHaveProperty('createdAtIso');
});
