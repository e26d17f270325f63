import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi, API_PREFIX } from './http/apiHandler';
import type { ServerContext } from './http/context';
import { openExchange, type Exchange } from './http/exchange';
import { actOutFault } from './http/faultActions';
import { send, sendError } from './http/respond';
import { handleSimple } from './http/simpleHandler';
import { imageFor } from './routes/images';

async function handleImage(context: ServerContext, exchange: Exchange): Promise<void> {
	const fault = context.faults.match(exchange.method, exchange.path);
	if (fault) exchange.entry.fault = fault.rule.kind;
	if (fault && fault.rule.kind !== 'rateLimit' && (await actOutFault(context, exchange, fault)))
		return;
	const image =
		exchange.method === 'GET' ? await imageFor(context.state, exchange.path) : undefined;
	if (!image) return sendError(context, exchange, 404, 'Image not found');
	return send(context, exchange, 200, image, 'image/png');
}

/** Routes a request to the primary API (/api), the simple variant (/v1) or the public images. */
async function dispatch(
	context: ServerContext,
	req: IncomingMessage,
	res: ServerResponse,
): Promise<void> {
	const exchange = await openExchange(context, req, res);
	if (exchange.rawPath === API_PREFIX || exchange.rawPath.startsWith(`${API_PREFIX}/`))
		return handleApi(context, exchange);
	if (exchange.rawPath.startsWith('/v1/')) return handleSimple(context, exchange);
	if (exchange.rawPath.startsWith('/images/')) return handleImage(context, exchange);
	return sendError(context, exchange, 404, `Cannot ${exchange.method} ${exchange.path}`);
}

export interface RunningServer {
	server: Server;
	url: string;
	close(): Promise<void>;
}

/** Listens on 127.0.0.1 only. close() ends stalled and idle connections and pending timers, so nothing lingers. */
export async function listen(context: ServerContext, port: number): Promise<RunningServer> {
	const server = createServer((req, res) => {
		dispatch(context, req, res).catch((error: Error) => {
			context.log?.(`unexpected error: ${error.stack ?? String(error)}`);
			if (!res.headersSent && !res.destroyed) {
				res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
				res.end(JSON.stringify({ success: false, message: 'Internal server error' }));
			}
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve());
	});
	const { port: actualPort } = server.address() as AddressInfo;
	return {
		server,
		url: `http://127.0.0.1:${actualPort}`,
		close: () =>
			new Promise<void>((resolve) => {
				for (const [timer, end] of context.timers) {
					clearTimeout(timer);
					end(false);
				}
				context.timers.clear();
				for (const socket of context.stalled) socket.destroy();
				context.stalled.clear();
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
