import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import {
	destroyStream,
	headerValue,
	interpretAnswer,
	isAborted,
	readBodyText,
	whenAborted,
	type AnswerReading,
	type ReadAnswer,
} from './answerBody';
import {
	describe,
	networkFailure,
	notSentAgain,
	notSentTwice,
	refusedCredential,
	refusedRole,
	requestTraits,
	timedOut,
	tooLarge,
	UNKNOWN_OUTCOME_KINDS,
	type AttemptFailure,
} from './attemptFailure';
import { basePathNote, buildHttpOptions, missingValues, unsendableTeam } from './connection';
import {
	CREDENTIAL_TYPE,
	OutcomeUntold,
	requestLabel,
	type QrtracRequest,
	type QrtracResponse,
	type TransportContext,
} from './qrtracRequest';
import { waitHintMs } from './rateLimit/headers';
import { limiterFor } from './rateLimit/sharedLimiters';
import { getConnection } from './readConnection';
import { secretForms } from './redaction';
import { errorWords } from './refusals';
import { isRedirect, redirectTarget, refuseRedirect } from './redirects';
import { decideRetry, isIdempotentMethod, refusedUnacted, retryPolicyWithin } from './retryPolicy';
import { answerDate, serviceDateOf } from './serviceClock';
import { markNothingWentOut } from './outcomeMarks';
import { serviceError } from './serviceErrors';
import {
	cancelledError,
	isCancelled,
	napUnlessCancelled,
	toldWaitError,
	waitForSlot,
} from './slotWait';
import { checkWithin, waitOfRequest } from './checkWait';

export type { QrtracRequest, QrtracResponse, TransportContext } from './qrtracRequest';

/*
 * The only place where QRTRAC is called over HTTP. Every request is authenticated by the credential, paced by the
 * per-(base URL, team) rate limiter within the credential's Maximum Wait (slotWait.ts; a read checking a change,
 * within the change's: checkWait.ts), retried when that is safe, read within the Request Timeout and a size cap,
 * redacted of the secrets (answerBody.ts), unwrapped from its envelope and turned into a NodeApiError when it fails.
 * A request carrying credentials never follows a redirect to another origin (redirects.ts).
 */

export async function qrtracApiRequest<T = IDataObject>(
	ctx: TransportContext,
	request: QrtracRequest,
): Promise<QrtracResponse<T>> {
	// Only here is every attempt seen: a failure whose attempts all surely did nothing is marked so.
	const trace: Trace = { mayHaveActed: false };
	return await sendWithRetries<T>(ctx, request, trace).catch((error: unknown) => {
		throw trace.mayHaveActed ? error : markNothingWentOut(error);
	});
}

/** Whether an attempt sent so far may have been carried out: any answer but a refusal (a 4xx, a 429), or none. */
type Trace = { mayHaveActed: boolean };

async function sendWithRetries<T>(
	ctx: TransportContext,
	request: QrtracRequest,
	trace: Trace,
): Promise<QrtracResponse<T>> {
	const connection = await getConnection(ctx);
	const missing = missingValues(connection, request.api ?? 'primary');
	if (missing) throw serviceError(ctx.getNode(), { ...missing, itemIndex: request.itemIndex });
	const teamId = request.teamId ?? connection.teamId;
	const badTeam = request.api === 'simple' ? undefined : unsendableTeam(teamId);
	if (badTeam) throw serviceError(ctx.getNode(), { ...badTeam, itemIndex: request.itemIndex });
	const limiter = limiterFor(connection, request.api, teamId);
	const options = buildHttpOptions(connection, request, teamId);
	const reading: TimedReading = {
		timeoutMs: connection.timeoutMs,
		baseUrl: connection.baseUrl,
		operation: requestLabel(request, new URL(options.url).pathname),
		secretForms: secretForms(connection.secrets),
		acceptUnsuccessful: request.acceptUnsuccessful === true,
		// The simple interface's answer is not published: a 2xx in JSON there is its answer, envelope or not.
		envelopeOptional: request.api === 'simple',
		otherTeam: request.api !== 'simple' && teamId !== connection.teamId,
	};
	const wait = waitOfRequest(request.checking, {
		limiter,
		ceilingMs: connection.maxWaitMs,
		operation: reading.operation,
		limitOf: request.api === 'simple' ? 'API key' : 'team',
	});
	const policy = retryPolicyWithin(wait.ceilingMs);
	let retryAsIdempotent = isIdempotentMethod(request.method) && request.hasSideEffects !== true;
	let outcomeWasUnknown = false;
	let checkedAfter = false;

	for (let attempt = 1; ; attempt++) {
		const turn = await waitForSlot(ctx, wait, request.itemIndex);
		if (isCancelled(ctx)) {
			// Stopped before it was sent: its slot is given back, not counted as a request that went out.
			limiter.leave(turn);
			throw cancelledError(ctx, reading.operation, request.itemIndex);
		}

		const sentAtMs = Date.now();
		const outcome = await exchange(ctx, options, reading, trace);
		const rateLimit = outcome.response
			? limiter.learn(outcome.response.headers, outcome.response.statusCode, sentAtMs)
			: undefined;
		if (!outcome.response) limiter.noAnswer(turn);
		const result = outcome.result;
		if ('data' in result) {
			return {
				data: result.data as T,
				body: result.body,
				...(result.bare ? { bare: true as const } : {}),
				status: outcome.response!.statusCode,
				// the one place an answer's Date is read: one more than a day off is no present to read records by (and
				// is kept for the caller: the trigger fails its poll on it rather than move a cursor on a guess)
				serviceDateMs: answerDate(ctx, serviceDateOf(outcome.response!.headers), Date.now()),
			};
		}
		const failure = { ...result.failure, request: reading.operation };
		if (!refusedUnacted(failure.status)) trace.mayHaveActed = true;
		// A 5xx's Retry-After (503 maintenance, an overloaded proxy) is the soonest a retry may go (retryPolicy.ts).
		if (failure.kind === 'serverError') failure.retryAfterMs = rateLimit?.retryAfterMs;
		// The limiter reads the reset on its window's scale (a bare '734' is ms there) and on the service's clock.
		if (failure.kind === 'rateLimited' && rateLimit)
			failure.retryAfterMs = waitHintMs(rateLimit, Date.now());

		const refusedAfterUnknown = failure.kind === 'clientError' && outcomeWasUnknown;
		// an unconfirmed answer of a request that settles unknown outcomes is looked up there, once
		const unconfirmed = result.unconfirmed && !request.verifyUnknownOutcome;
		if ((refusedAfterUnknown || unconfirmed) && request.verifyAfterRefusal) {
			// A check read that fails cannot tell whether the change was made: the item fails, its outcome unknown.
			const verified = await checkWithin(wait, request.verifyAfterRefusal).catch(
				(error: unknown) => {
					if (isCancelled(ctx)) throw error;
					return new OutcomeUntold(
						`the state could not be read to tell (its read failed: ${errorWords(error)}).`,
					);
				},
			);
			const untold = verified instanceof OutcomeUntold ? verified : undefined;
			checkedAfter = true;
			if (verified && !untold)
				return {
					data: verified as T,
					body: { success: true, data: verified },
					status: 200,
					verifiedAfterUnknownOutcome: true,
				};
			if (refusedAfterUnknown || untold)
				throw serviceError(ctx.getNode(), {
					...failure,
					itemIndex: request.itemIndex,
					outcomeUnknown: untold ? true : undefined,
					detail:
						untold?.detail(refusedAfterUnknown) ??
						`An earlier attempt had an unknown outcome (its answer was lost); the state read afterwards is not what was asked, so this refusal stands.`,
				});
		}

		if (!retryAsIdempotent && UNKNOWN_OUTCOME_KINDS.includes(failure.kind)) {
			const unknown = `The outcome of this ${request.method} is unknown (${describe(failure)})`;
			const notSent = notSentTwice(request);
			// A look-up that fails leaves the outcome unknown: its own error alone would read as "nothing was made".
			const verified = request.verifyUnknownOutcome
				? await checkWithin(wait, request.verifyUnknownOutcome).catch((error: unknown) => {
						throw serviceError(ctx.getNode(), {
							...failure,
							itemIndex: request.itemIndex,
							outcomeUnknown: true,
							detail: `${unknown}, and the look-up that would settle it failed (${error instanceof Error ? error.message : String(error)}). ${notSent}`,
						});
					})
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
					outcomeUnknown: true,
					detail: `${unknown}. ${notSent}`,
				});
			}
			// A redirect not followed is answered the same way again: nothing was made, and it is not sent again.
			if (failure.status !== undefined && isRedirect(failure.status))
				throw serviceError(ctx.getNode(), {
					...failure,
					itemIndex: request.itemIndex,
					detail: `A look-up found that nothing was made; the redirect is not followed, so the ${request.method} was not sent again.`,
				});
			// Verified absent: sending again cannot duplicate anything.
			retryAsIdempotent = true;
			checkedAfter = true;
		}
		if (UNKNOWN_OUTCOME_KINDS.includes(failure.kind))
			outcomeWasUnknown = wait.earlierAnswerLost = true;

		const decision = decideRetry(
			{
				attempt,
				method: retryAsIdempotent ? 'PUT' : 'POST',
				kind: failure.kind,
				status: failure.status,
				retryAfterMs: failure.retryAfterMs,
				waitedSoFarMs: wait.waitedMs,
				sameIfSentAgain: failure.sameIfSentAgain,
			},
			policy,
		);
		if (!decision.retry) {
			if (decision.toldWaitMs !== undefined)
				throw toldWaitError(ctx, wait, decision.toldWaitMs, request.itemIndex, failure);
			throw serviceError(ctx.getNode(), {
				...failure,
				...(failure.status === 401
					? refusedCredential(request, teamId, reading.otherTeam === true, failure)
					: {}),
				...refusedRole(request, failure),
				...requestTraits(request, outcomeWasUnknown),
				// what a 404 of the simple interface did not find: its address (the Base URL holds no secret)
				simpleInterfaceUrl: request.api === 'simple' ? options.url : undefined,
				itemIndex: request.itemIndex,
				detail:
					[
						attempt > 1
							? `Gave up after ${attempt} attempts of ${reading.operation}: ${decision.reason}.`
							: undefined,
						failure.sameIfSentAgain ? notSentAgain(checkedAfter) : undefined,
						// the simple interface's own 404 hint names its address; the credential's Test never reaches it
						failure.status === 404 && request.api !== 'simple'
							? basePathNote(connection, reading.operation)
							: undefined,
					]
						.filter(Boolean)
						.join(' ') || undefined,
			});
		}
		if (decision.delayMs > 0) wait.waitedMs += await napUnlessCancelled(ctx, decision.delayMs);
	}
}

interface TimedReading extends AnswerReading {
	timeoutMs: number;
	/** The credential's Base URL: redirects are followed only below it (redirects.ts). */
	baseUrl: string;
}

type AttemptResult = ReadAnswer | { failure: AttemptFailure; unconfirmed?: boolean };

/**
 * One attempt, following redirects only within the origin the credentials were meant for (redirects.ts), its
 * answer read whole within the Request Timeout (which counts from the send: headers, redirects and body) and
 * the size cap (answerBody.ts). n8n's own timeout only ends a silent connection, hence the deadline here.
 */
async function exchange(
	ctx: TransportContext,
	first: IHttpRequestOptions,
	reading: TimedReading,
	trace: Trace,
): Promise<{ response?: IN8nHttpFullResponse; result: AttemptResult }> {
	const deadline = AbortSignal.timeout(reading.timeoutMs);
	let options = first;
	for (let hop = 0; ; hop++) {
		const sent = await sendBefore(ctx, options, deadline);
		if ('failure' in sent) return { result: { failure: sent.failure } };
		const { response } = sent;
		if (!isRedirect(response.statusCode)) {
			const body = await readBodyText(
				response.body,
				headerValue(response.headers, 'content-length'),
				deadline,
			).catch((error: unknown) => ({ failure: networkFailure(error) }));
			if ('failure' in body) return { response, result: body };
			if ('timedOut' in body) return { response, result: { failure: timedOut(reading.timeoutMs) } };
			// Named by the request as sent: a redirect's path is service text, and may hold a secret.
			if ('tooLarge' in body) return { response, result: { failure: tooLarge(reading.operation) } };
			const { statusCode } = response;
			return {
				response,
				result: interpretAnswer(statusCode, body.text, reading),
			};
		}
		destroyStream(response.body);
		const target = redirectTarget(options.url, headerValue(response.headers, 'location'));
		const refusal = refuseRedirect(options, response.statusCode, target, hop, {
			baseUrl: reading.baseUrl,
			secretForms: reading.secretForms,
		});
		// The refused redirect is still an answer: the limiter counts it (and reads its headers).
		if (refusal) return { response, result: { failure: refusal } };
		// the hop that redirected may have done what was asked (a 303 after a write): a refusal later cannot tell
		trace.mayHaveActed = true;
		options = { ...options, url: target!.href, qs: undefined };
	}
}

/** Sends and waits for the answer's headers until the deadline; a late answer is let go unread. */
async function sendBefore(
	ctx: TransportContext,
	options: IHttpRequestOptions,
	deadline: AbortSignal,
): Promise<{ response: IN8nHttpFullResponse } | { failure: AttemptFailure }> {
	const pending = ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, options);
	const deadlineReached = whenAborted(deadline);
	try {
		const first = await Promise.race([pending, deadlineReached.promise]);
		if (!isAborted(first)) return { response: first as IN8nHttpFullResponse };
		pending.then(
			(late) => destroyStream((late as IN8nHttpFullResponse)?.body),
			() => undefined,
		);
		return {
			failure: {
				kind: 'timeout',
				message: 'QRTRAC could not be reached: no answer came before the timeout',
			},
		};
	} catch (error) {
		return { failure: networkFailure(error) };
	} finally {
		deadlineReached.dispose();
	}
}
