import { request } from 'undici';
import type { Simulator } from '..';
import { findOperation, validateRequest, validateResponse } from '../../test/support/contract';

/** Credentials of one API client: header set A. */
export interface ClientCredentials {
	teamId: string;
	clientId: string;
	clientSecret: string;
}

export interface Reply {
	status: number;
	headers: Record<string, string>;
	/** Parsed JSON when the answer was JSON, else undefined. */
	body: any;
	raw: Buffer;
	operationId?: string;
}

export interface CallOptions {
	body?: unknown;
	/** Header set A to send; default: the client the caller was made with. `null` sends none. */
	credentials?: ClientCredentials | null;
	/** Extra or overriding headers. */
	headers?: Record<string, string>;
	/** The request is meant to break the contract: do not fail when it does. */
	invalidRequest?: boolean;
}

function flatHeaders(
	headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers))
		if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
	return out;
}

function credentialHeaders(
	credentials: ClientCredentials | null | undefined,
): Record<string, string> {
	if (!credentials) return {};
	return {
		'x-request-team-id': credentials.teamId,
		'x-request-client-id': credentials.clientId,
		'x-request-client-secret': credentials.clientSecret,
	};
}

/**
 * Calls the simulator over real HTTP and holds both sides to the contract: what the test sends must be a valid
 * request (unless `invalidRequest`), and every JSON answer of a known operation must match its response schema.
 */
export function contractClient(
	simulator: Simulator,
	defaultCredentials: ClientCredentials = simulator.credentials,
) {
	return async function call(
		method: string,
		path: string,
		options: CallOptions = {},
	): Promise<Reply> {
		const credentials =
			options.credentials === undefined ? defaultCredentials : options.credentials;
		const headers: Record<string, string> = {
			...credentialHeaders(credentials),
			...options.headers,
		};
		const hasBody = options.body !== undefined;
		if (hasBody) headers['content-type'] ??= 'application/json';
		const operation = findOperation(method, path);
		if (!options.invalidRequest) {
			const problems = validateRequest({ method, path, headers, body: options.body });
			if (problems.length > 0)
				throw new Error(`test sends an invalid request ${method} ${path}: ${problems.join('; ')}`);
		}
		const response = await request(`${simulator.url}${path}`, {
			method: method as 'GET',
			headers,
			body: hasBody
				? typeof options.body === 'string'
					? options.body
					: JSON.stringify(options.body)
				: undefined,
		});
		const raw = Buffer.from(await response.body.arrayBuffer());
		const replyHeaders = flatHeaders(response.headers);
		const isJson = (replyHeaders['content-type'] ?? '').startsWith('application/json');
		const body = isJson ? JSON.parse(raw.toString('utf8')) : undefined;
		if (operation && isJson) {
			const problems = validateResponse(operation.operationId, response.statusCode, body);
			if (problems.length > 0) {
				throw new Error(
					`answer of ${method} ${path} (${response.statusCode}) breaks the contract: ${problems.join('; ')}\n${raw}`,
				);
			}
		}
		return {
			status: response.statusCode,
			headers: replyHeaders,
			body,
			raw,
			operationId: operation?.operationId,
		};
	};
}

export type Call = ReturnType<typeof contractClient>;

/** Percent-encodes one path segment (e-mails carry @ and +). */
export const segment = (value: string) => encodeURIComponent(value);

/** Waits until the wall clock is early in a one-second window, so a burst fits in a single rate-limit window. */
export async function startOfSecondWindow(): Promise<void> {
	const offset = Date.now() % 1000;
	if (offset < 300) return;
	await new Promise((resolve) => setTimeout(resolve, 1000 - offset + 5));
}
