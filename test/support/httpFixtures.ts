/**
 * Small HTTP servers on 127.0.0.1 for what the simulator does not act out: a server that redirects every request
 * elsewhere, one that records everything it receives, and one that serves a fixed answer (any size, any type).
 */
import {
	createServer,
	type IncomingHttpHeaders,
	type Server,
	type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	body: string;
}

export interface FixtureServer {
	url: string;
	port: number;
	received: ReceivedRequest[];
	close(): Promise<void>;
}

type Handler = (request: ReceivedRequest, response: ServerResponse) => void;

async function start(handle: Handler): Promise<FixtureServer> {
	const received: ReceivedRequest[] = [];
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const request = {
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			};
			received.push(request);
			handle(request, res);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		received,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** Answers every request with `status` and a JSON body; records what came. */
export async function startRecorder(
	body: unknown = { success: true, data: [] },
	status = 200,
): Promise<FixtureServer> {
	return await start((_request, res) => {
		res.writeHead(status, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify(body));
	});
}

/** Redirects every request to `location(path)` with `status` (307 by default). */
export async function startRedirector(
	location: (path: string) => string,
	status = 307,
): Promise<FixtureServer> {
	return await start((request, res) => {
		res.writeHead(status, { Location: location(request.url) });
		res.end();
	});
}

/** Serves `body` with `contentType` to every request, streamed in 64 KB chunks (a large body is never built twice). */
export async function startFileServer(
	body: Buffer | ((path: string) => Buffer),
	contentType: string,
): Promise<FixtureServer> {
	return await start((request, res) => {
		const bytes = typeof body === 'function' ? body(request.url) : body;
		res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': String(bytes.length) });
		let offset = 0;
		const pump = () => {
			while (offset < bytes.length) {
				const chunk = bytes.subarray(offset, offset + 65_536);
				offset += chunk.length;
				if (!res.write(chunk)) {
					res.once('drain', pump);
					return;
				}
			}
			res.end();
		};
		res.on('error', () => undefined);
		pump();
	});
}

/** A handler of your own, for answers that depend on the path. */
export async function startServer(
	handle: (request: ReceivedRequest, response: ServerResponse) => void,
): Promise<FixtureServer> {
	return await start(handle);
}
