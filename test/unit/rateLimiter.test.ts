import type { RateLimitSnapshot } from '../../nodes/shared/rateLimit/headers';
import { parseRateLimitHeaders } from '../../nodes/shared/rateLimit/headers';
import {


	RateLimiter,
	type SlotTurn,
} from '../../nodes/shared/rateLimit/limiter';
import { getSharedRateLimiter } from '../../nodes/shared/rateLimit/sharedLimiters';
import { PACING_HEADROOM } from '../../nodes/shared/rateLimit/pace';
import { RESET_FORMATS } from '../../simulator/rateLimit';
import { simulateLimiters, SIMULATION_START_MS as START_MS } from '../support/limiterSimulation';

const PLAN_RATES = [5, 20, 50, 100, 200];
/** From 20 per second up; at 5 a shared window is 5 whole requests (see the limiter's doc comment). */
const SHARED_PLAN_RATES = [20, 50, 100, 200];

function limiterAt(ratePerSecond: number, clock: { nowMs: number }): RateLimiter {
	return new RateLimiter({ ratePerSecond, now: () => clock.nowMs });
}

/**
 * One request through the line, as the transport does it: the clock moves by each wait the limiter asks
 * for until the slot is granted; returns the slot's time, the clock left where the request asked last.
 */
function slotAt(limiter: RateLimiter, clock: { nowMs: number }, maxAsks = 100): number {
	let turn: SlotTurn = limiter.take();
	for (let asks = 1; !turn.granted && asks < maxAsks; asks++) {
		clock.nowMs += turn.waitMs;
		turn = limiter.take(turn);
	}
	if (!turn.granted) throw new Error(`no slot after ${maxAsks} asks`);
	return clock.nowMs + turn.waitMs;
}

/** `count` requests one after the other (each asks when the previous one was granted). */
function slotsAt(limiter: RateLimiter, clock: { nowMs: number }, count: number): number[] {
	return Array.from({ length: count }, () => slotAt(limiter, clock));
}

function expectEvenlySpaced(slots: number[], intervalMs: number): void {
	slots.forEach((slot, index) => expect(slot - slots[0]).toBeCloseTo(index * intervalMs, 3));
}

/** A first answer that shows nothing of others, so that the probe of a fresh limiter is done (rule 5). */
function answerProbe(limiter: RateLimiter, clock: { nowMs: number }, limit: number): void {
	limiter.observe(
		{ limit, remaining: limit - 1, resetAtMs: Math.ceil(clock.nowMs / 1000) * 1000 + 7 },
		200,
	);
}

describe('RateLimiter', () => {
	describe('slots', () => {
		it('hands out distinct slots evenly spaced at the plan rate less the headroom', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(10, clock);
			slotAt(limiter, clock);
			answerProbe(limiter, clock, 10);
			const slots = slotsAt(limiter, clock, 5);
			expectEvenlySpaced(slots, 1000 / (PACING_HEADROOM * 10));
			expect(new Set(slots).size).toBe(5);
		});

		it('grants a slot only shortly before it is due; the others wait in line, first come first served', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(10, clock);
			slotAt(limiter, clock);
			answerProbe(limiter, clock, 10);
			// the next slot is due 102 ms after the probe's; 60 ms later it is near enough to be granted
			clock.nowMs += 60;
			const first = limiter.take();
			const second = limiter.take();
			const third = limiter.take();
			expect(first).toMatchObject({ granted: true });
			expect(second.granted).toBe(false);
			expect(third.granted).toBe(false);
			// the third asks again first, but the second is ahead of it
			clock.nowMs += third.waitMs;
			expect(limiter.take(third).granted).toBe(false);
			expect(limiter.take(second).granted).toBe(true);
		});

		it('never asks a request in line to wait more than a quarter window before asking again', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(5, clock);
			slotAt(limiter, clock);
			answerProbe(limiter, clock, 5);
			const turns = Array.from({ length: 20 }, () => limiter.take());
			for (const turn of turns) expect(turn.waitMs).toBeLessThanOrEqual(250);
		});

		it('drops a request that stopped asking, so that it cannot hold up the line', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(10, clock);
			slotAt(limiter, clock);
			answerProbe(limiter, clock, 10);
			limiter.take();
			limiter.take(); // waits in line and never comes back
			clock.nowMs += 3000;
			expect(limiter.take()).toMatchObject({ granted: true });
		});

		it('does not bank idle time: after a pause the next slot is now, and the one after a full interval later', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(20, clock);
			slotAt(limiter, clock);
			answerProbe(limiter, clock, 20);
			slotsAt(limiter, clock, 3);
			clock.nowMs += 2000;
			const slots = slotsAt(limiter, clock, 3);
			expect(slots[0]).toBe(START_MS + 2000 + (slots[0] - START_MS - 2000));
			expectEvenlySpaced(slots, 1000 / (PACING_HEADROOM * 20));
		});

		it('starts with one request on the way until the first answer (rule 5), then paces', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(20, clock);
			expect(limiter.take()).toMatchObject({ granted: true, waitMs: 0 });
			const waiting = limiter.take();
			expect(waiting.granted).toBe(false);
			clock.nowMs += 30;
			expect(limiter.take(waiting).granted).toBe(false);
			answerProbe(limiter, clock, 20);
			expect(limiter.take(waiting).granted).toBe(true);
		});

		it('probes again after a few idle windows', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(20, clock);
			slotAt(limiter, clock);
			answerProbe(limiter, clock, 20);
			clock.nowMs += 5000;
			expect(limiter.take().granted).toBe(true);
			expect(limiter.take().granted).toBe(false);
		});

		it('refuses a rate that is not a positive number', () => {
			expect(() => new RateLimiter({ ratePerSecond: 0 })).toThrow(RangeError);
			expect(() => new RateLimiter({ ratePerSecond: Number.NaN })).toThrow(RangeError);
		});

		it('follows setRate', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(5, clock);
			slotAt(limiter, clock);
			answerProbe(limiter, clock, 5);
			limiter.setRate(50);
			expect(limiter.ratePerSecond).toBe(50);
			clock.nowMs += 1000;
			expectEvenlySpaced(slotsAt(limiter, clock, 4), 1000 / (PACING_HEADROOM * 50));
		});
	});

	describe('what the service says', () => {
		const windowEnd = Math.ceil(START_MS / 1000) * 1000;

		/** A limiter whose probe went out at START_MS and whose next request asks now. */
		function probed(rate: number, clock: { nowMs: number }): RateLimiter {
			const limiter = limiterAt(rate, clock);
			slotAt(limiter, clock);
			return limiter;
		}

		it('holds every slot after a 429 until Retry-After', () => {
			const clock = { nowMs: START_MS };
			const limiter = probed(10, clock);
			limiter.observe({ limit: 10, remaining: 0, resetAtMs: windowEnd, retryAfterMs: 1500 }, 429);
			expect(slotAt(limiter, clock)).toBe(START_MS + 1500);
		});

		it('holds every slot after a 429 until an exact reset when no Retry-After came', () => {
			const clock = { nowMs: START_MS };
			const limiter = probed(10, clock);
			limiter.observe({ limit: 10, remaining: 0, resetAtMs: windowEnd }, 429);
			expect(slotAt(limiter, clock)).toBe(windowEnd);
		});

		it('holds slots for a quarter window after a 429 with a rounded reset ("1" second), not a whole one', () => {
			const clock = { nowMs: START_MS };
			const limiter = probed(10, clock);
			limiter.observe(
				parseRateLimitHeaders({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' }, START_MS),
				429,
			);
			expect(slotAt(limiter, clock)).toBe(START_MS + 250);
		});

		it('holds slots until just past an exact reset when an answer says nothing remains', () => {
			const clock = { nowMs: START_MS };
			const limiter = probed(10, clock);
			limiter.observe({ limit: 10, remaining: 0, resetAtMs: windowEnd }, 200);
			const slot = slotAt(limiter, clock);
			expect(slot).toBeGreaterThan(windowEnd);
			expect(slot).toBeLessThanOrEqual(windowEnd + 10);
		});

		it('moves a slot to the next window when others, at their pace so far, fill the rest before it', () => {
			const clock = { nowMs: START_MS };
			const limiter = probed(10, clock);
			clock.nowMs += 30;
			// 377 ms into the window it counted 9 requests, 1 of them ours: others spend ~21 per second.
			limiter.observe({ limit: 10, remaining: 1, resetAtMs: windowEnd }, 200);
			expect(slotAt(limiter, clock)).toBe(windowEnd + 5);
		});

		it('keeps the pace when the answer shows only our own requests', () => {
			const clock = { nowMs: START_MS };
			const limiter = probed(10, clock);
			clock.nowMs += 30;
			limiter.observe({ limit: 10, remaining: 9, resetAtMs: windowEnd }, 200);
			expect(slotAt(limiter, clock)).toBeCloseTo(START_MS + 1000 / (PACING_HEADROOM * 10), 3);
		});

		it('adopts a lower X-RateLimit-Limit than the plan (the plan chosen may be too high)', () => {
			const clock = { nowMs: START_MS };
			const limiter = probed(50, clock);
			limiter.observe({ limit: 5, remaining: 4, resetAtMs: windowEnd }, 200);
			expect(limiter.ratePerSecond).toBe(5);
			clock.nowMs += 1000;
			expectEvenlySpaced(slotsAt(limiter, clock, 4), 1000 / (PACING_HEADROOM * 5));
		});

		it('never raises the pace above the plan for a higher X-RateLimit-Limit (the plan is the ceiling)', () => {
			const clock = { nowMs: START_MS };
			const limiter = probed(5, clock);
			limiter.observe({ limit: 7, remaining: 6, resetAtMs: windowEnd }, 200);
			limiter.observe({ limit: 50, remaining: 49, resetAtMs: windowEnd }, 200);
			expect(limiter.ratePerSecond).toBe(5);
			clock.nowMs += 1000;
			expectEvenlySpaced(slotsAt(limiter, clock, 4), 1000 / (PACING_HEADROOM * 5));
		});

		it('does not pace on answers about a longer window (a per-minute limit), but a 429 there blocks until its reset', () => {
			const clock = { nowMs: START_MS };
			const limiter = probed(20, clock);
			limiter.observe({ limit: 1200, remaining: 3, resetAtMs: START_MS + 37_000 }, 200);
			expect(limiter.ratePerSecond).toBe(20);
			clock.nowMs += 10;
			expect(limiter.take()).toMatchObject({ granted: true });
			limiter.observe({ limit: 1200, remaining: 0, resetAtMs: START_MS + 37_000 }, 429);
			expect(slotAt(limiter, clock, 1000)).toBe(START_MS + 37_000);
		});

		it('reads a bare reset on its window: 734 is ms for a second, 37 is seconds for a per-minute limit', () => {
			const clock = { nowMs: START_MS };
			const limiter = probed(20, clock);
			expect(
				limiter.learn(
					{ 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '734' },
					429,
				).resetAtMs,
			).toBe(START_MS + 734);
			expect(
				limiter.learn(
					{ 'x-ratelimit-limit': '1200', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '37' },
					429,
				).resetAtMs,
			).toBe(START_MS + 37_000);
		});

		it('ignores headers it could not read', () => {
			const toldClock = { nowMs: START_MS };
			const clock = { nowMs: START_MS };
			const told = probed(20, toldClock);
			const untold = probed(20, clock);
			const garbage: RateLimitSnapshot = parseRateLimitHeaders(
				{
					'x-ratelimit-limit': 'many',
					'x-ratelimit-remaining': 'few',
					'x-ratelimit-reset': 'soon',
				},
				START_MS,
			);
			told.observe(garbage, 200);
			untold.observe({}, 200);
			expect(told.ratePerSecond).toBe(20);
			expect(slotsAt(told, toldClock, 5)).toEqual(slotsAt(untold, clock, 5));
		});

		it('holds slots for one window after a 429 that told nothing usable', () => {
			const clock = { nowMs: START_MS };
			const limiter = probed(20, clock);
			limiter.observe(parseRateLimitHeaders({ 'retry-after': 'later' }, START_MS), 429);
			expect(slotAt(limiter, clock)).toBe(START_MS + 1000);
		});
	});
});

describe('getSharedRateLimiter', () => {
	it('gives every caller with the same key the same limiter, and other keys their own', () => {
		const first = getSharedRateLimiter('https://api.example|team-shared-1', 20);
		expect(getSharedRateLimiter('https://api.example|team-shared-1', 20)).toBe(first);
		expect(getSharedRateLimiter('https://api.example|team-shared-2', 20)).not.toBe(first);
	});

	it('updates the rate when primed with a different plan, and keeps a lower limit the service told', () => {
		const clock = { nowMs: START_MS };
		const limiter = getSharedRateLimiter(
			'https://api.example|team-shared-3',
			50,
			() => clock.nowMs,
		);
		limiter.observe({ limit: 10, remaining: 8, resetAtMs: START_MS + 500 }, 200);
		expect(getSharedRateLimiter('https://api.example|team-shared-3', 50).ratePerSecond).toBe(10);
		expect(getSharedRateLimiter('https://api.example|team-shared-3', 100).ratePerSecond).toBe(100);
	});

	it('paces calls from different executions as one stream', () => {
		const clock = { nowMs: START_MS };
		const fromFirstExecution = getSharedRateLimiter(
			'https://api.example|team-shared-4',
			10,
			() => clock.nowMs,
		);
		const fromSecondExecution = getSharedRateLimiter('https://api.example|team-shared-4', 10);
		slotAt(fromFirstExecution, clock);
		answerProbe(fromFirstExecution, clock, 10);
		const slots = [
			slotAt(fromFirstExecution, clock),
			slotAt(fromSecondExecution, clock),
			slotAt(fromFirstExecution, clock),
		];
		expectEvenlySpaced(slots, 1000 / (PACING_HEADROOM * 10));
	});
});

describe('RateLimiter against a fixed-window service (simulated: 18 s measured per case, fake clock)', () => {
	const steady = { durationMs: 20_000, measureFromMs: 2000 };

	describe.each(RESET_FORMATS)('reset given as %s', (resetFormat) => {
		it.each(PLAN_RATES)(
			'alone, sustains >= 96%% of %i per second without a single 429',
			(ratePerSecond) => {
				const outcome = simulateLimiters({
					ratePerSecond,
					resetFormat,
					executions: [{ process: 0, startMs: 0 }],
					...steady,
				});
				expect(outcome.planShare).toBeGreaterThanOrEqual(0.96);
				expect(outcome.planShare).toBeLessThanOrEqual(1);
				expect(outcome.refusedShare).toBe(0);
			},
		);
	});

	describe.each(['epochSeconds', 'msUntil', 'seconds'] as const)(
		'sharing the team budget, reset given as %s',
		(resetFormat) => {
			it.each(SHARED_PLAN_RATES)(
				'absorbs another tool spending half of %i per second: >= 96%% in total, < 1%% of ours and < 2%% of its refused',
				(ratePerSecond) => {
					const outcome = simulateLimiters({
						ratePerSecond,
						resetFormat,
						executions: [{ process: 0, startMs: 0 }],
						foreignPerSecond: ratePerSecond / 2,
						...steady,
					});
					expect(outcome.planShare).toBeGreaterThanOrEqual(0.96);
					expect(outcome.refusedShare).toBeLessThan(0.01);
					// the other tool keeps its half: we use what it leaves, not more
					expect(
						outcome.foreignRefused / (outcome.foreignAccepted + outcome.foreignRefused),
					).toBeLessThan(0.02);
					expect(outcome.shareOfWhatWasLeft).toBeGreaterThanOrEqual(0.92);
				},
			);

			it.each(SHARED_PLAN_RATES)(
				'two independent limiters starting together at %i per second: >= 96%% in total, < 1%% refused',
				(ratePerSecond) => {
					const outcome = simulateLimiters({
						ratePerSecond,
						resetFormat,
						executions: [
							{ process: 0, startMs: 0 },
							{ process: 1, startMs: 0 },
						],
						...steady,
					});
					expect(outcome.planShare).toBeGreaterThanOrEqual(0.96);
					expect(outcome.refusedShare).toBeLessThan(0.01);
				},
			);
		},
	);

	it.each(SHARED_PLAN_RATES)(
		'a second limiter joining mid-run at %i per second (exact reset): >= 95.5%% in total, < 1%% refused',
		(ratePerSecond) => {
			const outcome = simulateLimiters({
				ratePerSecond,
				executions: [
					{ process: 0, startMs: 0 },
					{ process: 1, startMs: 3000 },
				],
				...steady,
			});
			expect(outcome.planShare).toBeGreaterThanOrEqual(0.955);
			expect(outcome.refusedShare).toBeLessThan(0.01);
		},
	);

	it.each(SHARED_PLAN_RATES)(
		'takes the whole plan back within a second when the other limiter stops (%i per second)',
		(ratePerSecond) => {
			const outcome = simulateLimiters({
				ratePerSecond,
				executions: [
					{ process: 0, startMs: 0 },
					{ process: 1, startMs: 0, stopMs: 8000 },
				],
				durationMs: 20_000,
				// the other's last items in flight end about a second after it stops taking new ones
				measureFromMs: 10_000,
			});
			expect(outcome.planShare).toBeGreaterThanOrEqual(0.97);
			expect(outcome.refusedShare).toBe(0);
			expect(outcome.limiters[0].allowancePerSecond).toBeGreaterThan(
				0.95 * PACING_HEADROOM * ratePerSecond,
			);
		},
	);

	it('keeps the same results on other jitter draws (seeds 2-4, 100 per second, two limiters)', () => {
		for (const seed of [2, 3, 4]) {
			const outcome = simulateLimiters({
				ratePerSecond: 100,
				seed,
				executions: [
					{ process: 0, startMs: 0 },
					{ process: 1, startMs: 0 },
				],
				...steady,
			});
			expect(outcome.pacedAnswers).toBeGreaterThan(1500);
			expect(outcome.planShare).toBeGreaterThanOrEqual(0.96);
			expect(outcome.refusedShare).toBeLessThan(0.01);
		}
	});
});
