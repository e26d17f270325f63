import type { ActiveFault } from '../faults';
import type { ServerContext } from './context';
import { wait } from './context';
import type { Exchange } from './exchange';
import { send, sendError } from './respond';

const GATEWAY_PAGES: Readonly<Record<number, string>> = {
	502: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>',
	503: '<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center></body></html>',
};

/** Drops the connection without an answer, as a crashed process or a broken proxy does. */
export function resetConnection(exchange: Exchange): void {
	exchange.entry.endedAt = Date.now();
	exchange.req.socket.destroy();
}

/**
 * Acts out a fault. `realAnswer` is the operation's own answer when the fault fires after the write.
 * Returns false for a stall with a delay: the request then goes on normally.
 */
export async function actOutFault(
	context: ServerContext,
	exchange: Exchange,
	fault: ActiveFault,
	realAnswer?: { status: number; body: unknown },
): Promise<boolean> {
	const { rule } = fault;
	switch (rule.kind) {
		case 'status': {
			const status = rule.status ?? 500;
			if (rule.retryAfterSeconds !== undefined)
				exchange.answerHeaders = {
					...exchange.answerHeaders,
					'Retry-After': String(rule.retryAfterSeconds),
				};
			if (rule.location !== undefined)
				exchange.answerHeaders = { ...exchange.answerHeaders, Location: rule.location };
			// a body given is sent as it is; otherwise a message, or a gateway's page for 502 and 503
			const page = rule.body ?? (rule.message ? undefined : GATEWAY_PAGES[status]);
			if (page !== undefined)
				await send(context, exchange, status, page, rule.contentType ?? 'text/html');
			else await sendError(context, exchange, status, rule.message ?? 'Internal server error');
			return true;
		}
		case 'reset':
			resetConnection(exchange);
			return true;
		case 'stall':
			if (rule.delayMs !== undefined) return !(await wait(context, rule.delayMs));
			context.stalled.add(exchange.req.socket);
			exchange.req.socket.once('close', () => context.stalled.delete(exchange.req.socket));
			return true;
		case 'malformedJson': {
			const text = JSON.stringify(
				realAnswer?.body ?? { success: true, data: { id: 'qr_', name: 'Untitled' } },
			);
			await send(context, exchange, 200, text.slice(0, Math.max(1, Math.floor(text.length / 2))));
			return true;
		}
		case 'softError':
			await send(context, exchange, 200, {
				success: false,
				message: rule.message ?? 'Something went wrong, please try again later',
			});
			return true;
		case 'rateLimit':
			return false;
	}
}
