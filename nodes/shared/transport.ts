import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { connectionFromCredentials, type QrtracConnection } from './connection';
import { PageCollector, pageSizeFor } from './pagination';
import { parseRateLimitHeaders, waitHintMs } from './rateLimitHeaders';
import { getSharedRateLimiter } from './rateLimiter';
import { classifyFailure, decideRetry, isIdempotentMethod, type FailureKind } from './retryPolicy';
import { serviceError } from './serviceErrors';

/**
 * The only place where QRTRAC is called over HTTP. Every request is authenticated by the credential,
 * paced by the per-(base URL, team) rate limiter shared across executions, retried when that is safe,
 * unwrapped from the `{success, data}` envelope, and turned into a NodeApiError when it fails.
 */
export type TransportContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export const CREDENTIAL_TYPE = 'qrtracApi';

export interface QrtracRequest {
	method: IHttpRequestMethods;
	/** Path below the interface root, built with `apiPath` so that values are encoded. */
	path: string;
	/** `primary` is `{base}/api` with header set A; `simple` is `{base}/v1` with the bearer key. */
	api?: 'primary' | 'simple';
	query?: IDataObject;
	body?: IDataObject;
	/** Team for `x-request-team-id` (and the rate limit bucket); defaults to the credential's team. */
	teamId?: string;
	itemIndex?: number;
	/**
	 * A GET with a side effect (Resend Invite sends an e-mail and spends a resend): treated like a POST, so an
	 * unknown outcome is never blindly sent again.
	 */
	hasSideEffects?: boolean;
	/** Return a 2xx answer with `success: false` as a result instead of failing (Check Display ID Availability). */
	acceptUnsuccessful?: boolean;
	/**
	 * For requests that are not idempotent (POST): called when the outcome is unknown (5xx, reset, timeout,
	 * garbled answer). Return the resource when it was created, `null` when it surely was not (the request is
	 * then sent again), `undefined` when that cannot be told (the item fails instead of risking a duplicate).
	 */
	verifyUnknownOutcome?: () => Promise<IDataObject | null | undefined>;
}

export interface QrtracResponse<T> {
	data: T;
	/** The whole envelope, e.g. `{success, data}` or `{success, message}`. */
	body: IDataObject;
	status: number;
	/** True when the answer was recovered by `verifyUnknownOutcome` after an unknown outcome. */
	recovered?: boolean;
}

interface AttemptFailure {
	kind: FailureKind;
	status?: number;
	message: string;
	retryAfterMs?: number;
	/** e.g. ECONNRESET; reported in the description only. */
	networkCode?: string;
}

const UNKNOWN_OUTCOME_KINDS: FailureKind[] = ['serverError', 'timeout', 'connectionReset', 'malformedResponse'];

const connections = new WeakMap<object, Promise<QrtracConnection>>();

/** Non-secret settings of the credential, read once per execution context. */
export async function getConnection(ctx: TransportContext): Promise<QrtracConnection> {
	let connection = connections.get(ctx);
	if (!connection) {
		connection = ctx.getCredentials(CREDENTIAL_TYPE).then(connectionFromCredentials);
		connections.set(ctx, connection);
	}
	return await connection;
}

export async function qrtracApiRequest<T = IDataObject>(
	ctx: TransportContext,
	request: QrtracRequest,
): Promise<QrtracResponse<T>> {
	const connection = await getConnection(ctx);
	const teamId = request.teamId ?? connection.teamId;
	const limiter = limiterFor(connection, request, teamId);
	const options = buildHttpOptions(connection, request, teamId);
	let waitedMs = 0;
	let retryAsIdempotent = isIdempotentMethod(request.method) && request.hasSideEffects !== true;

	for (let attempt = 1; ; attempt++) {
		// Wait in line until the limiter grants a slot, then for the slot (see rateLimiter.ts, rule 2).
		let turn = limiter.take();
		while (!turn.granted) {
			await sleep(turn.waitMs);
			turn = limiter.take(turn);
		}
		if (turn.waitMs > 0) await sleep(turn.waitMs);
		throwIfCancelled(ctx);

		const outcome = await sendOnce(ctx, options);
		const rateLimit = outcome.response ? limiter.learn(outcome.response.headers, outcome.response.statusCode) : undefined;
		const result = outcome.response
			? interpretResponse<T>(outcome.response, request.acceptUnsuccessful === true)
			: { failure: outcome.failure! };
		if ('data' in result) return result;
		const failure = result.failure;
		// The limiter reads the reset on its window's scale (a bare '734' is ms there), so its reading sets the wait.
		if (failure.kind === 'rateLimited' && rateLimit) failure.retryAfterMs = waitHintMs(rateLimit, Date.now());

		if (!retryAsIdempotent && UNKNOWN_OUTCOME_KINDS.includes(failure.kind)) {
			const verified = request.verifyUnknownOutcome ? await request.verifyUnknownOutcome() : undefined;
			if (verified) {
				return { data: verified as T, body: { success: true, data: verified }, status: 200, recovered: true };
			}
			if (verified === undefined) {
				throw serviceError(ctx.getNode(), {
					...failure,
					itemIndex: request.itemIndex,
					detail: `The outcome of this ${request.method} is unknown (${describe(failure)}). It was not sent again, so that nothing is created twice; check the team's codes before re-running this item, or set a Display ID so that the node can check and retry by itself.`,
				});
			}
			// Verified absent: sending again cannot duplicate anything.
			retryAsIdempotent = true;
		}

		const decision = decideRetry({
			attempt,
			method: retryAsIdempotent ? 'PUT' : 'POST',
			kind: failure.kind,
			status: failure.status,
			retryAfterMs: failure.retryAfterMs,
			waitedSoFarMs: waitedMs,
		});
		if (!decision.retry) {
			throw serviceError(ctx.getNode(), {
				...failure,
				itemIndex: request.itemIndex,
				detail: attempt > 1 ? `Gave up after ${attempt} attempts (${decision.reason}).` : undefined,
			});
		}
		if (decision.delayMs > 0) await sleep(decision.delayMs);
		waitedMs += decision.delayMs;
	}
}

/**
 * Get Many over the paginated list: pages of up to 100 until `totalCount`, the limit, or a short page;
 * records that shift between pages while others write are returned once.
 */
export async function qrtracApiRequestAllPages<T extends IDataObject>(
	ctx: TransportContext,
	request: QrtracRequest,
	options: {
		returnAll: boolean;
		limit?: number;
		/** Page size to ask for (1..100); by default 100, or the limit when it is smaller. */
		pageSize?: number;
		extract: (data: IDataObject) => { items: T[]; totalCount?: number };
	},
): Promise<T[]> {
	const pageSize = options.pageSize ?? pageSizeFor(options.returnAll, options.limit);
	const collector = new PageCollector<T>({ limit: options.returnAll ? undefined : options.limit, pageSize });
	while (!collector.done) {
		const page = collector.nextPage;
		const response = await qrtracApiRequest<IDataObject>(ctx, {
			...request,
			query: { ...(request.query ?? {}), limit: pageSize, page },
		});
		collector.add({ ...options.extract(response.data), page });
	}
	return collector.items;
}

/** Downloads a public file (the QR image) without sending any credential to the file's host. */
export async function qrtracDownload(
	ctx: IExecuteFunctions,
	url: string,
	itemIndex: number,
): Promise<{ data: Buffer; contentType?: string }> {
	const connection = await getConnection(ctx);
	for (let attempt = 1; ; attempt++) {
		let failure: AttemptFailure;
		try {
			const response = (await ctx.helpers.httpRequest({
				url,
				method: 'GET',
				encoding: 'arraybuffer',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: connection.timeoutMs,
			})) as IN8nHttpFullResponse;
			if (response.statusCode >= 200 && response.statusCode < 300) {
				return { data: Buffer.from(response.body as Buffer), contentType: headerValue(response.headers, 'content-type') };
			}
			failure = {
				kind: classifyFailure(response.statusCode, undefined),
				status: response.statusCode,
				message: `Downloading the QR image failed with HTTP ${response.statusCode}`,
			};
		} catch (error) {
			failure = networkFailure(error);
		}
		const decision = decideRetry({ attempt, method: 'GET', kind: failure.kind, status: failure.status, waitedSoFarMs: 0 });
		if (!decision.retry) throw serviceError(ctx.getNode(), { ...failure, itemIndex });
		await sleep(decision.delayMs);
	}
}

/** Per-minute budget of the simple v1 interface on the smallest plan (Pro); the service's headers correct it. */
const SIMPLE_INTERFACE_PER_MINUTE = 60;

/**
 * The primary API is limited per team and second by plan; the simple v1 interface per API key and minute.
 * Each budget gets its own shared limiter.
 */
function limiterFor(connection: QrtracConnection, request: QrtracRequest, teamId: string) {
	if (request.api === 'simple') {
		return getSharedRateLimiter(`${connection.baseUrl}|simple`, SIMPLE_INTERFACE_PER_MINUTE / 60, undefined, 60_000);
	}
	return getSharedRateLimiter(`${connection.baseUrl}|${teamId}`, connection.ratePerSecond);
}

function buildHttpOptions(connection: QrtracConnection, request: QrtracRequest, teamId: string): IHttpRequestOptions {
	const simple = request.api === 'simple';
	return {
		method: request.method,
		url: `${connection.baseUrl}${simple ? '/v1' : '/api'}${request.path}`,
		qs: request.query,
		body: request.body,
		headers: simple ? { Accept: 'application/json' } : { Accept: 'application/json', 'x-request-team-id': teamId },
		json: request.body !== undefined,
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: connection.timeoutMs,
	};
}

async function sendOnce(
	ctx: TransportContext,
	options: IHttpRequestOptions,
): Promise<{ response?: IN8nHttpFullResponse; failure?: AttemptFailure }> {
	try {
		const response = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			CREDENTIAL_TYPE,
			options,
		)) as IN8nHttpFullResponse;
		return { response };
	} catch (error) {
		return { failure: networkFailure(error) };
	}
}

function interpretResponse<T>(
	response: IN8nHttpFullResponse,
	acceptUnsuccessful: boolean,
): QrtracResponse<T> | { failure: AttemptFailure } {
	const status = response.statusCode;
	const body = parseBody(response.body);
	if (body === undefined) {
		return {
			failure: {
				kind: status >= 500 ? 'serverError' : 'malformedResponse',
				status,
				message: `QRTRAC answered HTTP ${status} with a body that is not JSON`,
			},
		};
	}
	const message = typeof body.message === 'string' && body.message ? body.message : undefined;
	if (status >= 200 && status < 300 && (body.success !== false || acceptUnsuccessful)) {
		return { data: body.data as T, body, status };
	}
	if (status === 429) {
		const retryAfterMs = waitHintMs(parseRateLimitHeaders(response.headers, Date.now()), Date.now());
		return { failure: { kind: 'rateLimited', status, retryAfterMs, message: message ?? 'Too many requests' } };
	}
	return {
		failure: {
			kind: status >= 200 && status < 300 ? 'clientError' : classifyFailure(status, undefined),
			status,
			message: message ?? `QRTRAC answered HTTP ${status} without a message`,
		},
	};
}

function parseBody(raw: unknown): IDataObject | undefined {
	if (raw && typeof raw === 'object' && !Buffer.isBuffer(raw)) return raw as IDataObject;
	const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : typeof raw === 'string' ? raw : undefined;
	if (text === undefined) return undefined;
	try {
		const parsed: unknown = JSON.parse(text);
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Network-level failure without any of the request's options (which hold the credential's headers). The Node
 * error code stays out of the message: n8n replaces a message holding one with a generic "you can retry the
 * request immediately", which is wrong for a create whose outcome is unknown. It goes into the description.
 */
function networkFailure(error: unknown): AttemptFailure {
	const err = error as { code?: string; cause?: { code?: string }; message?: string };
	const code = err?.code ?? err?.cause?.code;
	const kind = classifyFailure(undefined, code);
	const reason =
		kind === 'timeout' ? 'no answer came before the timeout' : 'the connection was dropped before an answer came';
	return { kind, message: `QRTRAC could not be reached: ${reason}`, networkCode: code };
}

function describe(failure: AttemptFailure): string {
	if (failure.status) return `HTTP ${failure.status}: ${failure.message}`;
	return failure.networkCode ? `${failure.message}, network code ${failure.networkCode}` : failure.message;
}

function headerValue(headers: IDataObject, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	return value === undefined ? undefined : String(value);
}

function throwIfCancelled(ctx: TransportContext): void {
	const signal = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal?.() : undefined;
	if (signal?.aborted) {
		throw serviceError(ctx.getNode(), { message: 'The execution was cancelled' });
	}
}
