import { FixedWindowLimiter, type WindowState } from './rateLimit';

/**
 * How a team's requests are counted: the contract says only "per team per second" and a 429 with
 * `X-RateLimit-*`, so a real service may count in any of these shapes (all over windows of `windowMs`):
 * - `fixed` (default): windows starting on whole multiples of the window on the wall clock;
 * - `offsetWindows`: fixed windows starting `offsetMs` past them (a service whose seconds are not the clock's);
 * - `firstRequestWindows`: a window starts at the first request after the previous one ended (a counter that
 *   expires a window after it was created), so the windows' phase moves after every pause;
 * - `sliding`: the requests of the last window (a sliding log); `remaining` is what that window still takes,
 *   the reset the moment the oldest request in it leaves it;
 * - `tokenBucket`: bursts up to the limit, refilled continuously at the limit per window; `remaining` is the
 *   whole tokens left, the reset the moment the bucket is full again.
 * With `countRefused`, a refused request counts against the budget as well (sliding: it joins the log; token
 * bucket: it takes a token it does not have, down to minus the limit); fixed windows count refusals in their
 * window, which changes nothing but `remaining`.
 */
export type LimitShapeKind =
	'fixed' | 'offsetWindows' | 'firstRequestWindows' | 'sliding' | 'tokenBucket';
export const LIMIT_SHAPE_KINDS: readonly LimitShapeKind[] = [
	'fixed',
	'offsetWindows',
	'firstRequestWindows',
	'sliding',
	'tokenBucket',
];

export interface LimitShape {
	kind: LimitShapeKind;
	/** `offsetWindows`: how far past the wall clock's whole windows each window starts (default 370 ms). */
	offsetMs?: number;
	countRefused?: boolean;
}

/** What the handlers count requests with: one request in (`take`), or a look at the budget (`peek`). */
export interface RequestCounter {
	take(key: string, limit: number): WindowState;
	peek(key: string, limit: number): WindowState;
}

export function requestCounter(
	shape: LimitShape,
	windowMs: number,
	now: () => number = Date.now,
): RequestCounter {
	const countRefused = shape.countRefused === true;
	switch (shape.kind) {
		case 'fixed':
			return new FixedWindowLimiter(windowMs, now, { countRefused });
		case 'offsetWindows':
			return new FixedWindowLimiter(windowMs, now, {
				offsetMs: shape.offsetMs ?? 370,
				countRefused,
			});
		case 'firstRequestWindows':
			return new FixedWindowLimiter(windowMs, now, { firstRequest: true, countRefused });
		case 'sliding':
			return new SlidingLog(windowMs, now, countRefused);
		case 'tokenBucket':
			return new TokenBucket(windowMs, now, countRefused);
	}
}

/** The requests of the last window, each key's arrival times kept while they are in it. */
class SlidingLog implements RequestCounter {
	private readonly logs = new Map<string, number[]>();

	constructor(
		private readonly windowMs: number,
		private readonly now: () => number,
		private readonly countRefused: boolean,
	) {}

	private log(key: string, nowMs: number): number[] {
		const kept = (this.logs.get(key) ?? []).filter((atMs) => atMs > nowMs - this.windowMs);
		this.logs.set(key, kept);
		return kept;
	}

	private state(log: number[], limit: number, nowMs: number, allowed: boolean): WindowState {
		return {
			limit,
			remaining: Math.max(0, limit - log.length),
			resetAt: (log[0] ?? nowMs) + this.windowMs,
			allowed,
		};
	}

	take(key: string, limit: number): WindowState {
		const nowMs = this.now();
		const log = this.log(key, nowMs);
		const allowed = log.length < limit;
		if (allowed || this.countRefused) log.push(nowMs);
		return this.state(log, limit, nowMs, allowed);
	}

	peek(key: string, limit: number): WindowState {
		const nowMs = this.now();
		const log = this.log(key, nowMs);
		return this.state(log, limit, nowMs, log.length < limit);
	}
}

/** A bucket of `limit` tokens per key, refilled at `limit` per window; a request takes one. */
class TokenBucket implements RequestCounter {
	private readonly buckets = new Map<string, { tokens: number; atMs: number }>();

	constructor(
		private readonly windowMs: number,
		private readonly now: () => number,
		private readonly countRefused: boolean,
	) {}

	private bucket(key: string, limit: number, nowMs: number): { tokens: number; atMs: number } {
		const bucket = this.buckets.get(key) ?? { tokens: limit, atMs: nowMs };
		const refilled = Math.min(
			limit,
			bucket.tokens + ((nowMs - bucket.atMs) * limit) / this.windowMs,
		);
		const next = { tokens: refilled, atMs: nowMs };
		this.buckets.set(key, next);
		return next;
	}

	private state(tokens: number, limit: number, nowMs: number, allowed: boolean): WindowState {
		return {
			limit,
			remaining: Math.max(0, Math.floor(tokens)),
			resetAt: nowMs + Math.ceil(((limit - tokens) * this.windowMs) / limit),
			allowed,
		};
	}

	take(key: string, limit: number): WindowState {
		const nowMs = this.now();
		const bucket = this.bucket(key, limit, nowMs);
		const allowed = bucket.tokens >= 1;
		if (allowed || this.countRefused) bucket.tokens = Math.max(-limit, bucket.tokens - 1);
		return this.state(bucket.tokens, limit, nowMs, allowed);
	}

	peek(key: string, limit: number): WindowState {
		const nowMs = this.now();
		const bucket = this.bucket(key, limit, nowMs);
		return this.state(bucket.tokens, limit, nowMs, bucket.tokens >= 1);
	}
}
