/**
 * Limiters against a fixed-window service on a fake clock: seconds of traffic in milliseconds, the same jitter
 * for the same seed. The service is the simulator's window counting and header writing; each process has its
 * own `RateLimiter` and sends as the transport does (take a slot, send, learn the answer, retry a 429 after the
 * told wait within the retry policy's bounds). Executions have the executor's concurrency; a foreign client
 * spends evenly and reads no answer. Network: arrival 0-5 ms after the send, the answer 25-40 ms later, timers
 * up to 1 ms late; `busy`: answers 25-60 ms, timers up to 5 ms late (a busy queue-mode worker).
 */
import { EventQueue } from './eventQueue';
import { waitHintMs } from '../../../../nodes/shared/rateLimit/headers';
import { RateLimiter, type SlotTurn } from '../../../../nodes/shared/rateLimit/limiter';
import { decideRetry } from '../../../../nodes/shared/retryPolicy';
import { requestCounter, type LimitShape } from '../../../../simulator/limitShapes';
import {
	rateLimitHeaders,
	type LimitWindow,
	type ResetFormat,
} from '../../../../simulator/rateLimit';

/** 2027-01-15T08:00:00.377Z: not on a window boundary. */
export const RUN_START_MS = Date.UTC(2027, 0, 15, 8, 0, 0, 377);

export interface FixedWindowRun {
	ratePerSecond: number;
	resetFormat?: ResetFormat;
	limitWindow?: LimitWindow;
	/** How the service counts (default fixed windows on whole seconds), and whether its 429s say Retry-After. */
	shape?: LimitShape;
	retryAfter?: boolean;
	/** The limiters' window (default one second); the simple interface's limiters count a minute. */
	limiterWindowMs?: number;
	/** Each execution runs on a process (its limiter), from `startMs`, for `requests` or until `stopMs`. */
	executions: Array<{ process: number; startMs?: number; requests?: number; stopMs?: number }>;
	foreignPerSecond?: number;
	/** The foreign client starts here, ms after the start (default 0). */
	foreignFromMs?: number;
	/** The foreign client stops here, ms after the start (default: the end of the run). */
	foreignUntilMs?: number;
	durationMs?: number;
	/** Figures count from here, ms after the start. */
	measureFromMs?: number;
	startAtMs?: number;
	seed?: number;
	busy?: boolean;
	/** The service's clock leads ours by this (absolute resets and Date on it); with a Date header. */
	serviceOffsetMs?: number;
	/** The Date header runs this far behind the clock of the resets (a front server); undefined: no Date. */
	dateLagMs?: number;
	/** Called after each answer is learnt, with the process and the limiter. */
	onAnswer?: (process: number, limiter: RateLimiter, nowMs: number) => void;
}

export interface RunOutcome {
	/** Everything accepted over the measured span, as a share of the limit over that span. */
	planShare: number;
	/** Our accepted requests alone, as a share of the limit over the measured span. */
	ownShare: number;
	/** Our accepted requests as a share of what the foreign client left. */
	shareOfWhatWasLeft: number;
	/** Shares of our answers and of the foreign client's requests that were 429. */
	refusedShare: number;
	refused: number;
	foreignRefusedShare: number;
	completed: number;
	failed: number;
	/** Requests the service counted per calendar second from the start: ours accepted, and all arrivals. */
	seconds: Array<{ ours: number; arrived: number }>;
	lastAnswerMsByProcess: number[];
	limiters: RateLimiter[];
}

/** mulberry32, a small seeded generator. */
function seeded(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export function runFixedWindow(run: FixedWindowRun): RunOutcome {
	const startMs = run.startAtMs ?? RUN_START_MS;
	const endMs = startMs + (run.durationMs ?? 20_000);
	const measureFromMs = startMs + (run.measureFromMs ?? 0);
	const random = seeded(run.seed ?? 1);
	const minute = run.limitWindow === 'minute';
	const limit = minute ? run.ratePerSecond * 60 : run.ratePerSecond;
	const events = new EventQueue();
	let nowMs = startMs;
	let seq = 0;
	const at = (atMs: number, act: () => void) =>
		events.push({ atMs: Math.max(atMs, nowMs), seq: seq++, act });
	const lag = () => random() * (run.busy ? 5 : 1);
	const latency = () => 25 + random() * (run.busy ? 35 : 15);
	const service = requestCounter(
		run.shape ?? { kind: 'fixed' },
		minute ? 60_000 : 1000,
		() => nowMs,
	);
	const limiters = Array.from(
		{ length: Math.max(...run.executions.map((execution) => execution.process)) + 1 },
		() =>
			new RateLimiter({
				ratePerSecond: run.ratePerSecond,
				now: () => nowMs,
				windowMs: run.limiterWindowMs,
			}),
	);
	const tally = {
		ours: 0,
		oursRefused: 0,
		answers: 0,
		foreign: 0,
		foreignRefused: 0,
		completed: 0,
	};
	let failed = 0;
	let firstSendMs: number | undefined;
	let lastAnswerMs = startMs;
	const seconds: RunOutcome['seconds'] = [];
	const lastAnswerMsByProcess = limiters.map(() => 0);

	/** The service when a request arrives: counts or refuses it, and writes the headers. */
	const arrive = (ours: boolean) => {
		const state = service.take('team', limit);
		const second = (seconds[Math.floor(nowMs / 1000) - Math.floor(startMs / 1000)] ??= {
			ours: 0,
			arrived: 0,
		});
		second.arrived++;
		if (ours && state.allowed) second.ours++;
		const measured = nowMs >= measureFromMs;
		if (measured && ours && state.allowed) tally.ours++;
		if (measured && !ours) tally[state.allowed ? 'foreign' : 'foreignRefused']++;
		const headers = rateLimitHeaders(
			state,
			{
				format: run.resetFormat ?? 'epochSeconds',
				retryAfter: run.retryAfter ?? false,
				refused: !state.allowed,
			},
			Math.floor(nowMs),
		);
		if (run.serviceOffsetMs !== undefined || run.dateLagMs !== undefined) {
			const lead = run.serviceOffsetMs ?? 0;
			if (
				headers['X-RateLimit-Reset'] !== undefined &&
				(run.resetFormat ?? 'epochSeconds') !== 'seconds' &&
				run.resetFormat !== 'msUntil'
			) {
				const told = rateLimitHeaders(
					state,
					{
						format: run.resetFormat ?? 'epochSeconds',
						retryAfter: run.retryAfter ?? false,
						refused: !state.allowed,
						serviceOffsetMs: lead,
					},
					Math.floor(nowMs),
				);
				headers['X-RateLimit-Reset'] = told['X-RateLimit-Reset'];
			}
			if (run.dateLagMs !== undefined)
				headers.Date = new Date(Math.floor(nowMs + lead - run.dateLagMs)).toUTCString();
		}
		return { status: state.allowed ? 200 : 429, headers, measured };
	};

	for (const execution of run.executions) {
		const limiter = limiters[execution.process];
		const stopAtMs = execution.stopMs === undefined ? endMs : startMs + execution.stopMs;
		let toStart = execution.requests ?? Number.POSITIVE_INFINITY;
		const send = (attempt: number, waitedMs: number, done: () => void) => {
			const ask = (turn: SlotTurn) =>
				at(nowMs + turn.waitMs + lag(), () => {
					if (!turn.granted) return ask(limiter.take(turn));
					firstSendMs ??= nowMs;
					const sentAtMs = nowMs;
					at(nowMs + random() * 5, () => {
						const answer = arrive(true);
						at(nowMs + latency(), () => {
							lastAnswerMs = nowMs;
							lastAnswerMsByProcess[execution.process] = nowMs - startMs;
							const snapshot = limiter.learn(answer.headers, answer.status, sentAtMs);
							run.onAnswer?.(execution.process, limiter, nowMs);
							if (answer.measured) tally.answers++;
							if (answer.status !== 429) return (tally.completed++, done());
							if (answer.measured) tally.oursRefused++;
							const retryAfterMs = waitHintMs(snapshot, nowMs);
							const decision = decideRetry({
								...{ attempt, method: 'POST', kind: 'rateLimited', status: 429 },
								...{ retryAfterMs, waitedSoFarMs: waitedMs, random },
							});
							if (!decision.retry) return (failed++, done());
							at(nowMs + decision.delayMs + lag(), () =>
								send(attempt + 1, waitedMs + decision.delayMs, done),
							);
						});
					});
				});
			ask(limiter.take());
		};
		const worker = () => {
			if (toStart <= 0 || nowMs >= stopAtMs) return;
			toStart--;
			send(1, 0, worker);
		};
		const concurrency = Math.min(100, Math.ceil(run.ratePerSecond / 2));
		for (let index = 0; index < concurrency; index++)
			at(startMs + (execution.startMs ?? 0), worker);
	}
	if (run.foreignPerSecond) {
		const interval = 1000 / run.foreignPerSecond;
		const untilMs = run.foreignUntilMs === undefined ? endMs : startMs + run.foreignUntilMs;
		const fromMs = startMs + (run.foreignFromMs ?? 0);
		for (let atMs = fromMs + random() * interval; atMs < untilMs; atMs += interval)
			at(atMs + random() * 5, () => arrive(false));
	}

	const finite = run.executions.every((execution) => execution.requests !== undefined);
	const total = run.executions.reduce((sum, execution) => sum + (execution.requests ?? 0), 0);
	const done = () => finite && tally.completed + failed >= total;
	for (let count = 0; count < 2_000_000 && events.size > 0 && !done(); count++) {
		const event = events.pop()!;
		if (event.atMs > endMs) break;
		nowMs = event.atMs;
		event.act();
	}

	const spanMs = Math.max(
		1,
		(done() ? lastAnswerMs : endMs) - Math.max(measureFromMs, firstSendMs ?? 0),
	);
	const capacity = (limit * spanMs) / (minute ? 60_000 : 1000);
	return {
		planShare: (tally.ours + tally.foreign) / capacity,
		ownShare: tally.ours / capacity,
		shareOfWhatWasLeft: tally.ours / Math.max(1, capacity - tally.foreign),
		refusedShare: tally.oursRefused / Math.max(1, tally.answers),
		refused: tally.oursRefused,
		foreignRefusedShare: tally.foreignRefused / Math.max(1, tally.foreign + tally.foreignRefused),
		completed: tally.completed,
		failed,
		seconds,
		lastAnswerMsByProcess,
		limiters,
	};
}

/**
 * The queue-mode benchmark's shape on the fake clock: 4 executions spread over `workers` processes, 150 ms apart,
 * each sending `requests`, exact epoch-ms resets, a busy event loop; `more` changes any other field.
 */
export function runQueueShape(
	workers: number,
	ratePerSecond: number,
	seed: number,
	requests: number,
	more: Partial<FixedWindowRun> = {},
): RunOutcome {
	return runFixedWindow({
		ratePerSecond,
		resetFormat: 'epochMs',
		seed,
		busy: true,
		executions: [0, 1, 2, 3].map((index) => ({
			process: index % workers,
			startMs: index * 150,
			requests,
		})),
		durationMs: 600_000,
		...more,
	});
}
