import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/**
 * The official MCP client (`@modelcontextprotocol/sdk`) connected to an n8n MCP Server Trigger over Streamable
 * HTTP, as Claude Desktop, Cursor and other MCP clients connect: `initialize`, then `tools/list` and
 * `tools/call`. No model is involved; callers send the arguments a model would send.
 */

export interface McpConnection {
	client: Client;
	close(): Promise<void>;
}

/** `<n8n base URL>/mcp/<path>`: the production URL of an active MCP Server Trigger. */
export function mcpEndpoint(baseUrl: string, path: string): string {
	return `${baseUrl.replace(/\/$/, '')}/mcp/${path}`;
}

export async function connectMcp(
	url: string,
	options: { token?: string; clientName?: string } = {},
): Promise<McpConnection> {
	const client = new Client({
		name: options.clientName ?? 'n8n-nodes-qrtrac-tests',
		version: '1.0.0',
	});
	const transport = new StreamableHTTPClientTransport(new URL(url), {
		requestInit: options.token
			? { headers: { authorization: `Bearer ${options.token}` } }
			: undefined,
	});
	await client.connect(transport);
	return {
		client,
		close: async () => {
			// ends the session on the server (DELETE), then the transport
			await transport.terminateSession().catch(() => undefined);
			await client.close();
		},
	};
}

/** What a model reads from a tool call: the text content, and whether the server flagged it as an error. */
export interface ToolAnswer {
	text: string;
	isError: boolean;
}

export async function callTool(
	client: Client,
	name: string,
	args: Record<string, unknown>,
): Promise<ToolAnswer> {
	const result = await client.callTool({ name, arguments: args });
	const content = Array.isArray(result.content)
		? (result.content as Array<{ type: string; text?: string }>)
		: [];
	return {
		text: content
			.filter((part) => part.type === 'text')
			.map((part) => part.text ?? '')
			.join('\n'),
		isError: result.isError === true,
	};
}
