/**
 * The node's rate limiter against a fixed-window service, on a fake clock: seconds of traffic run in
 * milliseconds, and every run with the same seed sees the same jitter. The service is the simulator's own
 * window counting and header writing (simulator/rateLimit.ts); each client process runs the real
 * `RateLimiter` and the transport's loop (reserve a slot, send, let the limiter read the answer, retry a 429
 * after the told wait within the retry policy's bounds). What is modelled:
 *
 * - processes (n8n workers), each with one limiter shared by its executions, like the per-process limiter map;
 * - executions, each with the executor's concurrency (ceil(rate / 2) items in flight) and a number of
 *   requests to complete, or a stop time;
 * - the network: arrival 0..`arrivalJitterMs` after sending, the answer `latencyMs.min..max` after arrival,
 *   and timers up to `timerLagMs` late (a busy worker's event loop);
 * - a foreign client spending `foreignPerSecond` evenly, which reads no answer and never retries.
 */
import { decideRetry } from '../../nodes/shared/retryPolicy';
import { waitHintMs } from '../../nodes/shared/rateLimit/headers';
import { RateLimiter, type SlotTurn } from '../../nodes/shared/rateLimit/limiter';
import {
	FixedWindowLimiter,
	rateLimitHeaders,
	type LimitWindow,
	type ResetFormat,
} from '../../simulator/rateLimit';

/** 2027-01-15T08:00:00.377Z: a clock that is not on a window boundary. */
export const SIMULATION_START_MS = Date.UTC(2027, 0, 15, 8, 0, 0, 377);

export interface SimulatedExecution {
	/** Which process (worker) runs it; executions of one process share its limiter. */
	process: number;
	startMs: number;
	/** Requests to complete; without it the execution sends until `stopMs` (or the end of the run). */
	requests?: number;
	stopMs?: number;
}

export interface SimulationScenario {
	ratePerSecond: number;
	resetFormat?: ResetFormat;
	limitWindow?: LimitWindow;
	retryAfter?: boolean;
	executions: SimulatedExecution[];
	/** Another tool of the team, spending this many requests per second evenly and ignoring every answer. */
	foreignPerSecond?: number;
	/** When the foreign client starts and stops (default: the whole run). */
	foreignFromMs?: number;
	foreignUntilMs?: number;
	/** The run ends here at the latest (default 20 s, or when every finite execution is done). */
	durationMs?: number;
	/** Figures count from here (default 0, i.e. from the first request). */
	measureFromMs?: number;
	latencyMs?: { min: number; max: number };
	arrivalJitterMs?: number;
	timerLagMs?: number;
	/** The credential's plan rate, when it differs from the service's (default: the same). */
	credentialRatePerSecond?: number;
	seed?: number;
	/** Called for every answer (for looking at a run). */
	trace?: (event: {
		atMs: number;
		process: number | 'foreign';
		status: number;
		remaining: string | undefined;
		allowance?: number;
		others?: number;
	}) => void;
}

export interface SimulationOutcome {
	/** Accepted requests (ours and the foreign client's) per window over the measured span, as a share of the limit. */
	planShare: number;
	/** Our accepted requests as a share of what the foreign client left over the measured span. */
	shareOfWhatWasLeft: number;
	/** Share of our answers in the measured span that were 429. */
	refusedShare: number;
	pacedAnswers: number;
	pacedRefused: number;
	/** Requests that gave up (the retry policy's bounds), i.e. failed items. */
	failed: number;
	completed: number;
	foreignAccepted: number;
	foreignRefused: number;
	/** Most requests the service accepted in one window, and the largest number that arrived in one (429s included). */
	busiestWindow: number;
	busiestArrivals: number;
	/** The measured span: from measureFromMs (or the first request) to the last answer (or the end). */
	spanMs: number;
	/** Time from the start until every finite execution completed (undefined when some never did). */
	makespanMs?: number;
	limiters: RateLimiter[];
	/** When each process got its last answer, ms from the start. */
	lastAnswerMsByProcess: number[];
	/** Accepted requests per window index from the start (ours, foreign), for looking at a run. */
	windows: Array<{ ours: number; foreign: number; refused: number }>;
}

/** mulberry32: a small seeded PRNG. */
export function seededRandom(seed: number): () => number {
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
	private readonly events: Array<{ atMs: number; seq: number; run: () => void }> = [];
	private seq = 0;

	constructor(startMs: number) {
		this.nowMs = startMs;
	}

	schedule(atMs: number, run: () => void): void {
		const event = { atMs: Math.max(atMs, this.nowMs), seq: this.seq++, run };
		let index = this.events.length;
		while (index > 0 && this.events[index - 1].atMs > event.atMs) index--;
		this.events.splice(index, 0, event);
	}

	/** Runs the events up to `endMs` or until `done()`; the event cap guarantees that the loop ends. */
	runUntil(endMs: number, done: () => boolean, maxEvents = 2_000_000): void {
		for (
			let count = 0;
			count < maxEvents && this.events.length > 0 && this.events[0].atMs <= endMs && !done();
			count++
		) {
			const event = this.events.shift()!;
			this.nowMs = event.atMs;
			event.run();
		}
	}
}

const TEAM = 'team';

export function simulateLimiters(scenario: SimulationScenario): SimulationOutcome {
	const rate = scenario.ratePerSecond;
	const minute = scenario.limitWindow === 'minute';
	const windowMs = minute ? 60_000 : 1000;
	const limit = minute ? rate * 60 : rate;
	const format = scenario.resetFormat ?? 'epochSeconds';
	const durationMs = scenario.durationMs ?? 20_000;
	const measureFromMs = SIMULATION_START_MS + (scenario.measureFromMs ?? 0);
	const latency = scenario.latencyMs ?? { min: 25, max: 40 };
	const arrivalJitterMs = scenario.arrivalJitterMs ?? 5;
	const timerLagMs = scenario.timerLagMs ?? 1;
	const random = seededRandom(scenario.seed ?? 1);
	const clock = new FakeClock(SIMULATION_START_MS);
	const endMs = SIMULATION_START_MS + durationMs;
	const service = new FixedWindowLimiter(windowMs, () => clock.nowMs);
	const concurrency = Math.min(
		100,
		Math.max(1, Math.ceil((scenario.credentialRatePerSecond ?? rate) / 2)),
	);

	const windows: SimulationOutcome['windows'] = [];
	const windowAt = (atMs: number) => {
		const index = Math.floor(atMs / 1000) - Math.floor(SIMULATION_START_MS / 1000);
		windows[index] ??= { ours: 0, foreign: 0, refused: 0 };
		return windows[index];
	};
	const arrivals = new Map<number, number>();
	const tally = {
		pacedAnswers: 0,
		pacedRefused: 0,
		failed: 0,
		completed: 0,
		foreignAccepted: 0,
		foreignRefused: 0,
		ourAccepted: 0,
	};
	let firstRequestMs: number | undefined;
	let lastAnswerMs = SIMULATION_START_MS;

	/** The service at the moment a request arrives: counts it (or refuses it) and writes the headers. */
	const arrive = (paced: boolean) => {
		const atMs = clock.nowMs;
		const state = service.take(TEAM, limit);
		const second = Math.floor(atMs / 1000);
		arrivals.set(second, (arrivals.get(second) ?? 0) + 1);
		const measured = atMs >= measureFromMs;
		const window = windowAt(atMs);
		if (!state.allowed) window.refused++;
		else if (paced) window.ours++;
		else window.foreign++;
		if (measured) {
			if (paced && state.allowed) tally.ourAccepted++;
			if (!paced) tally[state.allowed ? 'foreignAccepted' : 'foreignRefused']++;
		}
		if (!paced)
			scenario.trace?.({
				atMs,
				process: 'foreign',
				status: state.allowed ? 200 : 429,
				remaining: String(state.remaining),
			});
		return {
			status: state.allowed ? 200 : 429,
			// a service's clock has whole milliseconds
			headers: rateLimitHeaders(
				state,
				{ format, retryAfter: scenario.retryAfter ?? false, refused: !state.allowed },
				Math.floor(atMs),
			),
			measured,
		};
	};

	const processCount = Math.max(...scenario.executions.map((execution) => execution.process)) + 1;
	const limiters = Array.from(
		{ length: processCount },
		() =>
			new RateLimiter({
				ratePerSecond: scenario.credentialRatePerSecond ?? rate,
				now: () => clock.nowMs,
			}),
	);
	const finite = scenario.executions.filter((execution) => execution.requests !== undefined);
	const lastAnswerMsByProcess = limiters.map(() => 0);
	let executionsDone = 0;
	let makespanMs: number | undefined;

	for (const execution of scenario.executions) {
		const limiter = limiters[execution.process];
		const stopAtMs = SIMULATION_START_MS + (execution.stopMs ?? durationMs);
		let toStart = execution.requests ?? Number.POSITIVE_INFINITY;
		let inFlight = 0;
		const finish = () => {
			if (execution.requests === undefined || toStart > 0 || inFlight > 0) return;
			executionsDone++;
			if (executionsDone === finite.length) makespanMs = clock.nowMs - SIMULATION_START_MS;
		};

		/** One item: the transport's loop, until accepted or given up. */
		const runItem = (done: () => void) => {
			let attempt = 0;
			let waitedMs = 0;
			const tryOnce = () => {
				attempt++;
				waitForSlot(limiter.take());
			};
			/** The transport: wait in line until the limiter grants a slot, then wait for the slot and send. */
			const waitForSlot = (turn: SlotTurn) => {
				if (!turn.granted) {
					clock.schedule(clock.nowMs + turn.waitMs + random() * timerLagMs, () =>
						waitForSlot(limiter.take(turn)),
					);
					return;
				}
				clock.schedule(clock.nowMs + turn.waitMs + random() * timerLagMs, () => {
					firstRequestMs ??= clock.nowMs;
					clock.schedule(clock.nowMs + random() * arrivalJitterMs, () => {
						const answer = arrive(true);
						clock.schedule(
							clock.nowMs + latency.min + random() * (latency.max - latency.min),
							() => {
								lastAnswerMs = clock.nowMs;
								lastAnswerMsByProcess[execution.process] = clock.nowMs - SIMULATION_START_MS;
								const snapshot = limiter.learn(answer.headers, answer.status);
								scenario.trace?.({
									atMs: clock.nowMs,
									process: execution.process,
									status: answer.status,
									remaining: answer.headers['X-RateLimit-Remaining'],
									allowance: limiter.allowancePerSecond,
									others: limiter.othersPerWindowEstimate,
								});
								if (answer.measured) {
									tally.pacedAnswers++;
									if (answer.status === 429) tally.pacedRefused++;
								}
								if (answer.status !== 429) {
									tally.completed++;
									return done();
								}
								const decision = decideRetry({
									attempt,
									method: 'POST',
									kind: 'rateLimited',
									status: 429,
									retryAfterMs: waitHintMs(snapshot, clock.nowMs),
									waitedSoFarMs: waitedMs,
									random,
								});
								if (!decision.retry) {
									tally.failed++;
									return done();
								}
								waitedMs += decision.delayMs;
								clock.schedule(clock.nowMs + decision.delayMs + random() * timerLagMs, tryOnce);
							},
						);
					});
				});
			};
			tryOnce();
		};

		const worker = () => {
			if (toStart <= 0 || clock.nowMs >= stopAtMs) return finish();
			toStart--;
			inFlight++;
			runItem(() => {
				inFlight--;
				worker();
			});
		};
		for (let index = 0; index < concurrency; index++)
			clock.schedule(SIMULATION_START_MS + execution.startMs, worker);
	}

	if (scenario.foreignPerSecond) {
		const interval = 1000 / scenario.foreignPerSecond;
		const from = SIMULATION_START_MS + (scenario.foreignFromMs ?? 0);
		const until = SIMULATION_START_MS + (scenario.foreignUntilMs ?? durationMs);
		for (let atMs = from + random() * interval; atMs < until; atMs += interval) {
			clock.schedule(atMs + random() * arrivalJitterMs, () => arrive(false));
		}
	}

	const allFinite = finite.length === scenario.executions.length;
	clock.runUntil(endMs, () => allFinite && makespanMs !== undefined);

	const spanStart = Math.max(measureFromMs, firstRequestMs ?? measureFromMs);
	const spanEnd = allFinite && makespanMs !== undefined ? lastAnswerMs : endMs;
	const spanMs = Math.max(1, spanEnd - spanStart);
	const capacity = (limit * spanMs) / windowMs;
	const accepted = tally.ourAccepted + tally.foreignAccepted;
	const windowCounts = windows.filter(Boolean);
	return {
		planShare: accepted / capacity,
		shareOfWhatWasLeft: tally.ourAccepted / Math.max(1, capacity - tally.foreignAccepted),
		refusedShare: tally.pacedRefused / Math.max(1, tally.pacedAnswers),
		pacedAnswers: tally.pacedAnswers,
		pacedRefused: tally.pacedRefused,
		failed: tally.failed,
		completed: tally.completed,
		foreignAccepted: tally.foreignAccepted,
		foreignRefused: tally.foreignRefused,
		busiestWindow: Math.max(0, ...windowCounts.map((window) => window.ours + window.foreign)),
		busiestArrivals: Math.max(0, ...arrivals.values()),
		spanMs,
		makespanMs,
		limiters,
		lastAnswerMsByProcess,
		windows,
	};
}
