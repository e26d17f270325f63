/**
 * How `X-RateLimit-Reset` is written: whole seconds until the window ends (`seconds`), the end in Unix seconds
 * (`epochSeconds`) or milliseconds (`epochMs`), as an HTTP date (`httpDate`), milliseconds until the end
 * (`msUntil`), or not at all (`none`).
 */
export type ResetFormat = 'seconds' | 'epochSeconds' | 'epochMs' | 'httpDate' | 'msUntil' | 'none';
export const RESET_FORMATS: readonly ResetFormat[] = [
	'seconds',
	'epochSeconds',
	'epochMs',
	'httpDate',
	'msUntil',
	'none',
];

/**
 * The window the primary API counts a team's requests in: one second with the plan's rate as the limit
 * (`second`, the default), or one minute with 60 times the plan's rate (`minute`), the headers describing
 * that minute.
 */
export type LimitWindow = 'second' | 'minute';
export const LIMIT_WINDOWS: readonly LimitWindow[] = ['second', 'minute'];

export interface WindowState {
	limit: number;
	remaining: number;
	/** Epoch ms at which the current window ends and the count starts again. */
	resetAt: number;
	allowed: boolean;
}

/**
 * Fixed-window request counting on the wall clock (not the settable simulator clock): a window starts at each
 * whole multiple of `windowMs` (moved by `offsetMs`), or with `firstRequest` at the first request after the
 * previous window ended. Refused requests do not count, unless `countRefused` (limitShapes.ts).
 */
export class FixedWindowLimiter {
	private readonly windows = new Map<string, { start: number; count: number }>();

	constructor(
		private readonly windowMs: number,
		private readonly now: () => number = Date.now,
		private readonly options: {
			offsetMs?: number;
			firstRequest?: boolean;
			countRefused?: boolean;
		} = {},
	) {}

	/** The key's window now; a look (`keep` false) starts no first-request window. */
	private current(key: string, keep = true): { start: number; count: number } {
		const now = this.now();
		const offset = this.options.offsetMs ?? 0;
		let window = this.windows.get(key);
		if (this.options.firstRequest) {
			if (window && now < window.start + this.windowMs) return window;
			window = { start: now, count: 0 };
			if (keep) this.windows.set(key, window);
			return window;
		}
		const start = Math.floor((now - offset) / this.windowMs) * this.windowMs + offset;
		if (!window || window.start !== start) {
			window = { start, count: 0 };
			this.windows.set(key, window);
		}
		return window;
	}

	/** Counts one request if the window has room. */
	take(key: string, limit: number): WindowState {
		const window = this.current(key);
		const allowed = window.count < limit;
		if (allowed || this.options.countRefused) window.count += 1;
		return {
			limit,
			remaining: Math.max(0, limit - window.count),
			resetAt: window.start + this.windowMs,
			allowed,
		};
	}

	/** The window as it stands, counting nothing; `allowed` tells whether one more request would fit. */
	peek(key: string, limit: number): WindowState {
		const window = this.current(key, false);
		return {
			limit,
			remaining: Math.max(0, limit - window.count),
			resetAt: window.start + this.windowMs,
			allowed: window.count < limit,
		};
	}
}

/** Absolute forms are points on the service's clock, `serviceOffsetMs` ahead of the wall clock (behind when negative). */
function resetValue(
	resetAt: number,
	format: Exclude<ResetFormat, 'none'>,
	now: number,
	serviceOffsetMs = 0,
): string {
	switch (format) {
		case 'seconds':
			return String(Math.max(0, Math.ceil((resetAt - now) / 1000)));
		case 'epochSeconds':
			return String(Math.ceil((resetAt + serviceOffsetMs) / 1000));
		case 'epochMs':
			return String(resetAt + serviceOffsetMs);
		case 'httpDate':
			return new Date(resetAt + serviceOffsetMs).toUTCString();
		case 'msUntil':
			// whole milliseconds, as a service writes them (a sliding log's times may be fractional on a fake clock)
			return String(Math.max(0, Math.round(resetAt - now)));
	}
}

/**
 * X-RateLimit-* headers (Reset left out with format `none`); on a refusal with `retryAfter`, Retry-After in whole
 * seconds too. Answer modes (answerModes.ts): `retryAfterSeconds` fixes Retry-After on every refusal,
 * `resetDelayMs` moves the told reset further; `serviceOffsetMs` is the service clock's lead for absolute forms;
 * `onRefusalOnly` leaves them all out of answers that are no refusal.
 */
export function rateLimitHeaders(
	state: WindowState,
	options: {
		format: ResetFormat;
		retryAfter: boolean;
		refused: boolean;
		retryAfterSeconds?: number;
		onRefusalOnly?: boolean;
		resetDelayMs?: number;
		serviceOffsetMs?: number;
	},
	now = Date.now(),
): Record<string, string> {
	if (options.onRefusalOnly && !options.refused) return {};
	const headers: Record<string, string> = {
		'X-RateLimit-Limit': String(state.limit),
		'X-RateLimit-Remaining': String(state.remaining),
	};
	const resetAt = state.resetAt + (options.resetDelayMs ?? 0);
	if (options.format !== 'none')
		headers['X-RateLimit-Reset'] = resetValue(
			resetAt,
			options.format,
			now,
			options.serviceOffsetMs,
		);
	if (options.refused && options.retryAfterSeconds !== undefined)
		headers['Retry-After'] = String(options.retryAfterSeconds);
	else if (options.refused && options.retryAfter)
		headers['Retry-After'] = String(Math.max(1, Math.ceil((resetAt - now) / 1000)));
	return headers;
}
