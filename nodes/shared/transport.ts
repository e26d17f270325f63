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
import { parseRateLimitHeaders, waitHintMs } from './rateLimitHeaders';
import { getSharedRateLimiter } from './rateLimiter';
import { classifyFailure, decideRetry, isIdempotentMethod, type FailureKind } from './retryPolicy';
import { serviceError } from './serviceErrors';

/**
 * The only place where QRTRAC is called over HTTP. Every request is authenticated by the credential,
 * paced by the per-(base URL, team) rate limiter shared across executions, retried when that is safe,
 * unwrapped from the `{success, data}` envelope, and turned into a NodeApiError when it fails.
 * A request carrying credentials never follows a redirect: one to the same origin is followed here, one
 * to another origin (scheme, host or port) becomes an error naming where it pointed.
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
	/**
	 * For state changes (pause, rename, ...): called when a retry after an unknown outcome is refused (4xx), e.g.
	 * "already paused" because the first attempt did go through. Return what was asked for when the state read
	 * now shows it (the request then succeeds, marked `verifiedAfterUnknownOutcome`), `undefined` when it does not
	 * or cannot be told (the refusal stands). Never a false success, never a false failure.
	 */
	verifyAfterRefusal?: () => Promise<IDataObject | undefined>;
}

export interface QrtracResponse<T> {
	data: T;
	/** The whole envelope, e.g. `{success, data}` or `{success, message}`. */
	body: IDataObject;
	status: number;
	/** True when the answer was recovered by `verifyUnknownOutcome` after an unknown outcome. */
	recovered?: boolean;
	/** True when a refused retry turned out to be a change already made by an attempt whose answer was lost. */
	verifiedAfterUnknownOutcome?: boolean;
}

interface AttemptFailure {
	kind: FailureKind;
	status?: number;
	message: string;
	retryAfterMs?: number;
	/** e.g. ECONNRESET; reported in the description only. */
	networkCode?: string;
}

const UNKNOWN_OUTCOME_KINDS: FailureKind[] = [
	'serverError',
	'timeout',
	'connectionReset',
	'malformedResponse',
];

/** Same-origin redirects followed before giving up (a loop, or a service that keeps moving). */
const MAX_REDIRECTS = 5;

const connections = new WeakMap<object, Promise<QrtracConnection>>();

/** The credential's settings, read and checked once per execution context. */
export async function getConnection(ctx: TransportContext): Promise<QrtracConnection> {
	let connection = connections.get(ctx);
	if (!connection) {
		const refuse = (problem: string): never => {
			throw serviceError(ctx.getNode(), { message: problem });
		};
		connection = ctx
			.getCredentials(CREDENTIAL_TYPE)
			.then((credentials) => connectionFromCredentials(credentials, refuse));
		connections.set(ctx, connection);
	}
	return await connection;
}

/** Requests of this process from their start to their answer, waits for a slot and retries included. */
let requestsUnderway = 0;

/** Whether a request of this process is under way: then answers and send slots need the event loop's turns. */
export function requestsInProgress(): boolean {
	return requestsUnderway > 0;
}

async function counted<T>(request: () => Promise<T>): Promise<T> {
	requestsUnderway++;
	try {
		return await request();
	} finally {
		requestsUnderway--;
	}
}

export async function qrtracApiRequest<T = IDataObject>(
	ctx: TransportContext,
	request: QrtracRequest,
): Promise<QrtracResponse<T>> {
	return await counted(async () => await sendWithRetries<T>(ctx, request));
}

async function sendWithRetries<T>(
	ctx: TransportContext,
	request: QrtracRequest,
): Promise<QrtracResponse<T>> {
	const connection = await getConnection(ctx);
	const teamId = request.teamId ?? connection.teamId;
	const limiter = limiterFor(connection, request, teamId);
	const options = buildHttpOptions(connection, request, teamId);
	let waitedMs = 0;
	let retryAsIdempotent = isIdempotentMethod(request.method) && request.hasSideEffects !== true;
	let outcomeWasUnknown = false;

	for (let attempt = 1; ; attempt++) {
		// Wait in line until the limiter grants a slot, then for the slot (see rateLimiter.ts, rule 2).
		let turn = limiter.take();
		while (!turn.granted) {
			await sleep(turn.waitMs);
			turn = limiter.take(turn);
		}
		if (turn.waitMs > 0) await sleep(turn.waitMs);
		throwIfCancelled(ctx);

		const outcome = await sendFollowingSameOrigin(ctx, options);
		const rateLimit = outcome.response
			? limiter.learn(outcome.response.headers, outcome.response.statusCode)
			: undefined;
		const result = outcome.failure
			? { failure: outcome.failure }
			: interpretResponse<T>(outcome.response!, request.acceptUnsuccessful === true);
		if ('data' in result) return result;
		const failure = result.failure;
		// The limiter reads the reset on its window's scale (a bare '734' is ms there), so its reading sets the wait.
		if (failure.kind === 'rateLimited' && rateLimit)
			failure.retryAfterMs = waitHintMs(rateLimit, Date.now());

		if (failure.kind === 'clientError' && outcomeWasUnknown && request.verifyAfterRefusal) {
			const verified = await request.verifyAfterRefusal().catch(() => undefined);
			if (verified)
				return {
					data: verified as T,
					body: { success: true, data: verified },
					status: 200,
					verifiedAfterUnknownOutcome: true,
				};
			throw serviceError(ctx.getNode(), {
				...failure,
				itemIndex: request.itemIndex,
				detail: `An earlier attempt had an unknown outcome (its answer was lost); the state read afterwards is not what was asked, so this refusal stands.`,
			});
		}

		if (!retryAsIdempotent && UNKNOWN_OUTCOME_KINDS.includes(failure.kind)) {
			const verified = request.verifyUnknownOutcome
				? await request.verifyUnknownOutcome()
				: undefined;
			if (verified) {
				return {
					data: verified as T,
					body: { success: true, data: verified },
					status: 200,
					recovered: true,
				};
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
		if (UNKNOWN_OUTCOME_KINDS.includes(failure.kind)) outcomeWasUnknown = true;

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
				...(failure.status === 401 && teamId !== connection.teamId
					? refusedTeam(teamId, failure.message)
					: {}),
				itemIndex: request.itemIndex,
				detail: attempt > 1 ? `Gave up after ${attempt} attempts (${decision.reason}).` : undefined,
			});
		}
		if (decision.delayMs > 0) await sleep(decision.delayMs);
		waitedMs += decision.delayMs;
	}
}

/**
 * A 401 for a team other than the credential's own is about that team (unknown, or of another organization),
 * not about the credential, which works for its own team.
 */
function refusedTeam(teamId: string, message: string): { message: string; hint: string } {
	return {
		message: `QRTRAC refused the request for team "${teamId}" (${message})`,
		hint: "The team may not exist or may belong to another organization than the credential's. Team > Get Many lists the teams this credential reaches; without a team, the credential's own team is used.",
	};
}

/** Largest image Download Image accepts; QR images are a few kilobytes. */
export const MAX_DOWNLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Downloads a public file (the QR image): no credential is sent, only http(s) is followed (redirects included,
 * at most MAX_REDIRECTS), and more than `maxBytes` is refused while it streams in.
 */
export async function downloadPublicFile(
	ctx: IExecuteFunctions,
	url: string,
	itemIndex: number,
	maxBytes = MAX_DOWNLOAD_BYTES,
): Promise<{ data: Buffer; contentType?: string }> {
	return await counted(async () => await downloadWithRetries(ctx, url, itemIndex, maxBytes));
}

async function downloadWithRetries(
	ctx: IExecuteFunctions,
	url: string,
	itemIndex: number,
	maxBytes: number,
): Promise<{ data: Buffer; contentType?: string }> {
	const connection = await getConnection(ctx);
	for (let attempt = 1; ; attempt++) {
		const outcome = await fetchFollowingHttp(ctx, url, connection.timeoutMs).then(
			(fetched) => fetched,
			(error: unknown) => ({ failure: networkFailure(error) }),
		);
		if ('refusal' in outcome)
			throw serviceError(ctx.getNode(), { message: outcome.refusal, itemIndex });
		let failure: AttemptFailure;
		if (
			'response' in outcome &&
			outcome.response.statusCode >= 200 &&
			outcome.response.statusCode < 300
		) {
			const { response } = outcome;
			const contentLength = Number(headerValue(response.headers, 'content-length'));
			const data =
				Number.isFinite(contentLength) && contentLength > maxBytes
					? undefined
					: await readCapped(response.body, maxBytes);
			if (data === undefined) {
				destroyStream(response.body);
				throw serviceError(ctx.getNode(), { message: tooLarge(maxBytes), itemIndex });
			}
			return { data, contentType: headerValue(response.headers, 'content-type') };
		} else if ('response' in outcome) {
			destroyStream(outcome.response.body);
			failure = {
				kind: classifyFailure(outcome.response.statusCode, undefined),
				status: outcome.response.statusCode,
				message: `The QR image could not be downloaded (HTTP ${outcome.response.statusCode})`,
			};
		} else {
			failure = outcome.failure;
		}
		const decision = decideRetry({
			attempt,
			method: 'GET',
			kind: failure.kind,
			status: failure.status,
			waitedSoFarMs: 0,
		});
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
		return getSharedRateLimiter(
			`${connection.baseUrl}|simple`,
			SIMPLE_INTERFACE_PER_MINUTE / 60,
			undefined,
			60_000,
		);
	}
	return getSharedRateLimiter(`${connection.baseUrl}|${teamId}`, connection.ratePerSecond);
}

function buildHttpOptions(
	connection: QrtracConnection,
	request: QrtracRequest,
	teamId: string,
): IHttpRequestOptions {
	const simple = request.api === 'simple';
	return {
		method: request.method,
		url: `${connection.baseUrl}${simple ? '/v1' : '/api'}${request.path}`,
		qs: request.query,
		body: request.body,
		headers: simple
			? { Accept: 'application/json' }
			: { Accept: 'application/json', 'x-request-team-id': teamId },
		json: request.body !== undefined,
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: connection.timeoutMs,
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};
}

/**
 * One attempt, following redirects only within the origin the credentials were meant for. 307 and 308 repeat
 * the request as it was; 301, 302 and 303 are followed only by reads (GET), as a browser would turn any other
 * method into a GET that would not do what was asked.
 */
async function sendFollowingSameOrigin(
	ctx: TransportContext,
	first: IHttpRequestOptions,
): Promise<{ response?: IN8nHttpFullResponse; failure?: AttemptFailure }> {
	let options = first;
	for (let hop = 0; ; hop++) {
		let response: IN8nHttpFullResponse;
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				CREDENTIAL_TYPE,
				options,
			)) as IN8nHttpFullResponse;
		} catch (error) {
			return { failure: networkFailure(error) };
		}
		if (!isRedirect(response.statusCode)) return { response };
		const target = redirectTarget(options.url, headerValue(response.headers, 'location'));
		const refusal = refuseRedirect(options, response.statusCode, target, hop);
		// The refused redirect is still an answer: the limiter counts it (and reads its headers).
		if (refusal) return { response, failure: refusal };
		options = { ...options, url: target!.href, qs: undefined };
	}
}

function refuseRedirect(
	options: IHttpRequestOptions,
	status: number,
	target: URL | undefined,
	hop: number,
): AttemptFailure | undefined {
	const from = new URL(options.url);
	const fail = (message: string): AttemptFailure => ({ kind: 'clientError', status, message });
	if (!target) return fail(`QRTRAC answered HTTP ${status} (a redirect) without a usable Location`);
	if (target.origin !== from.origin) {
		return fail(
			`QRTRAC answered with a redirect to another host (${target.protocol}//${target.host}); it was not followed, so the credentials were not sent there. Check the credential's Base URL (${from.origin}).`,
		);
	}
	if (hop >= MAX_REDIRECTS)
		return fail(`QRTRAC redirected more than ${MAX_REDIRECTS} times; the request was given up`);
	if (status !== 307 && status !== 308 && (options.method ?? 'GET') !== 'GET') {
		return fail(
			`QRTRAC answered a ${String(options.method)} with HTTP ${status} (a redirect that would turn it into a GET); it was not followed`,
		);
	}
	return undefined;
}

/**
 * The public file, following http(s) redirects only, without any credential. Network failures throw (they are
 * retried by the caller); a refusal to follow (a non-http(s) address, too many hops) is returned as `refusal`.
 */
async function fetchFollowingHttp(
	ctx: IExecuteFunctions,
	url: string,
	timeout: number,
): Promise<{ response: IN8nHttpFullResponse } | { refusal: string }> {
	let current = httpUrl(url);
	for (let hop = 0; current; hop++) {
		const response = (await ctx.helpers.httpRequest({
			url: current.href,
			method: 'GET',
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout,
		})) as IN8nHttpFullResponse;
		if (!isRedirect(response.statusCode)) return { response };
		destroyStream(response.body);
		if (hop >= MAX_REDIRECTS)
			return { refusal: `The QR image redirected more than ${MAX_REDIRECTS} times` };
		current = httpUrl(
			redirectTarget(current.href, headerValue(response.headers, 'location'))?.href ?? '',
		);
	}
	return {
		refusal:
			'The QR image address (or where it redirected) is not an http(s) URL, so it was not fetched',
	};
}

function httpUrl(url: string): URL | undefined {
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
	} catch {
		return undefined;
	}
}

/** The whole stream, or undefined as soon as it grows beyond `maxBytes` (the rest is not read). */
async function readCapped(body: unknown, maxBytes: number): Promise<Buffer | undefined> {
	if (Buffer.isBuffer(body)) return body.length > maxBytes ? undefined : body;
	if (typeof body === 'string') return readCapped(Buffer.from(body), maxBytes);
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of body as AsyncIterable<Buffer | string>) {
		const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
		size += bytes.length;
		if (size > maxBytes) {
			destroyStream(body);
			return undefined;
		}
		chunks.push(bytes);
	}
	return Buffer.concat(chunks);
}

function destroyStream(body: unknown): void {
	const stream = body as { destroy?: () => void } | null;
	if (stream && typeof stream.destroy === 'function') stream.destroy();
}

function tooLarge(maxBytes: number): string {
	return `The QR image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB and was not downloaded`;
}

function isRedirect(status: number): boolean {
	return status >= 300 && status < 400 && status !== 304;
}

function redirectTarget(from: string, location: string | undefined): URL | undefined {
	if (!location) return undefined;
	try {
		return new URL(location, from);
	} catch {
		return undefined;
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
		const retryAfterMs = waitHintMs(
			parseRateLimitHeaders(response.headers, Date.now()),
			Date.now(),
		);
		return {
			failure: {
				kind: 'rateLimited',
				status,
				retryAfterMs,
				message: message ?? 'Too many requests',
			},
		};
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
	const text = Buffer.isBuffer(raw)
		? raw.toString('utf8')
		: typeof raw === 'string'
			? raw
			: undefined;
	if (text === undefined) return undefined;
	try {
		const parsed: unknown = JSON.parse(text);
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
			? (parsed as IDataObject)
			: undefined;
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
		kind === 'timeout'
			? 'no answer came before the timeout'
			: 'the connection was dropped before an answer came';
	return { kind, message: `QRTRAC could not be reached: ${reason}`, networkCode: code };
}

function describe(failure: AttemptFailure): string {
	if (failure.status) return `HTTP ${failure.status}: ${failure.message}`;
	return failure.networkCode
		? `${failure.message}, network code ${failure.networkCode}`
		: failure.message;
}

function headerValue(headers: IDataObject, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	return value === undefined ? undefined : String(Array.isArray(value) ? value[0] : value);
}

function throwIfCancelled(ctx: TransportContext): void {
	const signal = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal?.() : undefined;
	if (signal?.aborted) {
		throw serviceError(ctx.getNode(), { message: 'The execution was cancelled' });
	}
}
