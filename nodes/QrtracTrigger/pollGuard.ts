/**
 * One poll at a time per trigger (workflow + node) in this n8n process. Two polls of one trigger side by side
 * would read the same cursor and both report what changed, and the later one to finish would write its state
 * over the other's. A poll that finds another one of its trigger under way does nothing: the one under way
 * covers the window, the next scheduled poll continues from where it ends. A poll that never ended (a process
 * error that left no `finally` to run) holds its trigger for at most POLL_LEASE_MS.
 */

/** Longest a poll may hold its trigger; far beyond a poll's own request timeouts and retries. */
export const POLL_LEASE_MS = 15 * 60_000;

interface Lease {
	token: symbol;
	since: number;
}

const leases = new Map<string, Lease>();

/**
 * Runs `poll` unless another poll holds `key` (and began less than POLL_LEASE_MS ago); then `skipped` is
 * returned without running it. `now` is n8n's clock, passed in so that the rule can be tested on a fake one.
 */
export async function runAlone<T>(
	key: string,
	now: number,
	poll: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false; heldSinceMs: number }> {
	const held = leases.get(key);
	if (held && now - held.since < POLL_LEASE_MS)
		return { ran: false, heldSinceMs: now - held.since };
	const lease: Lease = { token: Symbol(key), since: now };
	leases.set(key, lease);
	try {
		return { ran: true, result: await poll() };
	} finally {
		if (leases.get(key)?.token === lease.token) leases.delete(key);
	}
}
