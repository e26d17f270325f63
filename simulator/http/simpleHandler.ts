import { ApiError } from '../apiError';
import { driftAnswer } from '../answerDrift';
import { applyAnswerModes, modeHeaderOptions } from '../answerModes';
import { simpleRequestsPerMinute } from '../plans';
import { rateLimitHeaders } from '../rateLimit';
import { simpleCreate } from '../routes/simpleVariant';
import type { ServerContext } from './context';
import type { Exchange } from './exchange';
import { actOutFault } from './faultActions';
import { send, sendError } from './respond';

export const SIMPLE_CREATE_PATH = '/v1/qr/create';

function bearerToken(authorization: string | undefined): string | undefined {
	return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}

/**
 * The simple variant, POST /v1/qr/create with `Authorization: Bearer <apiKey>`: a per-minute fixed window per
 * key (its plan: Pro 60, Agency 300), the same X-RateLimit-* headers (with the answer modes' Retry-After, reset
 * and clock), then faults, key and body checks; the answer modes shape its answers as the primary API's.
 */
export async function handleSimple(context: ServerContext, exchange: Exchange): Promise<void> {
	if (exchange.method !== 'POST' || exchange.rawPath !== SIMPLE_CREATE_PATH) {
		return sendError(context, exchange, 404, `Cannot ${exchange.method} ${exchange.path}`);
	}
	exchange.entry.operationId = 'simpleCreateDynamic';
	const token = bearerToken(exchange.header('authorization'));
	const key = token ? context.state.apiKeys.get(token) : undefined;
	const rateKey = key?.key ?? 'anonymous';
	const limit = simpleRequestsPerMinute(context.simplePlans.get(rateKey));
	const fault = context.faults.match(exchange.method, exchange.path);
	if (fault) exchange.entry.fault = fault.rule.kind;
	const refuse = fault?.rule.kind === 'rateLimit';
	const window = refuse
		? { ...context.perMinute.peek(rateKey, limit), remaining: 0, allowed: false }
		: context.perMinute.take(rateKey, limit);
	exchange.answerHeaders = rateLimitHeaders(window, {
		format: context.resetFormat,
		retryAfter: context.retryAfter,
		refused: !window.allowed,
		...modeHeaderOptions(context),
	});
	if (!window.allowed) {
		return sendError(
			context,
			exchange,
			429,
			`Too many requests, please slow down: ${limit} requests per minute allowed for this API key`,
		);
	}
	if (fault && !fault.rule.afterWrite && (await actOutFault(context, exchange, fault))) return;

	let answer: { status: number; body: unknown };
	try {
		if (exchange.bodyProblem)
			throw new ApiError(exchange.bodyProblem.status, exchange.bodyProblem.message);
		if (!key) throw new ApiError(401, 'Invalid API key');
		exchange.entry.teamId = key.teamId;
		answer = simpleCreate(context.state, key, exchange.body ?? {});
	} catch (error) {
		if (!(error instanceof ApiError)) throw error;
		answer = { status: error.status, body: { success: false, message: error.message } };
	}
	if (fault?.rule.afterWrite && (await actOutFault(context, exchange, fault, answer))) return;
	// The answer modes act here as on /api (echoSecrets quotes the bearer key the request carried).
	return send(
		context,
		exchange,
		answer.status,
		applyAnswerModes(
			context.answerModes,
			answer.status,
			driftAnswer(context.shapeDrift, 'simpleCreateDynamic', answer.body),
			{ apiKey: token },
			'simpleCreateDynamic',
		),
	);
}
