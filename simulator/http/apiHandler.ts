import { driftAnswer } from '../answerDrift';
import {
	answerAsBefore,
	applyAnswerModes,
	deletedCodeAnswer,
	modeHeaderOptions,
	refusalStatus,
} from '../answerModes';
import {
	driftChanges,
	overviewOfWholeTeam,
	unheldIdsAnswered,
	widenScanRange,
} from '../changeDrift';
import { ApiError } from '../apiError';
import { authenticate } from '../domain/access';
import type { ActiveFault } from '../faults';
import { driftList, readsTeamHeader, teamHeaderAsRead } from '../listDrift';
import { requestsPerSecond } from '../plans';
import type { RequestCounter } from '../limitShapes';
import { rateLimitHeaders, type WindowState } from '../rateLimit';
import { analyticsRoutes } from '../routes/analytics';
import { memberRoutes } from '../routes/members';
import { qrCodeRoutes } from '../routes/qrCodes';
import { teamRoutes } from '../routes/teams';
import { templateRoutes } from '../routes/templates';
import type { ServerContext } from './context';
import type { Exchange } from './exchange';
import { actOutFault } from './faultActions';
import { send, sendError } from './respond';
import type { ApiRoute } from './route';
import { createRouter, MalformedPathError, type RouteMatch } from './router';

export const API_PREFIX = '/api';
export const apiRoutes: readonly ApiRoute[] = [
	...qrCodeRoutes,
	...templateRoutes,
	...analyticsRoutes,
	...teamRoutes,
	...memberRoutes,
];
const routeApi = createRouter(apiRoutes);

/** The team a request is counted against: its team header, else its client's default team. */
function rateKeyOf(context: ServerContext, exchange: Exchange): string {
	const teamId = exchange.header('x-request-team-id');
	if (teamId) return teamId;
	const clientId = exchange.header('x-request-client-id');
	return (clientId && context.state.clients.get(clientId)?.defaultTeamId) || 'anonymous';
}

function tooManyRequests(
	context: ServerContext,
	exchange: Exchange,
	window: WindowState,
): Promise<void> {
	exchange.answerHeaders = rateLimitHeaders(window, {
		format: context.resetFormat,
		retryAfter: context.retryAfter,
		refused: true,
		...modeHeaderOptions(context),
	});
	return sendError(
		context,
		exchange,
		429,
		`Too many requests, please slow down: ${window.limit} requests per ${context.limitWindow} allowed for this team`,
	);
}

/** The team's counting window: a second at the plan's rate, or (limitWindow `minute`) a minute at 60 times it. */
function teamWindow(
	context: ServerContext,
	rateKey: string,
): { limiter: RequestCounter; limit: number } {
	const perSecond = requestsPerSecond(context.plans.get(rateKey));
	return context.limitWindow === 'minute'
		? { limiter: context.teamPerMinute, limit: 60 * perSecond }
		: { limiter: context.perSecond, limit: perSecond };
}

function findRoute(exchange: Exchange): RouteMatch<ApiRoute> | undefined | MalformedPathError {
	try {
		return routeApi(exchange.method, exchange.rawPath.slice(API_PREFIX.length));
	} catch (error) {
		if (error instanceof MalformedPathError) return error;
		throw error;
	}
}

/** Runs the operation; every refusal becomes the error envelope with its status. */
async function runOperation(
	context: ServerContext,
	exchange: Exchange,
	match: RouteMatch<ApiRoute>,
): Promise<{ status: number; body: unknown }> {
	try {
		if (exchange.bodyProblem)
			throw new ApiError(exchange.bodyProblem.status, exchange.bodyProblem.message);
		const actor = authenticate(
			context.state,
			{
				teamId: teamHeaderAsRead(
					context.listDrift,
					exchange.header('x-request-team-id'),
					match.route.operationId,
				),
				clientId: exchange.header('x-request-client-id'),
				clientSecret: exchange.header('x-request-client-secret'),
			},
			match.route.team === 'required' &&
				readsTeamHeader(context.listDrift, match.route.operationId),
		);
		exchange.entry.teamId = actor.team.id;
		// Like a JSON body parser: no JSON body reads as an empty object.
		const { body, added } = unheldIdsAnswered(
			context.changeDrift,
			match.route.operationId,
			widenScanRange(context.changeDrift, match.route.operationId, exchange.body ?? {}),
			(qrId) => {
				const qr = typeof qrId === 'string' ? context.state.qrs.get(qrId) : undefined;
				return qr !== undefined && qr.teamId === actor.team.id && !qr.deleted;
			},
		);
		if (body === undefined) return { status: 200, body: { success: true, data: added } };
		const deleted = deletedCodeAnswer(
			context.answerModes,
			match.route.operationId,
			context.state,
			actor.team.id,
			match.params.id,
		);
		if (deleted) return deleted;
		const answer = await match.route.handle({
			state: context.state,
			actor,
			params: match.params,
			query: exchange.query,
			body: overviewOfWholeTeam(context.changeDrift, match.route.operationId, body, () =>
				context.state.liveQrsOfTeam(actor.team.id).map((qr) => qr.id),
			),
		});
		if (added.length > 0 && Array.isArray((answer.body as { data?: unknown }).data)) {
			const data = (answer.body as { data: unknown[] }).data;
			return {
				status: answer.status ?? 200,
				body: { ...(answer.body as object), data: [...data, ...added] },
			};
		}
		return { status: answer.status ?? 200, body: answer.body };
	} catch (error) {
		// a store of scans keyed by code id that checks nothing: an id it does not know has no events (changeDrift.ts)
		if (
			error instanceof ApiError &&
			error.missing &&
			match.route.operationId === 'getQrAnalytics' &&
			context.changeDrift.scansOfUnknownEmpty
		)
			return { status: 200, body: { success: true, data: [] } };
		if (error instanceof ApiError)
			return {
				status: refusalStatus(context.answerModes, error),
				body: { success: false, message: error.message },
			};
		context.log?.(
			`internal error in ${match.route.operationId}: ${(error as Error).stack ?? String(error)}`,
		);
		return { status: 500, body: { success: false, message: 'Internal server error' } };
	}
}

/**
 * The primary API under /api: rate limit per team (in the shape set), per second or per minute (every answer carries X-RateLimit-*), then
 * faults, then body, credentials, role and business rules.
 */
export async function handleApi(context: ServerContext, exchange: Exchange): Promise<void> {
	const match = findRoute(exchange);
	if (match && !(match instanceof MalformedPathError))
		exchange.entry.operationId = match.route.operationId;
	const rateKey = rateKeyOf(context, exchange);
	const { limiter, limit } = teamWindow(context, rateKey);
	const fault: ActiveFault | undefined = context.faults.match(exchange.method, exchange.path);
	if (fault) exchange.entry.fault = fault.rule.kind;

	if (fault?.rule.kind === 'rateLimit') {
		return tooManyRequests(context, exchange, { ...limiter.peek(rateKey, limit), remaining: 0 });
	}
	const window = limiter.take(rateKey, limit);
	if (!window.allowed) return tooManyRequests(context, exchange, window);
	exchange.answerHeaders = rateLimitHeaders(window, {
		format: context.resetFormat,
		retryAfter: context.retryAfter,
		refused: false,
		...modeHeaderOptions(context),
	});

	if (fault && !fault.rule.afterWrite && (await actOutFault(context, exchange, fault))) return;
	if (match instanceof MalformedPathError) return sendError(context, exchange, 400, match.message);
	if (!match)
		return sendError(context, exchange, 404, `Cannot ${exchange.method} ${exchange.path}`);

	const asBefore = answerAsBefore(
		context.answerModes,
		match.route.operationId,
		context.state,
		match.params.id,
	);
	const answer = driftList(
		context,
		exchange,
		match.route.operationId,
		asBefore(await runOperation(context, exchange, match)),
	);
	if (fault?.rule.afterWrite && (await actOutFault(context, exchange, fault, answer))) return;
	return send(
		context,
		exchange,
		answer.status,
		applyAnswerModes(
			context.answerModes,
			answer.status,
			driftChanges(
				context.changeDrift,
				match.route.operationId,
				driftAnswer(context.shapeDrift, match.route.operationId, answer.body),
				context.state.clock.now(),
				exchange.body,
			),
			echoedCredentials(context, exchange, rateKey),
			match.route.operationId,
		),
	);
}

/** What authenticated the request, for the echo modes: its client id and secret and its team's API key. */
function echoedCredentials(context: ServerContext, exchange: Exchange, teamId: string) {
	if (!context.answerModes.echoSecrets && !context.answerModes.echoEncodedSecrets) return {};
	const key = [...context.state.apiKeys.values()].find((entry) => entry.teamId === teamId);
	return {
		clientId: exchange.header('x-request-client-id'),
		clientSecret: exchange.header('x-request-client-secret'),
		apiKey: key?.key,
	};
}
