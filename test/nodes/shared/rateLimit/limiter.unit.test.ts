/**
 * The composition the transport uses: the parts together through `take` and `learn` on a fake clock, and the
 * limiters shared per budget. The figures queue mode needs: sharedBudget.model.test.ts.
 */
import { connectionFromCredentials } from '../../../../nodes/shared/connection';
import { waitHintMs } from '../../../../nodes/shared/rateLimit/headers';
import { RateLimiter, type SlotTurn } from '../../../../nodes/shared/rateLimit/limiter';
import { PACING_HEADROOM } from '../../../../nodes/shared/rateLimit/pace';
import {
	getSharedRateLimiter,
	limiterFor,
} from '../../../../nodes/shared/rateLimit/sharedLimiters';
import { RUN_START_MS as START_MS } from './fixedWindowRun';

/** One request through the line as the transport does it: the clock moves by each wait until the grant. */
function slotAt(limiter: RateLimiter, clock: { nowMs: number }): number {
	let turn: SlotTurn = limiter.take();
	for (let asks = 1; !turn.granted && asks < 1000; asks++) {
		clock.nowMs += turn.waitMs;
		turn = limiter.take(turn);
	}
	expect(turn.granted).toBe(true);
	return clock.nowMs + turn.waitMs;
}

/** A limiter at `rate` whose first request (the probe) went out at START_MS. */
function probed(rate: number, clock = { nowMs: START_MS }) {
	const limiter = new RateLimiter({ ratePerSecond: rate, now: () => clock.nowMs });
	slotAt(limiter, clock);
	return { limiter, clock };
}

/**
 * A one-minute window at 1 request/s whose probe went out at START_MS, answered: another client took 57 of the
 * minute's 60 before it. Two seconds on, the next request's slot (`far`) moves past the reset.
 */
function slotMovedPastReset() {
	const clock = { nowMs: START_MS };
	const limiter = new RateLimiter({ ratePerSecond: 1, windowMs: 60_000, now: () => clock.nowMs });
	slotAt(limiter, clock);
	limiter.observe({ limit: 60, remaining: 2, resetAtMs: START_MS + 30_007 }, 200);
	clock.nowMs += 2000;
	return { limiter, clock, far: limiter.take() };
}

const windowEnd = Math.ceil(START_MS / 1000) * 1000;

describe('through take and learn', () => {
	it('starts with one request on its way until the first answer, then paces at the plan less the headroom', () => {
		const { limiter, clock } = probed(20);
		const waiting = limiter.take();
		expect(waiting.granted).toBe(false);
		clock.nowMs += 30;
		expect(limiter.take(waiting).granted).toBe(false);
		expect(limiter.requestsUnderway).toBe(2);
		limiter.observe({ limit: 20, remaining: 19, resetAtMs: windowEnd + 7 }, 200);
		expect(limiter.take(waiting).granted).toBe(true);
		const slots = [slotAt(limiter, clock), slotAt(limiter, clock), slotAt(limiter, clock)];
		expect(slots[2] - slots[1]).toBeCloseTo(1000 / (PACING_HEADROOM * 20), 3);
		expect(limiter.requestsUnderway).toBe(4);
	});

	it('lets the next request go once the first one ended without an answer, for a one-minute window too', () => {
		const clock = { nowMs: START_MS };
		const limiter = new RateLimiter({ ratePerSecond: 1, windowMs: 60_000, now: () => clock.nowMs });
		const probe = limiter.take();
		expect(probe.granted).toBe(true);
		clock.nowMs += 1000;
		const next = limiter.take();
		expect(next.granted).toBe(false);
		// the connection dropped: no answer will come to end the cautious start (before: held three minutes)
		limiter.noAnswer(probe);
		const granted = limiter.take(next);
		expect(granted.granted).toBe(true);
		expect(granted.waitMs).toBeLessThan(1000);
		expect(limiter.requestsUnderway).toBe(1);
	});

	it('takes back a slot left unsent (its wait too long): the next request gets it, and it counts as none of ours', () => {
		const { limiter, clock, far } = slotMovedPastReset();
		expect(far.granted).toBe(true);
		expect(far.waitMs).toBeGreaterThan(25_000);
		expect(far.movedFromMs).toBeLessThan(clock.nowMs + 2000);
		expect(limiter.requestsUnderway).toBe(1);
		limiter.leave(far);
		expect(limiter.requestsUnderway).toBe(0);
		expect(slotAt(limiter, clock)).toBe(far.slotMs);
	});

	it('a slot moved past the reset, given back, is asked of the window again: moved again, or on the grid once it has room', () => {
		const { limiter, far } = slotMovedPastReset();
		limiter.leave(far);
		// the next request is told the same: a slot past the reset, moved (not a line to nap in towards it)
		const again = limiter.take();
		expect(again).toMatchObject({
			granted: true,
			slotMs: far.slotMs,
			movedFromMs: far.movedFromMs,
		});
		limiter.leave(again);
		// a later answer shows room in the window: the next slot is where the pace had it, not moved
		limiter.observe({ limit: 60, remaining: 30, resetAtMs: START_MS + 30_007 }, 200);
		const onGrid = limiter.take();
		expect(onGrid.granted).toBe(true);
		expect(onGrid.movedFromMs).toBeUndefined();
		expect(onGrid.slotMs).toBe(far.movedFromMs);
	});

	it('probes again after a few windows without an answer', () => {
		const { limiter, clock } = probed(20);
		limiter.observe({ limit: 20, remaining: 19 }, 200);
		clock.nowMs += 5000;
		expect(limiter.take().granted).toBe(true);
		expect(limiter.take().granted).toBe(false);
	});

	it('holds every slot after a 429 until Retry-After, else the exact reset, else a rounded reset less 3/4 window', () => {
		const told = probed(10);
		told.limiter.learn({ 'x-ratelimit-remaining': '0', 'retry-after': '1.5' }, 429);
		expect(slotAt(told.limiter, told.clock)).toBe(START_MS + 1500);
		const exact = probed(10);
		exact.limiter.observe({ limit: 10, remaining: 0, resetAtMs: windowEnd }, 429);
		expect(slotAt(exact.limiter, exact.clock)).toBe(windowEnd);
		const rounded = probed(10);
		rounded.limiter.learn({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' }, 429);
		expect(slotAt(rounded.limiter, rounded.clock)).toBe(START_MS + 250);
		expect(rounded.limiter.toldWait()?.untilMs).toBe(START_MS + 250);
	});

	it('holds slots a window after a 429 whose reset or Retry-After lies seconds past, as after one without', () => {
		const past = String(Math.floor(START_MS / 1000) - 5);
		for (const told of [{ 'x-ratelimit-reset': past }, { 'retry-after': past }]) {
			const { limiter, clock } = probed(10);
			const snapshot = limiter.learn({ 'x-ratelimit-remaining': '0', ...told }, 429);
			expect(waitHintMs(snapshot, clock.nowMs)).toBeUndefined();
			expect(slotAt(limiter, clock)).toBe(START_MS + 1000);
		}
	});

	it('holds slots until just past an exact reset when an answer says nothing remains', () => {
		const { limiter, clock } = probed(10);
		limiter.observe({ limit: 10, remaining: 0, resetAtMs: windowEnd }, 200);
		expect(slotAt(limiter, clock)).toBe(windowEnd + 5);
	});

	it('moves a slot to the next window when others, at their pace so far, fill the rest before it', () => {
		const { limiter, clock } = probed(10);
		clock.nowMs += 30;
		limiter.observe({ limit: 10, remaining: 1, resetAtMs: windowEnd }, 200);
		expect(slotAt(limiter, clock)).toBe(windowEnd + 5);
		const alone = probed(10);
		alone.clock.nowMs += 30;
		alone.limiter.observe({ limit: 10, remaining: 9, resetAtMs: windowEnd }, 200);
		expect(slotAt(alone.limiter, alone.clock)).toBeCloseTo(START_MS + 1000 / 9.8, 3);
	});

	it('adopts a lower limit than the plan, never a higher one, and follows a new plan rate', () => {
		const { limiter } = probed(50);
		limiter.observe({ limit: 5, remaining: 4, resetAtMs: windowEnd }, 200);
		expect(limiter.ratePerSecond).toBe(5);
		limiter.observe({ limit: 40, remaining: 39, resetAtMs: windowEnd }, 200);
		expect(limiter.ratePerSecond).toBe(40);
		limiter.observe({ limit: 70, remaining: 69, resetAtMs: windowEnd }, 200);
		expect(limiter.ratePerSecond).toBe(50);
		limiter.setRate(100);
		expect(limiter.ratePerSecond).toBe(100);
	});

	it('adopts a lower limit told with a 429 too: a service may tell its headers only with its refusals', () => {
		const { limiter } = probed(200);
		limiter.observe({ limit: 20, remaining: 0, resetAtMs: windowEnd }, 429);
		expect(limiter.ratePerSecond).toBe(20);
		expect(limiter.allowancePerSecond).toBeCloseTo(PACING_HEADROOM * 20, 6);
		// a refusal about a longer window (a per-minute limit) still sets no pace
		limiter.observe({ limit: 1200, remaining: 0, resetAtMs: windowEnd + 30_000 }, 429);
		expect(limiter.ratePerSecond).toBe(20);
	});

	it("adopts no limit of a 429 whose Retry-After says its window is longer than ours: 1,000 requests at the plan's pace", () => {
		const { limiter, clock } = probed(200);
		limiter.learn({}, 200);
		// a per-minute bucket's refusal, told as Limit and Retry-After only, on a service telling headers only then
		limiter.learn(
			{ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'retry-after': '40' },
			429,
		);
		expect(limiter.ratePerSecond).toBe(200);
		clock.nowMs += 41_000;
		const start = clock.nowMs;
		let last = start;
		for (let request = 0; request < 1000; request++) {
			last = slotAt(limiter, clock);
			limiter.learn({}, 200);
		}
		// 1,000 at 196 a second: 5.1 s (10.2 s at 100 a second before)
		expect(last - start).toBeLessThan(5200);
	});

	it("holds a limit told only with 429s while refusals come, and returns to the plan's after 60 windows without one", () => {
		const { limiter, clock } = probed(200);
		limiter.learn({}, 200);
		const refusal = {
			'x-ratelimit-limit': '100',
			'x-ratelimit-remaining': '0',
			'retry-after': '1',
		};
		limiter.learn(refusal, 429);
		expect(limiter.ratePerSecond).toBe(100);
		// a refusal within the hold keeps it: 59 windows, a refusal, 59 windows more
		clock.nowMs += 59_000;
		slotAt(limiter, clock);
		limiter.learn({}, 200);
		limiter.learn(refusal, 429);
		clock.nowMs += 59_000;
		slotAt(limiter, clock);
		limiter.learn({}, 200);
		expect(limiter.ratePerSecond).toBe(100);
		clock.nowMs += 1_500;
		slotAt(limiter, clock);
		limiter.learn({}, 200);
		expect(limiter.ratePerSecond).toBe(200);
		expect(limiter.allowancePerSecond).toBeCloseTo(PACING_HEADROOM * 200, 6);
	});

	it('keeps a limit that answers other than 429 tell: the service tells it with every answer', () => {
		const { limiter, clock } = probed(200);
		limiter.learn({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '99' }, 200);
		limiter.learn(
			{ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'retry-after': '1' },
			429,
		);
		clock.nowMs += 120_000;
		slotAt(limiter, clock);
		limiter.learn({}, 200);
		expect(limiter.ratePerSecond).toBe(100);
	});

	it('does not pace on answers about a longer window, but a 429 there blocks until its reset', () => {
		const { limiter, clock } = probed(20);
		const minute = { 'x-ratelimit-limit': '1200', 'x-ratelimit-remaining': '3' };
		// a bare '37' on a per-minute limit is 37 s, and '734' on our one-second window is 734 ms
		expect(limiter.learn({ ...minute, 'x-ratelimit-reset': '37' }, 200).resetAtMs).toBe(
			START_MS + 37_000,
		);
		expect(limiter.ratePerSecond).toBe(20);
		const resetAtMs = Math.ceil((START_MS + 37_000) / 1000) * 1000;
		limiter.learn({ ...minute, 'x-ratelimit-reset': String(resetAtMs / 1000) }, 429);
		expect(slotAt(limiter, clock)).toBe(resetAtMs);
		const second = { 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '0' };
		expect(limiter.learn({ ...second, 'x-ratelimit-reset': '734' }, 200).resetAtMs).toBe(
			clock.nowMs + 734,
		);
	});

	it('ignores headers it could not read: the pace is that of an answer without headers', () => {
		const told = probed(20);
		const untold = probed(20);
		told.limiter.learn({ 'x-ratelimit-limit': 'many', 'x-ratelimit-remaining': 'few' }, 200);
		untold.limiter.observe({}, 200);
		const slots = (run: typeof told) => [1, 2, 3].map(() => slotAt(run.limiter, run.clock));
		expect(slots(told)).toEqual(slots(untold));
	});

	it('lets a request leave the line, so that the next one is served', () => {
		const { limiter } = probed(20);
		const left = limiter.take();
		limiter.leave(left);
		expect(limiter.requestsUnderway).toBe(1);
	});
});

describe('one limiter per budget in a process', () => {
	it('gives every caller of a budget the same limiter: executions are paced as one stream', () => {
		const clock = { nowMs: START_MS };
		const first = getSharedRateLimiter('https://a.example|t1', 10, () => clock.nowMs);
		const second = getSharedRateLimiter('https://a.example|t1', 10);
		expect(second).toBe(first);
		expect(getSharedRateLimiter('https://a.example|t2', 10)).not.toBe(first);
		slotAt(first, clock);
		first.observe({ limit: 10, remaining: 9 }, 200);
		const slots = [slotAt(first, clock), slotAt(second, clock), slotAt(first, clock)];
		expect(slots[2] - slots[0]).toBeCloseTo(2000 / 9.8, 3);
	});

	it('follows a new plan rate when primed with it, and keeps a lower limit told under the same plan', () => {
		const limiter = getSharedRateLimiter('https://a.example|t3', 50, () => START_MS);
		limiter.observe({ limit: 10, remaining: 8 }, 200);
		expect(getSharedRateLimiter('https://a.example|t3', 50).ratePerSecond).toBe(10);
		expect(getSharedRateLimiter('https://a.example|t3', 100).ratePerSecond).toBe(100);
	});

	it('keys the primary API by Base URL and team, the simple interface by Base URL and API key (a per-minute budget)', () => {
		const connection = {
			baseUrl: 'https://b.example',
			teamId: 'team-1',
			ratePerSecond: 20,
			simplePerMinute: 60,
			simpleKey: 'hash-1',
		};
		expect(limiterFor(connection)).toBe(limiterFor(connection, 'primary', 'team-1'));
		expect(limiterFor(connection, 'primary', 'team-2')).not.toBe(limiterFor(connection));
		expect(limiterFor(connection, 'simple').windowScale).toEqual({ windowMs: 60_000, limit: 60 });
		expect(limiterFor({ ...connection, teamId: 'team-2' }, 'simple')).toBe(
			limiterFor(connection, 'simple'),
		);
	});

	it('gives one service one budget however its Base URL is spelt (host case, default port)', () => {
		const connection = {
			baseUrl: 'https://API.Spelling.example',
			teamId: 'team-1',
			ratePerSecond: 20,
			simplePerMinute: 60,
			simpleKey: 'hash-spelling',
		};
		const same = { ...connection, baseUrl: 'https://api.spelling.example:443' };
		expect(limiterFor(same)).toBe(limiterFor(connection));
		expect(limiterFor(same, 'simple')).toBe(limiterFor(connection, 'simple'));
		expect(limiterFor({ ...connection, baseUrl: 'https://api.spelling.example/other' })).not.toBe(
			limiterFor(connection),
		);
	});

	it("paces an Agency key of the simple interface to its plan's 300 a minute", () => {
		const agency = {
			baseUrl: 'https://agency.example',
			teamId: 'team-1',
			ratePerSecond: 20,
			simplePerMinute: 300,
			simpleKey: 'hash-agency',
		};
		expect(limiterFor(agency, 'simple').windowScale).toEqual({ windowMs: 60_000, limit: 300 });
	});

	it("does not hold one v1 key's told wait against another key on the same Base URL", () => {
		const connection = {
			baseUrl: 'https://v1.example',
			teamId: 'team-1',
			ratePerSecond: 20,
			simplePerMinute: 60,
			simpleKey: 'hash-of-key-1',
		};
		const other = { ...connection, simpleKey: 'hash-of-key-2' };
		limiterFor(connection, 'simple').learn({ 'retry-after': '3600' }, 429);
		expect(limiterFor(connection, 'simple').toldWait()?.untilMs).toBeGreaterThan(Date.now());
		expect(limiterFor(other, 'simple').toldWait()).toBeUndefined();
		expect(limiterFor(other, 'simple').take().granted).toBe(true);
	});

	it("shares one v1 API key's budget between credentials of different teams, and keeps the teams' budgets apart", () => {
		const refuse = (problem: string): never => {
			throw new Error(problem);
		};
		const credential = (teamId: string, clientId: string, apiKey: string) =>
			connectionFromCredentials(
				{
					baseUrl: 'https://shared-key.example',
					teamId,
					clientId,
					clientSecret: `${clientId}-secret`,
					apiKey,
					plan: 'Legendary',
				},
				refuse,
			);
		const teamA = credential('team-a', 'client-a', 'org-key');
		const teamB = credential('team-b', 'client-b', 'org-key');
		const otherKey = credential('team-b', 'client-b', 'another-key');

		expect(limiterFor(teamA)).not.toBe(limiterFor(teamB));
		// the per-minute budget is the key's: two limiters would each spend all of it
		expect(limiterFor(teamA, 'simple')).toBe(limiterFor(teamB, 'simple'));
		expect(limiterFor(otherKey, 'simple')).not.toBe(limiterFor(teamB, 'simple'));
	});
});
