import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggedRequest } from '../requestLog';
import { redactHeaders } from '../requestLog';
import type { ServerContext } from './context';

const MAX_BODY_BYTES = 1_048_576;

/** One request in flight: what was received, the log entry, and headers to add to whatever answer goes out. */
export interface Exchange {
	req: IncomingMessage;
	res: ServerResponse;
	method: string;
	/** Pathname as sent (percent-encoded). */
	rawPath: string;
	/** Pathname decoded (for fault matching and the log). */
	path: string;
	query: Record<string, string | string[]>;
	/** First value of each header, lower-case names. */
	header(name: string): string | undefined;
	body: unknown;
	/** Why the body could not be read (413 or malformed JSON), if it could not. */
	bodyProblem?: { status: number; message: string };
	answerHeaders: Record<string, string>;
	entry: LoggedRequest;
}

function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		req.on('end', () =>
			resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_BODY_BYTES }),
		);
		req.on('error', reject);
	});
}

function parseQuery(search: URLSearchParams): Record<string, string | string[]> {
	const query: Record<string, string | string[]> = {};
	for (const [name, value] of search) {
		const existing = query[name];
		query[name] =
			existing === undefined
				? value
				: Array.isArray(existing)
					? [...existing, value]
					: [existing, value];
	}
	return query;
}

function safeDecode(path: string): string {
	try {
		return decodeURIComponent(path);
	} catch {
		return path;
	}
}

function isJson(contentType: string | undefined): boolean {
	return !!contentType && /^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim());
}

/**
 * Reads the whole request. A JSON body is parsed only under a JSON content type (as body parsers do: other
 * bodies are ignored); unparsable JSON and bodies over 1 MiB become a `bodyProblem`.
 */
export async function openExchange(
	context: ServerContext,
	req: IncomingMessage,
	res: ServerResponse,
): Promise<Exchange> {
	const url = new URL(req.url ?? '/', 'http://simulator');
	const rawPath = (req.url ?? '/').split('?')[0];
	const headerValue = (name: string) => {
		const value = req.headers[name];
		return Array.isArray(value) ? value[0] : value;
	};
	const entry: LoggedRequest = {
		seq: (context.requestLog.at(-1)?.seq ?? 0) + 1,
		method: req.method ?? 'GET',
		rawPath: req.url ?? '/',
		path: safeDecode(rawPath),
		query: parseQuery(url.searchParams),
		headers: redactHeaders(req.headers),
		body: undefined,
		startedAt: Date.now(),
	};
	context.requestLog.push(entry);
	if (context.requestLog.length > context.requestLogLimit + 1000) {
		context.requestLog.splice(0, context.requestLog.length - context.requestLogLimit);
	}

	const { text, tooLarge } = await readBody(req);
	let body: unknown;
	let bodyProblem: Exchange['bodyProblem'];
	if (tooLarge) bodyProblem = { status: 413, message: 'Request body too large (limit 1 MiB)' };
	else if (text.length > 0 && isJson(headerValue('content-type'))) {
		try {
			body = JSON.parse(text);
		} catch (error) {
			bodyProblem = { status: 400, message: `Invalid JSON body: ${(error as Error).message}` };
		}
	}
	entry.body = body ?? (text.length > 0 && !tooLarge ? text : undefined);

	return {
		req,
		res,
		method: entry.method,
		rawPath,
		path: entry.path,
		query: entry.query,
		header: headerValue,
		body,
		bodyProblem,
		answerHeaders: {},
		entry,
	};
}
