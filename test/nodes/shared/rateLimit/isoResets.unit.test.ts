/**
 * Absolute times in rate-limit headers written as ISO 8601 text: a zone written `Z` is a zone, as `+00:00` is;
 * read as zoneless, the text gained a second zone and was not read at all (no reset, no Retry-After date).
 */
import { parseResetHeader, parseRetryAfter } from '../../../../nodes/shared/rateLimit/headerTimes';
import { parseHttpDate } from '../../../../nodes/shared/serviceClock';

const NOW_MS = Date.UTC(2027, 0, 15, 8, 0, 0, 250);
const RESET_MS = Date.UTC(2027, 0, 15, 8, 0, 2);

it('reads an ISO reset ending in Z as the same instant as one ending in +00:00', () => {
	expect(parseResetHeader('2027-01-15T08:00:02+00:00', NOW_MS)).toBe(RESET_MS);
	expect(parseResetHeader('2027-01-15T08:00:02Z', NOW_MS)).toBe(RESET_MS);
	expect(parseResetHeader('2027-01-15T08:00:02.000Z', NOW_MS)).toBe(RESET_MS);
});

it('reads an ISO Retry-After date ending in Z as a delay', () => {
	expect(parseRetryAfter('2027-01-15T08:00:02Z', NOW_MS)).toBe(RESET_MS - NOW_MS);
});

it('still reads an HTTP date and an asctime date (no zone written) in GMT', () => {
	expect(parseHttpDate('Fri, 15 Jan 2027 08:00:02 GMT')).toBe(RESET_MS);
	expect(parseHttpDate('Fri Jan 15 08:00:02 2027')).toBe(RESET_MS);
});
