import type { IPollFunctions } from 'n8n-workflow';
import { operationError } from '../shared/nodeErrors';
import { refusedDateOf } from '../shared/serviceClock';

/**
 * One poll at a time per trigger (workflow + node) in this n8n process. Two polls of one trigger side by side
 * would read the same cursor and both report what changed, and the later one to finish would write its state
 * over the other's. A poll that finds another one of its trigger under way does nothing: the one under way
 * covers the window, the next scheduled poll continues from where it ends. A poll that never ended (a process
 * error that left no `finally` to run) holds its trigger for at most POLL_LEASE_MS. A poll may also simply be slow
 * (a large team, a slow plan); then two polls of one trigger run from the same stored cursor, and only the first to
 * `claim` the trigger's state may save it and report: the other would report the same events again.
 */

/** Longest a poll may hold its trigger; far beyond a poll's own request timeouts and retries. */
export const POLL_LEASE_MS = 15 * 60_000;

interface Lease {
	token: symbol;
	since: number;
}

const leases = new Map<string, Lease>();

/** Per trigger with a poll under way: how many polls running, and how many claims were granted so far. */
const claims = new Map<string, { running: number; granted: number }>();

/**
 * Called by a poll right before it saves its state: true when no poll of its trigger that ran beside it has saved
 * since it began (the poll then saves and reports); false when one did (the poll must save and report nothing).
 */
export type Claim = () => boolean;

/**
 * Runs `poll` unless another poll holds `key` (and began less than POLL_LEASE_MS ago); then `skipped` is
 * returned without running it. `now` is n8n's clock, passed in so that the rule can be tested on a fake one.
 */
export async function runAlone<T>(
	key: string,
	now: number,
	poll: (claim: Claim) => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false; heldSinceMs: number }> {
	const held = leases.get(key);
	if (held && now - held.since < POLL_LEASE_MS)
		return { ran: false, heldSinceMs: now - held.since };
	const lease: Lease = { token: Symbol(key), since: now };
	leases.set(key, lease);
	const count = claims.get(key) ?? { running: 0, granted: 0 };
	claims.set(key, count);
	count.running += 1;
	const grantedAtStart = count.granted;
	const claim: Claim = () => {
		if (count.granted !== grantedAtStart) return false;
		count.granted += 1;
		return true;
	};
	try {
		return { ran: true, result: await poll(claim) };
	} finally {
		if (leases.get(key)?.token === lease.token) leases.delete(key);
		count.running -= 1;
		if (count.running === 0) claims.delete(key);
	}
}

/**
 * Claims the trigger's state for a poll about to save it, or fails the poll: an error, not an empty answer, so
 * that n8n's durable cursors drop this poll's stale copy of the state instead of writing it over the saved one.
 */
export function claimState(ctx: IPollFunctions, claim: Claim): void {
	refuseGuessedPresent(ctx);
	if (claim()) return;
	throw operationError(
		ctx.getNode(),
		'QRTRAC Trigger: another poll of this trigger, run beside this one, saved first',
		{
			description: `A poll of this trigger took longer than ${POLL_LEASE_MS / 60_000} minutes, so another one started from the same cursor, and that other poll saved and reported its events first. This one reports and saves nothing, so no event comes twice; the next poll continues from the saved cursor. Poll less often, or narrow the codes watched.`,
		},
	);
}

/**
 * Fails the poll when one of its answers carried a `Date` more than a day off n8n's clock (serviceClock.ts
 * `believedDate` refused it): the poll read by n8n's clock, and either clock may be the wrong one, so no cursor may
 * move on that guess. Called before the state is saved (claimState) and on a poll's error, whose cause it tells.
 */
export function refuseGuessedPresent(ctx: IPollFunctions): void {
	const refused = refusedDateOf(ctx);
	if (!refused) return;
	const [service, n8n] = [refused.dateMs, refused.atMs].map((ms) => new Date(ms).toISOString());
	throw operationError(
		ctx.getNode(),
		`QRTRAC Trigger: QRTRAC's clock (Date header) says ${service}, n8n's clock says ${n8n}: more than a day apart, so the trigger cannot tell which is right; correct the wrong clock`,
		{
			description:
				'This poll reports and saves nothing; once the two clocks agree within a day, the next poll reads on from the saved cursor, and what happened meanwhile is reported then.',
		},
	);
}
