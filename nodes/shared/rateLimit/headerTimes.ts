/**
 * The times of the rate-limit headers: `X-RateLimit-Reset` (a delay in seconds or milliseconds, epoch seconds,
 * epoch ms or an HTTP date) and `Retry-After` (delay-seconds, an HTTP date, or an epoch number), each read in the
 * unit its size shows. Times come out in epoch ms of our clock; absolute times are on the service's clock and
 * moved by `serviceOffsetMs` (serviceClock.ts). Pure.
 */

import { firstHeaderValue, parseHttpDate } from '../serviceClock';

/** Without a scale: QRTRAC's one-second windows. */
const ONE_SECOND_WINDOW_MS = 1000;

/**
 * Thresholds that tell the numeric forms of `X-RateLimit-Reset` apart (with now ~ 1.8e12 ms):
 * - value >= nowMs / 10 (~1.8e11): epoch milliseconds. As epoch seconds it would lie ~5,700 years ahead.
 * - value >= nowMs / 10,000 (~1.8e8): epoch seconds. As a delay it would be over 5 years: no rate window
 *   is that long, while epoch seconds this small would be before 1976.
 * - otherwise: a delay until the reset, in seconds or milliseconds (see readDelay).
 */
const EPOCH_MS_DIVISOR = 10;
const EPOCH_SECONDS_DIVISOR = 10_000;
/** - value >= nowMs * 100 (~1.8e14): a finer unit than ms (as ms, over 5,000 years ahead): µs, or ns. */
const EPOCH_FINER_FACTOR = 100;

const NUMBER_PATTERN = /^\d+(?:\.\d+)?$/;

/** A header's text as read: its first value when repeated (serviceClock.ts owns that rule). */
const firstListed = (value: string): string => firstHeaderValue(value) ?? '';

/**
 * An answer describes our window when its limit is within this multiple of the plan's and its reset this many
 * windows away.
 */
export const SAME_WINDOW_FACTOR = 1.5;

/**
 * `X-RateLimit-Reset` -> absolute epoch ms, from a delay until the reset (seconds or milliseconds, see
 * readDelay), epoch seconds, epoch milliseconds (told apart by the thresholds above) or an HTTP date;
 * undefined when unparseable. `windowMs` is the length of the window the answer describes; absolute forms are
 * moved onto our clock by `serviceOffsetMs`.
 */
export function parseResetHeader(
	value: string,
	nowMs: number,
	windowMs = ONE_SECOND_WINDOW_MS,
	serviceOffsetMs = 0,
): number | undefined {
	const text = firstListed(value);
	if (NUMBER_PATTERN.test(text) && Number(text) < nowMs / EPOCH_SECONDS_DIVISOR)
		return Math.round(nowMs + readDelay(Number(text), windowMs));
	const absoluteMs = absoluteResetOf(text, nowMs);
	return absoluteMs === undefined ? undefined : Math.round(absoluteMs - serviceOffsetMs);
}

/**
 * Whether `X-RateLimit-Reset` tells a whole second of the service's clock: epoch seconds, an HTTP date, or epoch
 * ms ending in 000. Only such a reset can be a window end rounded up to whole seconds (resetTrust.ts).
 */
export function isWholeSecondReset(value: string, nowMs: number): boolean {
	const text = firstListed(value);
	if (isDelay(text, nowMs)) return false;
	const absoluteMs = absoluteResetOf(text, nowMs);
	return absoluteMs !== undefined && absoluteMs % 1000 === 0;
}

/** An absolute reset (a number too large for a delay, or an HTTP date) as epoch ms of the service's clock. */
function absoluteResetOf(text: string, nowMs: number): number | undefined {
	return NUMBER_PATTERN.test(text) ? epochMsOf(Number(text), nowMs) : parseHttpDate(text);
}

/**
 * A number too large for a delay (see the thresholds above) as epoch ms: epoch seconds, or epoch ms, or a finer
 * unit (micro- or nanoseconds, as event times may be written) while as ms it would lie millennia ahead.
 */
function epochMsOf(number: number, nowMs: number): number {
	if (number < nowMs / EPOCH_MS_DIVISOR) return number * 1000;
	let ms = number;
	while (ms >= nowMs * EPOCH_FINER_FACTOR) ms /= 1000;
	return ms;
}

/**
 * A told time further past than this (the rounding of whole seconds, and the answer's way back) is a broken
 * header or clock: read as "no wait", a 429 would spend every retry at once.
 */
export const MAX_PAST_MS = 1000;

/**
 * Whether a told time (epoch ms, our clock) can be a wait's end. However far ahead, it is one: a quota told used up
 * for days fails the item at once, where reading it as none sent again into the refusal it told of. Only a number
 * too large for a delay is no delay, and that one is read as the epoch time it is (above).
 */
export function believableTime(atMs: number, nowMs: number): boolean {
	return nowMs - atMs <= MAX_PAST_MS;
}

/** A bare number below the epoch-seconds threshold: a delay. */
export function isDelay(value: string, nowMs: number): boolean {
	const text = firstListed(value);
	return NUMBER_PATTERN.test(text) && Number(text) < nowMs / EPOCH_SECONDS_DIVISOR;
}

/**
 * A bare delay in ms. No format is published, and services send seconds ('1', '37') or milliseconds ('734'):
 * read as seconds when that places the reset within 1.5 windows, else as milliseconds when that does (734
 * ms; as seconds it would be 734 s, which no one-second window can mean), else as seconds (a longer window
 * than expected, e.g. an hourly limit). For a one-minute window, '37' is 37 s and '37000' is 37 s too.
 */
export function readDelay(value: number, windowMs: number): number {
	const plausibleMs = windowMs * SAME_WINDOW_FACTOR;
	if (value * 1000 <= plausibleMs) return value * 1000;
	if (value <= plausibleMs) return value;
	return value * 1000;
}

/**
 * `Retry-After` -> delay in ms (>= 0), or undefined: delay-seconds (fractions tolerated) or an HTTP date, and,
 * as a service may write it, a number too large for a delay (the thresholds above) as the epoch seconds or
 * milliseconds it is. A wait of any length is believed (believableTime), but not a time past by more than
 * MAX_PAST_MS.
 */
export function parseRetryAfter(
	value: string,
	nowMs: number,
	serviceOffsetMs = 0,
): number | undefined {
	const text = firstListed(value);
	let delayMs: number | undefined;
	if (NUMBER_PATTERN.test(text)) {
		const number = Number(text);
		delayMs =
			number < nowMs / EPOCH_SECONDS_DIVISOR
				? number * 1000
				: epochMsOf(number, nowMs) - serviceOffsetMs - nowMs;
	} else {
		const atMs = parseHttpDate(text);
		delayMs = atMs === undefined ? undefined : atMs - serviceOffsetMs - nowMs;
	}
	return delayMs === undefined || !believableTime(nowMs + delayMs, nowMs)
		? undefined
		: Math.max(0, Math.round(delayMs));
}

/** The IETF draft's `RateLimit-Reset`, always delta-seconds, as epoch ms. */
export function deltaSecondsToAbsolute(value: string, nowMs: number): number | undefined {
	const text = firstListed(value);
	return NUMBER_PATTERN.test(text) ? Math.round(nowMs + Number(text) * 1000) : undefined;
}
