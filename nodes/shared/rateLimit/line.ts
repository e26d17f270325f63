/**
 * The line of requests waiting for a send slot: first come, first served. A request asks for its slot, and
 * when it is not granted yet it is told when to ask again (near the time its place comes up). A request that
 * stops asking (its execution stopped) is dropped, so it holds no one up. Pure: functions over the line.
 */

/** One request's place in line (see RateLimiter.take). */
export interface SlotTurn {
	readonly id: number;
	/** The slot is this request's: send after `waitMs`. Otherwise wait `waitMs` and ask again with this turn. */
	readonly granted: boolean;
	readonly waitMs: number;
	/** With `granted`: the slot, to tell the limiter when its request got no answer (RateLimiter.noAnswer). */
	readonly slotMs?: number;
	/**
	 * With `granted`, when QRTRAC's answers left the rest of the window to others and the slot moved past its
	 * reset (windowFit.ts): where the pace had it. A slot given back puts the pace there again.
	 */
	readonly movedFromMs?: number;
	/**
	 * Without `granted`: about how far away this place's slot is, on the pace as it stands (each request ahead
	 * taking its slot; one leaving brings it nearer); undefined while no slot can be given yet (the first answer
	 * awaited).
	 */
	readonly placeInMs?: number;
	/** Without `granted`: how many requests are ahead of this one in line (the first answer awaited too). */
	readonly ahead?: number;
}

export interface Waiting {
	readonly id: number;
	readonly askedAtMs: number;
}

/** A request in line asks again after at most this share of a window, so a freed slot is not missed for long. */
const MAX_NAP_SHARE = 0.25;
/** A request that has not asked again for this many windows (and a nap) has gone. */
const ABANDONED_WINDOWS = 2;
/**
 * While the first request's answer is awaited (a cautious start), the others ask again after this share of a
 * window, plus an interval of the pace for each request ahead of them (napMs).
 */
const PROBE_NAP_SHARE = 0.02;

/** The line with this request in it (joining at the end, or asking again), and its place (0 = first). */
export function askInLine(
	line: readonly Waiting[],
	id: number,
	nowMs: number,
	windowMs: number,
): { line: Waiting[]; place: number } {
	const abandonedBefore = nowMs - windowMs * (ABANDONED_WINDOWS + MAX_NAP_SHARE);
	const kept = line.filter((waiting) => waiting.id === id || waiting.askedAtMs >= abandonedBefore);
	const place = kept.findIndex((waiting) => waiting.id === id);
	if (place >= 0) {
		kept[place] = { id, askedAtMs: nowMs };
		return { line: kept, place };
	}
	kept.push({ id, askedAtMs: nowMs });
	return { line: kept, place: kept.length - 1 };
}

export function leaveLine(line: readonly Waiting[], id: number): Waiting[] {
	return line.filter((waiting) => waiting.id !== id);
}

/**
 * How long a request not granted yet naps before asking again: until its place's slot comes within the grant
 * horizon (`opensAtMs`, undefined while no slot can be given), at most a quarter window. The caller cuts it to
 * at most half the time left before Maximum Wait (slotWait.ts).
 */
export function napMs(
	place: number,
	opensAtMs: number | undefined,
	interval: number,
	nowMs: number,
	windowMs: number,
): number {
	const returnAtMs = (opensAtMs ?? nowMs + windowMs * PROBE_NAP_SHARE) + place * interval;
	return Math.min(windowMs * MAX_NAP_SHARE, Math.max(1, returnAtMs - nowMs));
}

/**
 * The turn of a request not granted yet, at `place`: its nap, how many are ahead, and (once slots can be given,
 * from `earliestMs`) about how far away its place's slot is, each request ahead taking the next slot on the pace.
 * A place is never nearer than its nap: a slot due now is still not this request's before it asks again.
 */
export function notGranted(
	id: number,
	place: number,
	earliestMs: number | undefined,
	pace: { horizon: number; interval: number },
	nowMs: number,
	windowMs: number,
): SlotTurn {
	if (earliestMs === undefined)
		return {
			id,
			granted: false,
			waitMs: napMs(place, undefined, pace.interval, nowMs, windowMs),
			ahead: place,
		};
	const opensAtMs = earliestMs - pace.horizon;
	const waitMs = napMs(place, opensAtMs, pace.interval, nowMs, windowMs);
	return {
		id,
		granted: false,
		waitMs,
		placeInMs: Math.max(waitMs, earliestMs + place * pace.interval - nowMs),
		ahead: place,
	};
}
