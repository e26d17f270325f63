import type { RateLimitSnapshot } from '../../nodes/shared/rateLimitHeaders';
import { parseRateLimitHeaders, waitHintMs } from '../../nodes/shared/rateLimitHeaders';
import { getSharedRateLimiter, PACING_HEADROOM, RateLimiter } from '../../nodes/shared/rateLimiter';

type ResetFormat = 'seconds' | 'epochSeconds' | 'epochMs' | 'httpDate';

const RESET_FORMATS: ResetFormat[] = ['epochSeconds', 'epochMs', 'httpDate', 'seconds'];
const PLAN_RATES = [5, 20, 50, 100, 200];
/** From 20 per second up; at 5 a shared window is 5 whole requests (see the limiter's doc comment). */
const SHARED_PLAN_RATES = [20, 50, 100, 200];

/** 2027-01-15T08:00:00.377Z: a clock that is not on a window boundary. */
const START_MS = Date.UTC(2027, 0, 15, 8, 0, 0, 377);

// ---------------------------------------------------------------------------------------------------
// A fixed-window service on a fake clock: what the project's simulator does, in pure code, so that
// seconds of traffic run in milliseconds and every run sees the same jitter.
// ---------------------------------------------------------------------------------------------------

/** mulberry32: a small seeded PRNG. */
function seededRandom(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** Discrete events in time order; time jumps from one event to the next, nothing waits for real. */
class FakeClock {
	nowMs: number;
	private readonly events: Array<{ atMs: number; run: () => void }> = [];

	constructor(startMs: number) {
		this.nowMs = startMs;
	}

	schedule(atMs: number, run: () => void): void {
		const event = { atMs: Math.max(atMs, this.nowMs), run };
		let index = this.events.length;
		while (index > 0 && this.events[index - 1].atMs > event.atMs) index--;
		this.events.splice(index, 0, event);
	}

	/** Runs the events up to `endMs`; the event cap guarantees that the loop ends. */
	runUntil(endMs: number, maxEvents = 1_000_000): void {
		for (let count = 0; count < maxEvents && this.events.length > 0 && this.events[0].atMs <= endMs; count++) {
			const event = this.events.shift()!;
			this.nowMs = event.atMs;
			event.run();
		}
	}
}

/** The simulator's rule: fixed one-second wall-clock windows, 429 beyond the limit, 429s count nothing. */
class FixedWindowService {
	accepted = 0;
	pacedAnswers = 0;
	pacedRefused = 0;
	private readonly counts = new Map<number, number>();

	constructor(
		private readonly limit: number,
		private readonly format: ResetFormat,
		private readonly measureFromMs: number,
		private readonly measureUntilMs: number,
	) {}

	arrive(atMs: number, paced: boolean): { status: number; headers: Record<string, string> } {
		const window = Math.floor(atMs / 1000);
		const count = this.counts.get(window) ?? 0;
		const allowed = count < this.limit;
		if (allowed) this.counts.set(window, count + 1);
		if (atMs >= this.measureFromMs && atMs < this.measureUntilMs) {
			if (allowed) this.accepted++;
			if (paced) this.pacedAnswers++;
			if (paced && !allowed) this.pacedRefused++;
		}
		const resetAtMs = (window + 1) * 1000;
		return {
			status: allowed ? 200 : 429,
			headers: {
				'X-RateLimit-Limit': String(this.limit),
				'X-RateLimit-Remaining': String(allowed ? this.limit - count - 1 : 0),
				'X-RateLimit-Reset': this.formatReset(resetAtMs, atMs),
			},
		};
	}

	/** The simulator's `resetFormat` knob; 'seconds' is an integer rounded up. */
	private formatReset(resetAtMs: number, atMs: number): string {
		if (this.format === 'seconds') return String(Math.ceil((resetAtMs - atMs) / 1000));
		if (this.format === 'epochSeconds') return String(resetAtMs / 1000);
		if (this.format === 'epochMs') return String(resetAtMs);
		return new Date(resetAtMs).toUTCString();
	}
}

interface PacedClient {
	startMs: number;
	stopMs?: number;
}

interface Scenario {
	ratePerSecond: number;
	format?: ResetFormat;
	/** Each runs its own limiter with the executor's concurrency (rate / 4, at most 64 in flight). */
	clients: PacedClient[];
	/** Another tool of the team that spends this many requests per second and ignores every answer. */
	unpacedPerSecond?: number;
	durationMs?: number;
	measureFromMs?: number;
	seed?: number;
}

interface Outcome {
	/** Requests the service accepted per second over the measured span, as a share of the plan. */
	planShare: number;
	/** Share of the paced clients' requests in the measured span that the service refused with 429. */
	refusedShare: number;
	pacedRequests: number;
	limiters: RateLimiter[];
}

/** Network: arrival 0-5 ms after sending, the answer 25-40 ms after arrival, timers up to 1 ms late. */
const ARRIVAL_JITTER_MS = 5;
const LATENCY_MS = { min: 25, max: 40 };

function simulate(scenario: Scenario): Outcome {
	const durationMs = scenario.durationMs ?? 20_000;
	const measureFromMs = scenario.measureFromMs ?? 2000;
	const random = seededRandom(scenario.seed ?? 1);
	const clock = new FakeClock(START_MS);
	const endMs = START_MS + durationMs;
	const service = new FixedWindowService(
		scenario.ratePerSecond,
		scenario.format ?? 'epochSeconds',
		START_MS + measureFromMs,
		endMs,
	);
	const arrival = () => clock.nowMs + random() * ARRIVAL_JITTER_MS;
	const latency = () => LATENCY_MS.min + random() * (LATENCY_MS.max - LATENCY_MS.min);
	const concurrency = Math.min(64, Math.ceil(scenario.ratePerSecond / 4));

	const limiters = scenario.clients.map((client) => {
		const limiter = new RateLimiter({ ratePerSecond: scenario.ratePerSecond, now: () => clock.nowMs });
		const stopAtMs = START_MS + (client.stopMs ?? durationMs);
		const sendNext = (): void => {
			if (clock.nowMs >= stopAtMs) return;
			clock.schedule(clock.nowMs + limiter.reserve() + random(), () => {
				const answer = service.arrive(arrival(), true);
				clock.schedule(clock.nowMs + latency(), () => {
					const snapshot = parseRateLimitHeaders(answer.headers, clock.nowMs);
					limiter.observe(snapshot, answer.status);
					if (answer.status !== 429) return sendNext();
					// The transport waits the told time (plus jitter) before sending the refused request again.
					clock.schedule(clock.nowMs + (waitHintMs(snapshot, clock.nowMs) ?? 1000) + random() * 100, sendNext);
				});
			});
		};
		for (let worker = 0; worker < concurrency; worker++) clock.schedule(START_MS + client.startMs, sendNext);
		return limiter;
	});

	if (scenario.unpacedPerSecond) {
		const interval = 1000 / scenario.unpacedPerSecond;
		for (let atMs = START_MS + random() * interval; atMs < endMs; atMs += interval) {
			clock.schedule(atMs, () => service.arrive(arrival(), false));
		}
	}

	clock.runUntil(endMs);
	const measuredSeconds = (durationMs - measureFromMs) / 1000;
	return {
		planShare: service.accepted / (scenario.ratePerSecond * measuredSeconds),
		refusedShare: service.pacedRefused / Math.max(1, service.pacedAnswers),
		pacedRequests: service.pacedAnswers,
		limiters,
	};
}

// ---------------------------------------------------------------------------------------------------

function limiterAt(ratePerSecond: number, clock: { nowMs: number }): RateLimiter {
	return new RateLimiter({ ratePerSecond, now: () => clock.nowMs });
}

function reserveMany(limiter: RateLimiter, count: number): number[] {
	return Array.from({ length: count }, () => limiter.reserve());
}

function expectEvenlySpaced(waits: number[], intervalMs: number): void {
	waits.forEach((wait, index) => expect(wait).toBeCloseTo(index * intervalMs, 3));
}

describe('RateLimiter', () => {
	describe('slots', () => {
		it('gives concurrent callers distinct slots, evenly spaced at the plan rate less the headroom', () => {
			const clock = { nowMs: START_MS };
			const waits = reserveMany(limiterAt(10, clock), 5);
			expectEvenlySpaced(waits, 1000 / (PACING_HEADROOM * 10));
			expect(new Set(waits).size).toBe(5);
		});

		it('does not bank idle time: after a pause the next slot is now, and the one after a full interval later', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(20, clock);
			reserveMany(limiter, 3);
			clock.nowMs += 10_000;
			expectEvenlySpaced(reserveMany(limiter, 3), 1000 / (PACING_HEADROOM * 20));
		});

		it('counts waits from the time of asking', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(10, clock);
			const interval = 1000 / (PACING_HEADROOM * 10);
			limiter.reserve();
			clock.nowMs += interval / 4;
			expect(limiter.reserve()).toBeCloseTo((interval * 3) / 4, 3);
		});

		it('refuses a rate that is not a positive number', () => {
			expect(() => new RateLimiter({ ratePerSecond: 0 })).toThrow(RangeError);
			expect(() => new RateLimiter({ ratePerSecond: Number.NaN })).toThrow(RangeError);
		});

		it('follows setRate', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(5, clock);
			limiter.setRate(50);
			expect(limiter.ratePerSecond).toBe(50);
			expectEvenlySpaced(reserveMany(limiter, 4), 1000 / (PACING_HEADROOM * 50));
		});
	});

	describe('what the service says', () => {
		const windowEnd = Math.ceil(START_MS / 1000) * 1000;

		it('holds every slot after a 429 until Retry-After', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(10, clock);
			limiter.observe({ limit: 10, remaining: 0, resetAtMs: windowEnd, retryAfterMs: 1500 }, 429);
			expect(limiter.reserve()).toBe(1500);
		});

		it('holds every slot after a 429 until an exact reset when no Retry-After came', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(10, clock);
			limiter.observe({ limit: 10, remaining: 0, resetAtMs: windowEnd }, 429);
			expect(limiter.reserve()).toBe(windowEnd - START_MS);
		});

		it('holds slots for a quarter window after a 429 with a rounded reset ("1" second), not a whole one', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(10, clock);
			limiter.observe(parseRateLimitHeaders({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' }, START_MS), 429);
			expect(limiter.reserve()).toBe(250);
		});

		it('holds slots until just past an exact reset when an answer says nothing remains', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(10, clock);
			limiter.observe({ limit: 10, remaining: 0, resetAtMs: windowEnd }, 200);
			const wait = limiter.reserve();
			expect(wait).toBeGreaterThan(windowEnd - START_MS);
			expect(wait).toBeLessThanOrEqual(windowEnd - START_MS + 10);
		});

		it('moves slots to the next window as soon as one answer shows others spending the rest', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(10, clock);
			limiter.reserve();
			clock.nowMs += 30;
			// 377 ms into the window it counted 7 requests, 1 of them ours: others spend ~16 per second.
			limiter.observe({ limit: 10, remaining: 3, resetAtMs: windowEnd }, 200);
			expect(limiter.reserve()).toBe(windowEnd - clock.nowMs + 5);
		});

		it('keeps the pace when the answer shows only our own requests', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(10, clock);
			limiter.reserve();
			clock.nowMs += 30;
			limiter.observe({ limit: 10, remaining: 9, resetAtMs: windowEnd }, 200);
			expect(limiter.reserve()).toBeCloseTo(1000 / (PACING_HEADROOM * 10) - 30, 3);
		});

		it('adopts a different X-RateLimit-Limit', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(5, clock);
			limiter.observe({ limit: 50, remaining: 49, resetAtMs: windowEnd }, 200);
			expect(limiter.ratePerSecond).toBe(50);
			clock.nowMs += 1000;
			expectEvenlySpaced(reserveMany(limiter, 4), 1000 / (PACING_HEADROOM * 50));
		});

		it('ignores answers about a longer window (the per-minute simple API), 429 included', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(20, clock);
			limiter.observe({ limit: 60, remaining: 0, resetAtMs: START_MS + 37_000 }, 429);
			expect(limiter.ratePerSecond).toBe(20);
			expect(limiter.reserve()).toBe(0);
		});

		it('ignores headers it could not read', () => {
			const clock = { nowMs: START_MS };
			const told = limiterAt(20, clock);
			const untold = limiterAt(20, clock);
			const garbage: RateLimitSnapshot = parseRateLimitHeaders(
				{ 'x-ratelimit-limit': 'many', 'x-ratelimit-remaining': 'few', 'x-ratelimit-reset': 'soon' },
				START_MS,
			);
			reserveMany(told, 2);
			reserveMany(untold, 2);
			told.observe(garbage, 200);
			told.observe(garbage, 200);
			expect(told.ratePerSecond).toBe(20);
			expect(reserveMany(told, 5)).toEqual(reserveMany(untold, 5));
		});

		it('holds slots for one window after a 429 that told nothing usable', () => {
			const clock = { nowMs: START_MS };
			const limiter = limiterAt(20, clock);
			limiter.observe(parseRateLimitHeaders({ 'retry-after': 'later' }, START_MS), 429);
			expect(limiter.reserve()).toBe(1000);
		});
	});
});

describe('getSharedRateLimiter', () => {
	it('gives every caller with the same key the same limiter, and other keys their own', () => {
		const first = getSharedRateLimiter('https://api.example|team-shared-1', 20);
		expect(getSharedRateLimiter('https://api.example|team-shared-1', 20)).toBe(first);
		expect(getSharedRateLimiter('https://api.example|team-shared-2', 20)).not.toBe(first);
	});

	it('updates the rate when primed with a different plan, and keeps a limit the service told otherwise', () => {
		const clock = { nowMs: START_MS };
		const limiter = getSharedRateLimiter('https://api.example|team-shared-3', 5, () => clock.nowMs);
		limiter.observe({ limit: 50, remaining: 40, resetAtMs: START_MS + 500 }, 200);
		expect(getSharedRateLimiter('https://api.example|team-shared-3', 5).ratePerSecond).toBe(50);
		expect(getSharedRateLimiter('https://api.example|team-shared-3', 100).ratePerSecond).toBe(100);
	});

	it('paces calls from different executions as one stream', () => {
		const clock = { nowMs: START_MS };
		const fromFirstExecution = getSharedRateLimiter('https://api.example|team-shared-4', 10, () => clock.nowMs);
		const fromSecondExecution = getSharedRateLimiter('https://api.example|team-shared-4', 10);
		const waits = [fromFirstExecution.reserve(), fromSecondExecution.reserve(), fromFirstExecution.reserve()];
		expectEvenlySpaced(waits, 1000 / (PACING_HEADROOM * 10));
	});
});

describe('RateLimiter against a fixed-window service (simulated: 18 s measured per case, fake clock)', () => {
	describe.each(RESET_FORMATS)('reset given as %s', (format) => {
		it.each(PLAN_RATES)('alone, sustains >= 97%% of %i per second without a single 429', (ratePerSecond) => {
			const outcome = simulate({ ratePerSecond, format, clients: [{ startMs: 0 }] });
			expect(outcome.planShare).toBeGreaterThanOrEqual(0.97);
			expect(outcome.planShare).toBeLessThanOrEqual(1);
			expect(outcome.refusedShare).toBe(0);
		});
	});

	describe.each(['epochSeconds', 'seconds'] as const)('sharing the team budget, reset given as %s', (format) => {
		it.each(SHARED_PLAN_RATES)(
			'absorbs another tool spending half of %i per second: >= 96.5%% in total, < 1%% of ours refused',
			(ratePerSecond) => {
				const outcome = simulate({ ratePerSecond, format, clients: [{ startMs: 0 }], unpacedPerSecond: ratePerSecond / 2 });
				expect(outcome.planShare).toBeGreaterThanOrEqual(0.965);
				expect(outcome.refusedShare).toBeLessThan(0.01);
				const allowance = outcome.limiters[0].allowancePerSecond;
				expect(allowance).toBeGreaterThan(ratePerSecond * 0.4);
				expect(allowance).toBeLessThan(ratePerSecond * 0.6);
			},
		);

		it.each(SHARED_PLAN_RATES)(
			'two independent limiters starting together at %i per second: >= 96%% in total, < 1%% refused',
			(ratePerSecond) => {
				const outcome = simulate({ ratePerSecond, format, clients: [{ startMs: 0 }, { startMs: 0 }] });
				expect(outcome.planShare).toBeGreaterThanOrEqual(0.96);
				expect(outcome.refusedShare).toBeLessThan(0.01);
			},
		);
	});

	it.each(SHARED_PLAN_RATES)(
		'a second limiter joining mid-run at %i per second (exact reset): >= 95.5%% in total, < 1%% refused',
		(ratePerSecond) => {
			const outcome = simulate({ ratePerSecond, clients: [{ startMs: 0 }, { startMs: 3000 }] });
			expect(outcome.planShare).toBeGreaterThanOrEqual(0.955);
			expect(outcome.refusedShare).toBeLessThan(0.01);
		},
	);

	it.each(SHARED_PLAN_RATES)(
		'takes the whole plan back within a few windows when the other limiter stops (%i per second)',
		(ratePerSecond) => {
			const outcome = simulate({
				ratePerSecond,
				clients: [{ startMs: 0 }, { startMs: 0, stopMs: 8000 }],
				measureFromMs: 11_000,
			});
			expect(outcome.planShare).toBeGreaterThanOrEqual(0.97);
			expect(outcome.refusedShare).toBe(0);
			expect(outcome.limiters[0].allowancePerSecond).toBeGreaterThan(0.95 * PACING_HEADROOM * ratePerSecond);
		},
	);

	it('keeps the same results on other jitter draws (seeds 2-4, 100 per second, two limiters)', () => {
		for (const seed of [2, 3, 4]) {
			const outcome = simulate({ ratePerSecond: 100, seed, clients: [{ startMs: 0 }, { startMs: 0 }] });
			expect(outcome.pacedRequests).toBeGreaterThan(1500);
			expect(outcome.planShare).toBeGreaterThanOrEqual(0.96);
			expect(outcome.refusedShare).toBeLessThan(0.01);
		}
	});
});
