/** A credential for `n8n import:credentials`: decrypted data, which n8n encrypts on import. */
export interface ImportedCredential {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/** Where a QRTRAC (the simulator, or a real account) is reached and with which secrets. */
export interface QrtracConnection {
	url: string;
	teamId: string;
	clientId: string;
	clientSecret: string;
	apiKey: string;
}

export const SIMULATOR_CREDENTIAL_ID = 'qrtracSimulator1';
export const SIMULATOR_CREDENTIAL_NAME = 'QRTRAC Simulator';

/** The `qrtracApi` credential for a connection, on the Enterprise plan (the simulator's default). */
export function qrtracCredential(
	connection: QrtracConnection,
	options: { id?: string; name?: string; plan?: string } = {},
): ImportedCredential {
	return {
		id: options.id ?? SIMULATOR_CREDENTIAL_ID,
		name: options.name ?? SIMULATOR_CREDENTIAL_NAME,
		type: 'qrtracApi',
		data: {
			baseUrl: connection.url,
			teamId: connection.teamId,
			clientId: connection.clientId,
			clientSecret: connection.clientSecret,
			apiKey: connection.apiKey,
			plan: options.plan ?? 'Enterprise',
		},
	};
}

/** The Bearer Auth credential the MCP Server Trigger of examples/05-ai-agent-tools.json refers to. */
export const MCP_BEARER_CREDENTIAL_ID = 'qrtracMcpBearer1';
export const MCP_BEARER_CREDENTIAL_NAME = 'QRTRAC MCP Token';

/** n8n's `httpBearerAuth` credential: MCP clients must send `Authorization: Bearer <token>`. */
export function mcpBearerCredential(token: string): ImportedCredential {
	return {
		id: MCP_BEARER_CREDENTIAL_ID,
		name: MCP_BEARER_CREDENTIAL_NAME,
		type: 'httpBearerAuth',
		data: { token },
	};
}
