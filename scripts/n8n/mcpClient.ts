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

/** How long n8n may take, once it answers as ready, to register a published MCP Server Trigger's endpoint. */
const ENDPOINT_REGISTRATION_WAIT_MS = 90_000;

/**
 * Connects (`initialize`) once the endpoint answers. n8n reports itself ready before it has activated every
 * published workflow; until then the endpoint answers 404 "not registered", so that answer is asked again,
 * bounded, and the error says what was waited for. Any other refusal (403 for a wrong token) fails at once.
 */
export async function connectMcp(
	url: string,
	options: { token?: string; clientName?: string; readyTimeoutMs?: number } = {},
): Promise<McpConnection> {
	const waitMs = options.readyTimeoutMs ?? ENDPOINT_REGISTRATION_WAIT_MS;
	const deadline = Date.now() + waitMs;
	for (;;) {
		try {
			return await connectOnce(url, options);
		} catch (error) {
			const text = error instanceof Error ? error.message : String(error);
			if (!/\b404\b/.test(text) && !/not registered/i.test(text)) throw error;
			if (Date.now() > deadline)
				throw new Error(
					`The MCP endpoint ${url} did not answer initialize within ${waitMs / 1000} s (n8n kept answering 404: the workflow's MCP Server Trigger was not registered): ${text.slice(0, 300)}`,
				);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}
}

async function connectOnce(
	url: string,
	options: { token?: string; clientName?: string },
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
	try {
		await client.connect(transport);
	} catch (error) {
		await client.close().catch(() => undefined);
		throw error;
	}
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
