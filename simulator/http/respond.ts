import type { ServerContext } from './context';
import { wait } from './context';
import type { Exchange } from './exchange';

/** Sends an answer after the configured latency; a connection already gone (or a closing simulator) gets nothing. */
export async function send(
	context: ServerContext,
	exchange: Exchange,
	status: number,
	payload: unknown,
	contentType = 'application/json; charset=utf-8',
): Promise<void> {
	if (!(await wait(context, context.latencyMs))) return;
	const { res, entry } = exchange;
	if (res.headersSent || res.destroyed) return;
	const bytes = Buffer.isBuffer(payload)
		? payload
		: Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
	res.writeHead(status, {
		...exchange.answerHeaders,
		'Content-Type': contentType,
		'Content-Length': String(bytes.length),
	});
	res.end(bytes);
	entry.status = status;
	entry.endedAt = Date.now();
	context.log?.(
		`${entry.method} ${entry.path} -> ${status}${entry.fault ? ` (fault: ${entry.fault})` : ''}`,
	);
}

export function sendError(
	context: ServerContext,
	exchange: Exchange,
	status: number,
	message: string,
): Promise<void> {
	return send(context, exchange, status, { success: false, message });
}
