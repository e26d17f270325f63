/**
 * The service's clock, learnt from the `Date` header of its answers, so that absolute times in an answer (a
 * reset, a `Retry-After` date) are not read minutes long or already past when the clocks disagree. Rule: a
 * whole-second `Date` bounds the offset (service minus ours) to [date - arrival, date + 1 s - send]; the bounds
 * are intersected over answers. While they hold 0 the offset is 0, else their low end, so every wait derived
 * from it errs long; bounds that contradict the earlier ones (a clock was set) start over.
 */

/** A `Date` this far from our clock is not believed (a broken header, not a clock): absolute times read as today. */
const MAX_BELIEVED_OFFSET_MS = 24 * 60 * 60 * 1000;
/** Resolution of an HTTP date. */
const DATE_RESOLUTION_MS = 1000;

/**
 * An answer's `Date` (epoch ms) when it may be believed, read at `atMs` of our clock: undefined when absent or
 * further off than MAX_BELIEVED_OFFSET_MS (a broken header, not a clock), so that the caller takes our clock.
 */
export function believedDate(dateMs: number | undefined, atMs: number): number | undefined {
	return dateMs !== undefined && Math.abs(dateMs - atMs) <= MAX_BELIEVED_OFFSET_MS
		? dateMs
		: undefined;
}

/** Per caller (an n8n context): the last answer's `Date` that believedDate refused, and our clock then. */
const refusedDates = new WeakMap<object, { dateMs: number; atMs: number }>();

/**
 * An answer's `Date` as believedDate reads it at `atMs`; a refused one (present, but more than a day off) is kept
 * for `caller`, so that a reader who must not act on a guessed present (the trigger's cursors) can tell it from none.
 */
export function answerDate(
	caller: object,
	dateMs: number | undefined,
	atMs: number,
): number | undefined {
	const believed = believedDate(dateMs, atMs);
	if (dateMs !== undefined && believed === undefined) refusedDates.set(caller, { dateMs, atMs });
	return believed;
}

/** The last `Date` refused for `caller` since forgetRefusedDate, with our clock when it came. */
export function refusedDateOf(caller: object): { dateMs: number; atMs: number } | undefined {
	return refusedDates.get(caller);
}

export function forgetRefusedDate(caller: object): void {
	refusedDates.delete(caller);
}

export class ServiceClock {
	private lowMs: number | undefined;
	private highMs = 0;

	/** Learns from one answer's `Date` (epoch ms) and when its request was sent and its answer arrived (ours). */
	observe(dateMs: number | undefined, sentAtMs: number, receivedAtMs: number): void {
		if (dateMs === undefined || believedDate(dateMs, receivedAtMs) === undefined) return;
		const low = dateMs - receivedAtMs;
		const high = dateMs + DATE_RESOLUTION_MS - Math.min(sentAtMs, receivedAtMs);
		if (this.lowMs === undefined || low > this.highMs || high < this.lowMs) {
			this.lowMs = low;
			this.highMs = high;
			return;
		}
		this.lowMs = Math.max(this.lowMs, low);
		this.highMs = Math.min(this.highMs, high);
	}

	/** Service time minus ours, ms (see the rule above); 0 before any answer with a `Date`. */
	offsetMs(): number {
		if (this.lowMs === undefined || (this.lowMs <= 0 && this.highMs >= 0)) return 0;
		return this.lowMs;
	}

	/**
	 * How much further ahead the service's clock may be than offsetMs() says (the bounds' high end minus it): a
	 * check that must not err towards "early" reads absolute times with it. 0 before any answer with a `Date`.
	 */
	leadDoubtMs(): number {
		return this.lowMs === undefined ? 0 : this.highMs - this.offsetMs();
	}

	/** Whether any answer told the service's time. */
	get known(): boolean {
		return this.lowMs !== undefined;
	}
}

/**
 * HTTP dates (IMF-fixdate, RFC 850, asctime) always hold a month or weekday name, so bare numbers are not
 * dates. They are always in GMT; asctime does not say so, and would otherwise be read in local time.
 */
export function parseHttpDate(text: string): number | undefined {
	if (!/[a-z]/i.test(text)) return undefined;
	// ISO 8601 text writes UTC as a `Z` right after the digits (`08:00:02Z`), where no word boundary lies.
	const hasZone = /\b(?:GMT|UTC|UT|Z)\b|\dZ$|[+-]\d\d:?\d\d$/i.test(text);
	const atMs = Date.parse(hasZone ? text : `${text} GMT`);
	return Number.isNaN(atMs) ? undefined : atMs;
}

/**
 * The first of a repeated header's values, the one rule for every header read: Node hands repeated headers over
 * as a list or joined by commas (`1, 1`), and an HTTP date keeps the comma after its weekday
 * (`Fri, 15 Jan 2027 08:00:03 GMT, Fri, …`). A finite number is its text; anything else is undefined.
 */
export function firstHeaderValue(header: unknown): string | undefined {
	const value = Array.isArray(header) ? (header as unknown[])[0] : header;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string') return undefined;
	return /^\s*(?:[a-z]+\s*,)?[^,]*/i.exec(value)![0].trim();
}

/** The answer's `Date` header as epoch ms; undefined when absent or unreadable. */
export function serviceDateOf(headers: Record<string, unknown>): number | undefined {
	const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'date')?.[1];
	const value = firstHeaderValue(entry);
	return value === undefined ? undefined : parseHttpDate(value);
}
