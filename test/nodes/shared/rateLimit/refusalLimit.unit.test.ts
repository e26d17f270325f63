/**
 * A limit told only with 429s, on a fake clock: a per-second service whose Retry-After is rounded up or told as
 * an HTTP date (1-2 s away) is still our window, so its limit paces; a per-minute bucket's long Retry-After is not.
 */
import { RateLimiter, type SlotTurn } from '../../../../nodes/shared/rateLimit/limiter';
import { RUN_START_MS as START_MS } from './fixedWindowRun';

/** One request through the line as the transport does it: the clock moves by each wait until the grant. */
function slotAt(limiter: RateLimiter, clock: { nowMs: number }): number {
	let turn: SlotTurn = limiter.take();
	for (let asks = 1; !turn.granted && asks < 100_000; asks++) {
		clock.nowMs += Math.max(1, turn.waitMs);
		turn = limiter.take(turn);
	}
	clock.nowMs += turn.waitMs;
	return clock.nowMs;
}

/**
 * Plan 200 a second; the service really counts 5 per fixed one-second window and tells its headers only on its
 * 429s, with Retry-After as `retryAfter` writes it. Answers come 30 ms after the slot.
 */
function runAgainstFiveASecond(retryAfter: (nowMs: number) => string, seconds: number) {
	const clock = { nowMs: START_MS };
	const limiter = new RateLimiter({ ratePerSecond: 200, now: () => clock.nowMs });
	const counted = new Map<number, number>();
	let accepted = 0;
	let refused = 0;
	while (clock.nowMs < START_MS + seconds * 1000) {
		const window = Math.floor(slotAt(limiter, clock) / 1000);
		const count = (counted.get(window) ?? 0) + 1;
		counted.set(window, count);
		clock.nowMs += 30;
		if (count <= 5) {
			accepted++;
			limiter.learn({}, 200);
			continue;
		}
		refused++;
		const headers = { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' };
		limiter.learn({ ...headers, 'retry-after': retryAfter(clock.nowMs) }, 429);
	}
	return { accepted, refused };
}

const nextSecondButOne = (nowMs: number) =>
	new Date((Math.floor(nowMs / 1000) + 2) * 1000).toUTCString();

describe('a limit told only with 429s of a per-second service', () => {
	it.each([
		['Retry-After 1', () => '1'],
		['Retry-After 2 (rounded up)', () => '2'],
		['an HTTP date 1-2 s away', nextSecondButOne],
	])(
		'adopts it from %s: about one refusal a minute over 5 minutes, not one a window',
		(_, retryAfter) => {
			const { accepted, refused } = runAgainstFiveASecond(retryAfter, 300);
			// the limit lapses after 60 windows without a refusal, so one refusal a minute re-learns it
			expect(refused).toBeLessThanOrEqual(6);
			expect(accepted).toBeGreaterThan(1400);
		},
	);
});
