/**
 * Every rate-limit header variant the simulator can write (`X-RateLimit-Reset` in each format, none included;
 * a per-second or a per-minute `X-RateLimit-Limit`), on a fake clock: what the reading makes of it, and the
 * pace it produces. The cases the engine suite once waited real minute boundaries for: a per-minute limit of
 * 1,200 on a plan of 20 per second must never raise the pace (it once put 68 creates into a second), and a
 * reset of '734' ms must not be read as 734 s (22 of 80 items once failed on the retry bound).
 */
import { parseRateLimitHeaders } from '../../../../nodes/shared/rateLimit/headers';
import { RESET_FORMATS, rateLimitHeaders, type ResetFormat } from '../../../../simulator/rateLimit';
import { RUN_START_MS, runFixedWindow } from './fixedWindowRun';

const PLAN = { windowMs: 1000, limit: 20 };
/** A minute's end on the fake clock; the run starts two seconds before it. */
const MINUTE_END_MS = Math.ceil(RUN_START_MS / 60_000) * 60_000;
const NOW_MS = MINUTE_END_MS - 37_000 + 266;

/** What the simulator writes for a window ending at `resetAt`, read back with the plan's scale. */
function readBack(format: ResetFormat, limit: number, resetAt: number) {
	const headers = rateLimitHeaders(
		{ limit, remaining: 7, resetAt, allowed: true },
		{ format, retryAfter: false, refused: false },
		NOW_MS,
	);
	return parseRateLimitHeaders(headers, NOW_MS, PLAN);
}

describe('the reading of each variant', () => {
	const secondEnd = Math.ceil(NOW_MS / 1000) * 1000;

	it.each([
		['epochSeconds', secondEnd],
		['epochMs', secondEnd],
		['httpDate', secondEnd],
		['msUntil', secondEnd],
		// whole seconds until the reset: rounded up, so it reads a whole second from now
		['seconds', NOW_MS + 1000],
		['none', undefined],
	] as Array<[ResetFormat, number | undefined]>)(
		'per second, Reset %s: the limit, the remaining count and the reset',
		(format, resetAtMs) => {
			const reading = readBack(format, 20, secondEnd);
			expect(reading.limit).toBe(20);
			expect(reading.remaining).toBe(7);
			expect(reading.resetAtMs).toBe(resetAtMs);
		},
	);

	it.each([
		['epochSeconds', MINUTE_END_MS],
		['epochMs', MINUTE_END_MS],
		['httpDate', MINUTE_END_MS],
		// 36,734 ms until the minute's end: as a bare number on a one-minute scale that is milliseconds
		['msUntil', MINUTE_END_MS],
		['seconds', NOW_MS + 37_000],
		['none', undefined],
	] as Array<[ResetFormat, number | undefined]>)(
		'per minute (1,200 on a plan of 20 per second), Reset %s: read on the minute, not the second',
		(format, resetAtMs) => {
			expect(readBack(format, 1200, MINUTE_END_MS).resetAtMs).toBe(resetAtMs);
		},
	);
});

describe('the pace each variant produces (80 creates, 20 per second)', () => {
	/** Requests of ours the service accepted in the busiest calendar second, and the pace over the run. */
	function figures(outcome: ReturnType<typeof runFixedWindow>) {
		const busy = outcome.seconds.filter((second) => second && second.ours > 0);
		const accepted = busy.reduce((sum, second) => sum + second.ours, 0);
		return {
			busiest: Math.max(...busy.map((second) => second.ours)),
			accepted,
			seconds: busy.length,
		};
	}

	it.each(RESET_FORMATS)(
		'a per-minute limit, Reset %s, from two seconds before the minute ends: the plan stays the ceiling',
		(resetFormat) => {
			const outcome = runFixedWindow({
				ratePerSecond: 20,
				limitWindow: 'minute',
				resetFormat,
				startAtMs: MINUTE_END_MS - 2000,
				executions: [{ process: 0, requests: 80 }],
				durationMs: 60_000,
			});
			const { busiest, accepted, seconds } = figures(outcome);
			expect(outcome.failed).toBe(0);
			expect(outcome.completed).toBe(80);
			expect(accepted).toBe(80);
			expect(busiest).toBeLessThanOrEqual(20);
			expect(seconds).toBeGreaterThanOrEqual(4);
		},
	);

	it.each(RESET_FORMATS)(
		'a per-second limit, Reset %s, another tool filling whole windows: every 429 waits as told, 0 failed',
		(resetFormat) => {
			const outcome = runFixedWindow({
				ratePerSecond: 20,
				resetFormat,
				executions: [{ process: 0, requests: 80 }],
				foreignPerSecond: 40,
				foreignUntilMs: 3000,
				durationMs: 60_000,
			});
			expect(outcome.refused).toBeGreaterThan(0);
			expect(outcome.failed).toBe(0);
			expect(outcome.completed).toBe(80);
			// waits as told: '734' read as 734 s would hold the run for minutes
			expect(outcome.lastAnswerMsByProcess[0]).toBeLessThan(10_000);
			expect(figures(outcome).busiest).toBeLessThanOrEqual(20);
		},
	);
});
