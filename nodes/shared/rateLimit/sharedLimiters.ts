/**
 * One limiter per budget, shared by every execution in this process, since they all spend the same budget:
 * the primary API's per team and Base URL, the simple v1 interface's per Base URL and API key (its per-minute
 * limit is the key's: credentials of several teams carrying one key share it, and one key's told wait must not
 * hold back another's).
 */

import { baseUrlIdentity, type QrtracConnection } from '../connection';
import { RateLimiter } from './limiter';

const sharedLimiters = new Map<string, { limiter: RateLimiter; primedRate: number }>();

/** The limiter of the budget a request spends: the team's (default: the credential's), or the simple interface's. */
export function limiterFor(
	connection: Pick<
		QrtracConnection,
		'baseUrl' | 'teamId' | 'ratePerSecond' | 'simplePerMinute' | 'simpleKey'
	>,
	api: 'primary' | 'simple' = 'primary',
	teamId = connection.teamId,
): RateLimiter {
	// one service however its Base URL is spelt: the scheme and host in any case, a default port or none
	const service = baseUrlIdentity(connection.baseUrl);
	if (api === 'simple')
		return getSharedRateLimiter(
			`${service}|simple|${connection.simpleKey}`,
			// the key's plan rate is the ceiling; the service's headers can only lower it
			connection.simplePerMinute / 60,
			undefined,
			60_000,
		);
	return getSharedRateLimiter(`${service}|${teamId}`, connection.ratePerSecond);
}

/**
 * The limiter for `key`. Priming it again with a different plan rate updates that rate (the new ceiling);
 * priming with the same rate keeps whatever lower limit the service has told it since. `windowMs` (default
 * one second) applies when the limiter is created.
 */
export function getSharedRateLimiter(
	key: string,
	ratePerSecond: number,
	now?: () => number,
	windowMs?: number,
): RateLimiter {
	const shared = sharedLimiters.get(key);
	if (!shared) {
		const limiter = new RateLimiter({ ratePerSecond, now, windowMs });
		sharedLimiters.set(key, { limiter, primedRate: ratePerSecond });
		return limiter;
	}
	if (shared.primedRate !== ratePerSecond) {
		shared.limiter.setRate(ratePerSecond);
		shared.primedRate = ratePerSecond;
	}
	return shared.limiter;
}
