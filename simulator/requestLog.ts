/** What the simulator saw of one request and what it answered; secrets are redacted before they are kept. */
export interface LoggedRequest {
	/** Sequence number, from 1. */
	seq: number;
	method: string;
	/** The request target as sent: path and query, still percent-encoded. */
	rawPath: string;
	/** Pathname with percent-escapes decoded. */
	path: string;
	query: Record<string, string | string[]>;
	/** Lower-cased header names; x-request-client-secret and authorization values redacted. */
	headers: Record<string, string | string[]>;
	/** Parsed JSON body, the raw text when it was not JSON, undefined when empty. */
	body: unknown;
	/** Status sent; undefined while pending or when the connection was dropped or stalled by a fault. */
	status?: number;
	startedAt: number;
	endedAt?: number;
	/** Team the call acted in (after authentication), when known. */
	teamId?: string;
	operationId?: string;
	/** Kind of the injected fault, if one fired. */
	fault?: string;
}

export const REDACTED = '[redacted]';
const SECRET_HEADERS = new Set(['x-request-client-secret', 'authorization']);

/** Authorization keeps its scheme ("Bearer [redacted]") so tests can see which scheme was sent. */
function redactValue(name: string, value: string | string[]): string {
	const scheme =
		name === 'authorization' && typeof value === 'string'
			? /^(\S+)\s+\S/.exec(value)?.[1]
			: undefined;
	return scheme ? `${scheme} ${REDACTED}` : REDACTED;
}

export function redactHeaders(
	headers: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {};
	for (const [name, value] of Object.entries(headers)) {
		if (value === undefined) continue;
		if (!SECRET_HEADERS.has(name)) out[name] = value;
		else out[name] = redactValue(name, value);
	}
	return out;
}
