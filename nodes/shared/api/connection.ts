import { getConnection, type TransportContext } from '../transport';

/**
 * Where the node's requests go and as whom, for what operations key on (the credential's team, snapshots held
 * between runs): never a secret. Operations take it from here, not from the transport.
 */
export async function connectionOf(ctx: TransportContext): Promise<{
	baseUrl: string;
	teamId: string;
	identity: string;
	ratePerSecond: number;
}> {
	const { baseUrl, teamId, identity, ratePerSecond } = await getConnection(ctx);
	return { baseUrl, teamId, identity, ratePerSecond };
}
