/** The service's clock from its answers' `Date` headers (second resolution), and absolute resets read on it. */
import { parseRateLimitHeaders } from '../../../../nodes/shared/rateLimit/headers';
import { parseRetryAfter } from '../../../../nodes/shared/rateLimit/headerTimes';
import { ServiceClock, serviceDateOf } from '../../../../nodes/shared/serviceClock';

const T0 = Date.UTC(2026, 10, 24, 21, 0, 0, 0);
const httpDate = (ms: number) => new Date(ms).toUTCString();

/** Answers of a service whose clock leads ours by `offsetMs`, one every `everyMs`, 20 ms on the way. */
function observe(clock: ServiceClock, offsetMs: number, answers: number, everyMs = 137): void {
	for (let index = 0; index < answers; index++) {
		const sentAt = T0 + index * everyMs;
		const receivedAt = sentAt + 20;
		const serviceNow = sentAt + 10 + offsetMs;
		clock.observe(Date.parse(httpDate(serviceNow)), sentAt, receivedAt);
	}
}

describe('ServiceClock', () => {
	it('is 0 without answers and while our clock agrees (our clock is the finer one)', () => {
		const clock = new ServiceClock();
		expect(clock.offsetMs()).toBe(0);
		observe(clock, 0, 30);
		expect(clock.offsetMs()).toBe(0);
		expect(clock.known).toBe(true);
	});

	it('is 0 after one answer whose second could hold either clock; 300 ms once answers pin it down', () => {
		const clock = new ServiceClock();
		clock.observe(Date.parse(httpDate(T0 + 300)), T0 + 200, T0 + 220);
		expect(clock.offsetMs()).toBe(0);
		observe(clock, 300, 30);
		expect(clock.offsetMs()).toBeGreaterThan(200);
		expect(clock.offsetMs()).toBeLessThanOrEqual(300);
	});

	it.each([30_000, -30_000, 120_000, -120_000])(
		'pins an offset of %i ms down to the latency, erring low (waits long)',
		(offsetMs) => {
			const clock = new ServiceClock();
			observe(clock, offsetMs, 30);
			expect(clock.offsetMs()).toBeLessThanOrEqual(offsetMs);
			expect(clock.offsetMs()).toBeGreaterThanOrEqual(offsetMs - 60);
		},
	);

	it('tells how much further ahead the service clock may be: up to a second at first, the latency once pinned', () => {
		const clock = new ServiceClock();
		expect(clock.leadDoubtMs()).toBe(0);
		// Date 08:00:00 on an answer sent at 20 ms: the clock may lead by up to 980 ms, or trail by 20
		clock.observe(Date.parse(httpDate(T0)), T0 + 20, T0 + 40);
		expect(clock.offsetMs()).toBe(0);
		expect(clock.leadDoubtMs()).toBe(980);
		observe(clock, 300, 30);
		expect(clock.offsetMs() + clock.leadDoubtMs()).toBeGreaterThanOrEqual(300);
		expect(clock.leadDoubtMs()).toBeLessThanOrEqual(60);
	});

	it('starts over when the service clock is set (an answer contradicts the earlier ones)', () => {
		const clock = new ServiceClock();
		observe(clock, 30_000, 10);
		observe(clock, -5_000, 30);
		expect(clock.offsetMs()).toBeLessThanOrEqual(-5_000);
		expect(clock.offsetMs()).toBeGreaterThanOrEqual(-5_060);
	});

	it('ignores a Date more than a day off (a broken header, not a clock)', () => {
		const clock = new ServiceClock();
		clock.observe(T0 + 3 * 24 * 3600_000, T0, T0 + 20);
		expect(clock.known).toBe(false);
		expect(clock.offsetMs()).toBe(0);
	});

	it('reads the Date header of an answer, in any letter case', () => {
		expect(serviceDateOf({ Date: httpDate(T0) })).toBe(T0);
		expect(serviceDateOf({ date: [httpDate(T0)] })).toBe(T0);
		// Repeated and joined by commas, as a proxy may add its own: the first date counts.
		expect(serviceDateOf({ date: `${httpDate(T0)}, ${httpDate(T0 + 5000)}` })).toBe(T0);
		expect(serviceDateOf({})).toBeUndefined();
	});
});

describe('absolute resets and Retry-After dates on the service clock', () => {
	it('a reset in epoch seconds, HTTP date or epoch ms 30 s ahead reads as 600 ms from now', () => {
		const now = T0 + 400;
		const offset = 30_000;
		const resetService = T0 + 1000 + offset;
		for (const value of [String(resetService / 1000), httpDate(resetService), String(resetService)])
			expect(
				parseRateLimitHeaders({ 'x-ratelimit-reset': value }, now, undefined, offset).resetAtMs,
			).toBe(T0 + 1000);
	});

	it('an HTTP-date Retry-After 2 s after the service time reads as 2 s whatever the offset', () => {
		for (const offset of [-120_000, 0, 30_000])
			expect(parseRetryAfter(httpDate(T0 + 2000 + offset), T0, offset)).toBe(2000);
	});

	it('reads an absolute reset days away as the time it names: a quota used up till then (farToldWaits)', () => {
		const far = String(Math.round((T0 + 2 * 24 * 3600_000) / 1000));
		expect(parseRateLimitHeaders({ 'x-ratelimit-reset': far }, T0).resetAtMs).toBe(
			T0 + 2 * 24 * 3600_000,
		);
	});
});
