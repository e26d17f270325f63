import { parseRateLimitHeaders, waitHintMs } from '../../../../nodes/shared/rateLimit/headers';
import { parseResetHeader, parseRetryAfter } from '../../../../nodes/shared/rateLimit/headerTimes';

/** A fixed "now" with a sub-second part, as real clocks have: 2027-01-15T08:00:00.250Z. */
const NOW_MS = Date.UTC(2027, 0, 15, 8, 0, 0, 250);
const NOW_SECONDS = Math.floor(NOW_MS / 1000);

describe('parseResetHeader', () => {
	it('reads seconds until reset, whole and fractional', () => {
		expect(parseResetHeader('1', NOW_MS)).toBe(NOW_MS + 1000);
		expect(parseResetHeader('0.75', NOW_MS)).toBe(NOW_MS + 750);
		expect(parseResetHeader(' 0 ', NOW_MS)).toBe(NOW_MS);
		expect(parseResetHeader('86400', NOW_MS)).toBe(NOW_MS + 86_400_000);
	});

	it('reads epoch seconds', () => {
		expect(parseResetHeader(String(NOW_SECONDS + 1), NOW_MS)).toBe((NOW_SECONDS + 1) * 1000);
		expect(parseResetHeader(`${NOW_SECONDS}.5`, NOW_MS)).toBe(NOW_SECONDS * 1000 + 500);
	});

	it('reads epoch milliseconds', () => {
		expect(parseResetHeader(String(NOW_MS + 750), NOW_MS)).toBe(NOW_MS + 750);
	});

	it('reads HTTP dates in all three formats of RFC 9110', () => {
		const resetAt = Date.UTC(2027, 0, 15, 8, 0, 1);
		expect(parseResetHeader('Fri, 15 Jan 2027 08:00:01 GMT', NOW_MS)).toBe(resetAt);
		expect(parseResetHeader('Friday, 15-Jan-27 08:00:01 GMT', NOW_MS)).toBe(resetAt);
		expect(parseResetHeader('Fri Jan 15 08:00:01 2027', NOW_MS)).toBe(resetAt);
	});

	it('tells the numeric forms apart at the documented thresholds (nowMs / 10,000 and nowMs / 10)', () => {
		const secondsThreshold = NOW_MS / 10_000;
		const msThreshold = NOW_MS / 10;
		expect(parseResetHeader(String(Math.ceil(secondsThreshold)), NOW_MS)).toBe(
			Math.ceil(secondsThreshold) * 1000,
		);
		expect(parseResetHeader(String(Math.floor(secondsThreshold) - 1), NOW_MS)).toBe(
			NOW_MS + (Math.floor(secondsThreshold) - 1) * 1000,
		);
		expect(parseResetHeader(String(Math.ceil(msThreshold)), NOW_MS)).toBe(Math.ceil(msThreshold));
		expect(parseResetHeader(String(Math.floor(msThreshold) - 1), NOW_MS)).toBe(
			(Math.floor(msThreshold) - 1) * 1000,
		);
	});

	it('reads a bare delay as milliseconds when as seconds it would lie beyond 1.5 windows but as ms within them', () => {
		expect(parseResetHeader('734', NOW_MS)).toBe(NOW_MS + 734);
		expect(parseResetHeader('1000', NOW_MS)).toBe(NOW_MS + 1000);
		expect(parseResetHeader('2', NOW_MS)).toBe(NOW_MS + 2);
		expect(parseResetHeader('1500', NOW_MS)).toBe(NOW_MS + 1500);
		// as ms beyond 1.5 windows too: seconds of a longer window than expected
		expect(parseResetHeader('1501', NOW_MS)).toBe(NOW_MS + 1_501_000);
	});

	it('reads a bare delay on the scale of the window it describes: for a minute, 37 and 37000 are both 37 s', () => {
		expect(parseResetHeader('37', NOW_MS, 60_000)).toBe(NOW_MS + 37_000);
		expect(parseResetHeader('60', NOW_MS, 60_000)).toBe(NOW_MS + 60_000);
		expect(parseResetHeader('37000', NOW_MS, 60_000)).toBe(NOW_MS + 37_000);
	});

	it.each(['', 'soon', '-1', '1e3', '0x10', 'NaN', '12:00', '1.2.3'])(
		'ignores the unparseable value %p',
		(value) => {
			expect(parseResetHeader(value, NOW_MS)).toBeUndefined();
		},
	);
});

describe('parseRetryAfter', () => {
	it('reads delay-seconds, tolerating fractions', () => {
		expect(parseRetryAfter('2', NOW_MS)).toBe(2000);
		expect(parseRetryAfter('0', NOW_MS)).toBe(0);
		expect(parseRetryAfter('1.5', NOW_MS)).toBe(1500);
	});

	it('turns an HTTP date into the delay from now, never below zero', () => {
		expect(parseRetryAfter('Fri, 15 Jan 2027 08:00:03 GMT', NOW_MS)).toBe(2750);
		expect(parseRetryAfter('Fri, 15 Jan 2027 08:00:00 GMT', NOW_MS)).toBe(0);
	});

	it('does not believe a time more than a second past: a wrong clock or header says no wait, not "none"', () => {
		expect(parseRetryAfter('Fri, 15 Jan 2027 07:59:00 GMT', NOW_MS)).toBeUndefined();
		expect(parseRetryAfter(String(NOW_SECONDS - 5), NOW_MS)).toBeUndefined();
		expect(parseRetryAfter(String(NOW_MS - 1001), NOW_MS)).toBeUndefined();
		expect(parseRetryAfter(String(NOW_MS - 1000), NOW_MS)).toBe(0);
	});

	it.each(['', 'later', '-5', 'Fri, 99 Foo 2027'])('ignores the unparseable value %p', (value) => {
		expect(parseRetryAfter(value, NOW_MS)).toBeUndefined();
	});
});

describe('parseRateLimitHeaders', () => {
	it('reads all four headers whatever the case of their names', () => {
		const snapshot = parseRateLimitHeaders(
			{
				'X-RateLimit-Limit': '50',
				'x-ratelimit-remaining': '17',
				'X-RATELIMIT-RESET': String(NOW_SECONDS + 1),
				'Retry-After': '1',
			},
			NOW_MS,
		);
		expect(snapshot).toEqual({
			limit: 50,
			remaining: 17,
			resetAtMs: (NOW_SECONDS + 1) * 1000,
			resetOnWholeSecond: true,
			retryAfterMs: 1000,
		});
	});

	it('accepts numbers, repeated headers (first value counts) and a policy suffix on counts', () => {
		const snapshot = parseRateLimitHeaders(
			{
				'x-ratelimit-limit': '100, 100;w=1',
				'x-ratelimit-remaining': ['3', '9'],
				'x-ratelimit-reset': 0.5,
			},
			NOW_MS,
		);
		expect(snapshot).toEqual({
			limit: 100,
			remaining: 3,
			resetAtMs: NOW_MS + 500,
			resetFromDelay: true,
		});
	});

	it('reads a reset and Retry-After joined from repeated headers (as Node joins them) by the first value', () => {
		const snapshot = parseRateLimitHeaders(
			{
				'x-ratelimit-reset': `${NOW_SECONDS + 1}, ${NOW_SECONDS + 1}`,
				'retry-after': '2, 2',
			},
			NOW_MS,
		);
		expect(snapshot).toEqual({
			resetAtMs: (NOW_SECONDS + 1) * 1000,
			resetOnWholeSecond: true,
			retryAfterMs: 2000,
		});
		const delays = parseRateLimitHeaders(
			{ 'x-ratelimit-reset': '1,1', 'ratelimit-reset': '1' },
			NOW_MS,
		);
		expect(delays).toEqual({ resetAtMs: NOW_MS + 1000, resetFromDelay: true });
		const draft = parseRateLimitHeaders({ 'ratelimit-reset': '1, 1' }, NOW_MS);
		expect(draft).toEqual({ resetAtMs: NOW_MS + 1000, resetFromDelay: true });
	});

	it('reads repeated HTTP dates (a comma after each weekday) and counts by their first value', () => {
		const at = 'Fri, 15 Jan 2027 08:00:03 GMT';
		const later = 'Fri, 15 Jan 2027 08:00:09 GMT';
		expect(parseRetryAfter(`${at}, ${later}`, NOW_MS)).toBe(2750);
		expect(parseResetHeader(`${at},${later}`, NOW_MS)).toBe(NOW_MS + 2750);
		const snapshot = parseRateLimitHeaders(
			{
				'x-ratelimit-limit': '20, 20;w=1',
				'x-ratelimit-remaining': ['4;w=1', '9'],
				'x-ratelimit-reset': `${at}, ${at}`,
				'retry-after': `${later}, ${at}`,
			},
			NOW_MS,
		);
		expect(snapshot).toEqual({
			limit: 20,
			remaining: 4,
			resetAtMs: NOW_MS + 2750,
			resetOnWholeSecond: true,
			retryAfterMs: 8750,
		});
	});

	it('falls back to the IETF draft names, whose reset is always delta-seconds', () => {
		const snapshot = parseRateLimitHeaders(
			{ 'RateLimit-Limit': '20', 'RateLimit-Remaining': '4', 'RateLimit-Reset': '2' },
			NOW_MS,
		);
		expect(snapshot).toEqual({
			limit: 20,
			remaining: 4,
			resetAtMs: NOW_MS + 2000,
			resetFromDelay: true,
		});
	});

	it('prefers the X- headers over the draft names', () => {
		const snapshot = parseRateLimitHeaders(
			{ 'ratelimit-remaining': '1', 'x-ratelimit-remaining': '7' },
			NOW_MS,
		);
		expect(snapshot.remaining).toBe(7);
	});

	it('leaves out every header it cannot read, and reads the others', () => {
		const snapshot = parseRateLimitHeaders(
			{
				'x-ratelimit-limit': 'lots',
				'x-ratelimit-remaining': '-2',
				'x-ratelimit-reset': 'tomorrow',
				'retry-after': 'whenever',
				'content-type': 'application/json',
				'x-other': { nested: true },
			},
			NOW_MS,
		);
		expect(snapshot).toEqual({});
		expect(
			parseRateLimitHeaders({ 'x-ratelimit-limit': 'x', 'x-ratelimit-remaining': '5' }, NOW_MS),
		).toEqual({
			remaining: 5,
		});
	});

	it('marks a reset told as a delay, and only such a reset', () => {
		expect(parseRateLimitHeaders({ 'x-ratelimit-reset': '734' }, NOW_MS).resetFromDelay).toBe(true);
		expect(
			parseRateLimitHeaders({ 'x-ratelimit-reset': String(NOW_SECONDS + 1) }, NOW_MS)
				.resetFromDelay,
		).toBeUndefined();
		expect(
			parseRateLimitHeaders({ 'x-ratelimit-reset': 'Fri, 15 Jan 2027 08:00:01 GMT' }, NOW_MS)
				.resetFromDelay,
		).toBeUndefined();
	});

	it('marks a reset on a whole second of the service clock: epoch seconds, an HTTP date, epoch ms ending in 000', () => {
		const onWholeSecond = (reset: string) =>
			parseRateLimitHeaders({ 'x-ratelimit-reset': reset }, NOW_MS, undefined, 700)
				.resetOnWholeSecond;
		expect(onWholeSecond(String(NOW_SECONDS + 1))).toBe(true);
		expect(onWholeSecond('Fri, 15 Jan 2027 08:00:01 GMT')).toBe(true);
		expect(onWholeSecond(String((NOW_SECONDS + 1) * 1000))).toBe(true);
		// on the service's clock, however far it is from ours; a delay or a time off the second is no such reset
		expect(onWholeSecond(String((NOW_SECONDS + 1) * 1000 + 700))).toBeUndefined();
		expect(onWholeSecond(`${NOW_SECONDS + 1}.5`)).toBeUndefined();
		expect(onWholeSecond('2027-01-15T08:00:01.370Z')).toBeUndefined();
		expect(onWholeSecond('1')).toBeUndefined();
		expect(onWholeSecond('1000')).toBeUndefined();
	});

	it('takes a limit far above the expected one to describe a proportionally longer window (a per-minute limit)', () => {
		const perSecondPlan = { windowMs: 1000, limit: 20 };
		const minute = (reset: string) =>
			parseRateLimitHeaders(
				{ 'x-ratelimit-limit': '1200', 'x-ratelimit-remaining': '900', 'x-ratelimit-reset': reset },
				NOW_MS,
				perSecondPlan,
			);
		expect(minute('37').resetAtMs).toBe(NOW_MS + 37_000);
		expect(minute('37000').resetAtMs).toBe(NOW_MS + 37_000);
		// the same limit as the plan's, or up to 1.5 times it: a one-second window
		const second = parseRateLimitHeaders(
			{ 'x-ratelimit-limit': '25', 'x-ratelimit-reset': '37' },
			NOW_MS,
			perSecondPlan,
		);
		expect(second.resetAtMs).toBe(NOW_MS + 37);
		// without the plan's limit nothing says the window is longer
		expect(
			parseRateLimitHeaders({ 'x-ratelimit-limit': '1200', 'x-ratelimit-reset': '37' }, NOW_MS)
				.resetAtMs,
		).toBe(NOW_MS + 37);
	});

	it('gives an empty snapshot for an answer without rate-limit headers', () => {
		expect(parseRateLimitHeaders({}, NOW_MS)).toEqual({});
	});
});

describe('a reset in the past', () => {
	it('is no reset when more than a second past (a wrong clock or header), but read within the rounding of seconds', () => {
		const read = (reset: string) => parseRateLimitHeaders({ 'x-ratelimit-reset': reset }, NOW_MS);
		expect(read(String(NOW_SECONDS - 5)).resetAtMs).toBeUndefined();
		expect(read(String(NOW_MS - 1001)).resetAtMs).toBeUndefined();
		expect(read('Fri, 15 Jan 2027 07:59:00 GMT').resetAtMs).toBeUndefined();
		expect(read(String(NOW_SECONDS)).resetAtMs).toBe(NOW_SECONDS * 1000);
		expect(read(String(NOW_MS - 1000)).resetAtMs).toBe(NOW_MS - 1000);
	});
});

describe('waitHintMs', () => {
	it('prefers Retry-After, then the time until reset, and says nothing without either', () => {
		expect(waitHintMs({ retryAfterMs: 1200, resetAtMs: NOW_MS + 300 }, NOW_MS)).toBe(1200);
		expect(waitHintMs({ resetAtMs: NOW_MS + 300 }, NOW_MS)).toBe(300);
		expect(waitHintMs({ resetAtMs: NOW_MS - 300 }, NOW_MS)).toBe(0);
		expect(waitHintMs({ limit: 5 }, NOW_MS)).toBeUndefined();
	});
});
