import type { TransportContext } from '../qrtracRequest';
import { getConnection } from '../readConnection';

/** What operations and the trigger may know of the credential: never a secret. */
export interface ConnectionFacts {
	baseUrl: string;
	/** The credential's team: the team of every request that names none. */
	teamId: string;
	/** Who the credential is, for keys of what is held between runs (no secret in it, see connection.ts). */
	identity: string;
	ratePerSecond: number;
}

/** The credential's connection as operations and the trigger see it (read once per execution context). */
export async function connectionOf(ctx: TransportContext): Promise<ConnectionFacts> {
	const { baseUrl, teamId, identity, ratePerSecond } = await getConnection(ctx);
	return { baseUrl, teamId, identity, ratePerSecond };
}
