import { paddedChunks, padsAnswer } from '../answerModes';
import { serviceDateHeader } from '../changeDrift';
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
	// The service's present is the simulator clock (plus the change drift's offset), not the wall clock; a front
	// server may write it a little behind the resets' clock (dateLagMs).
	const dateLagMs = context.answerModes.dateLagMs ?? 0;
	const date = serviceDateHeader(context.changeDrift, context.state.clock.now() - dateLagMs);
	res.sendDate = false;
	const padded = padsAnswer(context.answerModes, entry.operationId, status);
	res.writeHead(status, {
		...exchange.answerHeaders,
		...(date === undefined ? {} : { Date: date }),
		'Content-Type': contentType,
		...(padded ? {} : { 'Content-Length': String(bytes.length) }),
	});
	entry.status = status;
	if (padded)
		await streamOut(context, exchange, paddedChunks(bytes, context.answerModes.hugeAnswerBytes!));
	else if (context.answerModes.trickleMs) await trickleOut(context, exchange, bytes);
	else res.end(bytes);
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

/** `hugeAnswerBytes`: writes the chunks as the socket takes them; stops when the client hangs up. */
async function streamOut(context: ServerContext, exchange: Exchange, chunks: Iterable<Buffer>) {
	const { res } = exchange;
	for (const chunk of chunks) {
		if (res.destroyed) return;
		if (!res.write(chunk))
			await new Promise<void>((resolve) => {
				res.once('drain', resolve);
				res.once('close', resolve);
			});
	}
	if (!res.destroyed) res.end();
}

/** `trickleMs`: one byte of the body per interval, on timers close() can cancel. */
async function trickleOut(context: ServerContext, exchange: Exchange, bytes: Buffer) {
	const { res } = exchange;
	for (let index = 0; index < bytes.length; index++) {
		if (res.destroyed) return;
		res.write(bytes.subarray(index, index + 1));
		if (!(await wait(context, context.answerModes.trickleMs ?? 0))) return;
	}
	if (!res.destroyed) res.end();
}
