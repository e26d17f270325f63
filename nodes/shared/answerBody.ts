import type { IDataObject } from 'n8n-workflow';

import { excerptRedacted } from './api/answerErrors';
import { withheldIpAddressText } from './api/ipAddressFields';
import { CUT_MARGIN_CHARS, mayHoldSecret, redactDeep, redactText } from './redaction';
import { classifyFailure } from './retryPolicy';
import type { AttemptFailure } from './attemptFailure';

/**
 * Reading one answer of QRTRAC: the body streamed, cut at MAX_ANSWER_BYTES and given up when the Request Timeout
 * (counted from the send) runs out, then its envelope, redacted of the credential's secrets (redaction.ts). n8n
 * buffers whole answers without a limit and its timeout stops only a silent connection, so a trickling or huge
 * body would otherwise hold or exhaust the process.
 */

/** Largest answer read: a page holds at most 100 codes, and an unpaged list of a 10,000-code team ~20 MB. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

export type BodyText = { text: string } | { tooLarge: true } | { timedOut: true };

const ABORTED = Symbol('aborted');

/** A promise that settles when `signal` aborts; dispose() lets go of the signal once it is no longer needed. */
export function whenAborted(signal: AbortSignal): {
	promise: Promise<typeof ABORTED>;
	dispose: () => void;
} {
	let onAbort = () => {};
	const promise = new Promise<typeof ABORTED>((resolve) => {
		onAbort = () => resolve(ABORTED);
		if (signal.aborted) resolve(ABORTED);
		else signal.addEventListener('abort', onAbort, { once: true });
	});
	return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

export function isAborted(value: unknown): value is typeof ABORTED {
	return value === ABORTED;
}

/** The body as text: whole, or `tooLarge` as soon as it passes `maxBytes`, or `timedOut` when `deadline` aborts. */
export async function readBodyText(
	body: unknown,
	contentLength: string | undefined,
	deadline: AbortSignal,
	maxBytes = MAX_ANSWER_BYTES,
): Promise<BodyText> {
	if (typeof body === 'string')
		return Buffer.byteLength(body) > maxBytes ? { tooLarge: true } : { text: body };
	if (Buffer.isBuffer(body))
		return body.length > maxBytes ? { tooLarge: true } : { text: body.toString('utf8') };
	if (!isStream(body))
		return { text: body === undefined || body === null ? '' : JSON.stringify(body) };
	if (Number(contentLength) > maxBytes) {
		destroyStream(body);
		return { tooLarge: true };
	}
	const chunks: Buffer[] = [];
	let size = 0;
	const iterator = body[Symbol.asyncIterator]();
	const deadlineReached = whenAborted(deadline);
	try {
		for (;;) {
			const pending = iterator.next();
			// The stream is destroyed below when the deadline wins; its last read then fails unobserved.
			pending.catch(() => undefined);
			const next = await Promise.race([pending, deadlineReached.promise]);
			if (isAborted(next)) {
				destroyStream(body);
				return { timedOut: true };
			}
			if (next.done) break;
			const bytes = Buffer.isBuffer(next.value) ? next.value : Buffer.from(String(next.value));
			size += bytes.length;
			if (size > maxBytes) {
				destroyStream(body);
				return { tooLarge: true };
			}
			chunks.push(bytes);
		}
	} finally {
		deadlineReached.dispose();
	}
	return { text: Buffer.concat(chunks).toString('utf8') };
}

function isStream(body: unknown): body is AsyncIterable<unknown> {
	return (
		typeof body === 'object' &&
		body !== null &&
		typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
	);
}

/** A header of an answer, whatever case n8n gave its name; the first of repeated values. */
export function headerValue(headers: IDataObject, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	return value === undefined ? undefined : String(Array.isArray(value) ? value[0] : value);
}

export function destroyStream(body: unknown): void {
	const stream = body as { destroy?: () => void } | null;
	if (stream && typeof stream.destroy === 'function') stream.destroy();
}

export interface ReadAnswer {
	data: unknown;
	body: IDataObject;
	/** The answer is JSON but no object (only where the envelope is optional): `data` is it, `body` empty. */
	bare?: true;
}

/** How an answer is read: the secrets to redact, the variants accepted, and the operation for messages. */
export interface AnswerReading {
	secretForms: readonly string[];
	acceptUnsuccessful: boolean;
	/** Where the envelope is not published (the simple v1 interface): a 2xx in JSON is the answer as it is. */
	envelopeOptional: boolean;
	/** e.g. `POST /api/qrs-api`, named in the message of an answer that is not JSON. */
	operation: string;
	/**
	 * The request is for a team other than the credential's: a 401 there is about that team (attemptFailure.ts
	 * `refusedTeam`), so its status is named without saying that the credentials were refused.
	 */
	otherTeam?: boolean;
}

/**
 * An answer's envelope, its strings redacted: 2xx `{success: true}` (or with `data` and no `success`) is the
 * data; `success: false` is a refusal unless the caller accepts it; a 2xx with neither `success` nor `data` (or
 * with no body at all), or whose `success` is no boolean, says nothing sure about the outcome (`unconfirmed`): it
 * is checked, never taken as done.
 * Except where the envelope is not published (`envelopeOptional`, the simple v1 interface): there such a 2xx is
 * the answer, in `body`, and so is JSON that is no object, in `data` (`bare`).
 */
export function interpretAnswer(
	status: number,
	text: string,
	reading: AnswerReading,
): ReadAnswer | { failure: AttemptFailure; unconfirmed?: boolean } {
	const { secretForms, acceptUnsuccessful, envelopeOptional } = reading;
	const ok = status >= 200 && status < 300;
	// A 2xx without a body (204 No Content, an empty 200) says as little as `{}`: checked like it, not read as a
	// garbled answer sent again until the attempts run out. Not where the envelope is optional (the v1 create):
	// `{}` is an answer there, while nothing at all names no link made.
	const empty = ok && !envelopeOptional && text.trim() === '';
	const parsed: ParsedBody = empty ? { object: {} } : parseBody(text, secretForms);
	// NOTES: the v1 create's answer is unpublished, "return what the service answers": JSON text or a list too
	if (ok && envelopeOptional && 'value' in parsed)
		return { data: parsed.value, body: {}, bare: true };
	if (!('object' in parsed)) return { failure: notJson(status, text, reading, parsed) };
	const body = parsed.object;
	if (ok && (body.success === true || (body.success === false && acceptUnsuccessful)))
		return { data: body.data, body };
	if (ok && body.success === undefined && (body.data !== undefined || envelopeOptional))
		return { data: body.data, body };
	// also where the envelope is unpublished (the v1 create): "false" or 0 may deny the link, "ok" confirm it
	if (ok && body.success !== undefined && typeof body.success !== 'boolean')
		return { unconfirmed: true, failure: successNotBoolean(status, body, reading) };
	if (ok && body.success === undefined) {
		return {
			unconfirmed: true,
			failure: {
				kind: 'malformedResponse',
				offContract: true,
				status,
				message: `QRTRAC answered ${reading.operation} with HTTP ${status} without saying whether it succeeded (${empty ? 'no body' : 'no "success" and no "data"'})`,
			},
		};
	}
	return {
		failure: {
			kind: ok ? 'clientError' : classifyFailure(status, undefined),
			status,
			...refusalMessage(status, body, reading),
		},
	};
}

/**
 * A 2xx whose `success` is neither true nor false (`"true"`, `1`, null): the contract's envelope has a boolean there,
 * so it tells neither a success nor a refusal; like a 2xx that says nothing, it is checked, never taken either way.
 * Whole JSON, it would come again: not sent again (a change the check finds not made fails, a create's outcome
 * stays unknown unless a look-up settles it).
 */
function successNotBoolean(
	status: number,
	body: IDataObject,
	reading: AnswerReading,
): AttemptFailure {
	const excerpt = excerptRedacted(body, reading.secretForms, EXCERPT_CHARS);
	return {
		kind: 'malformedResponse',
		offContract: true,
		sameIfSentAgain: true,
		status,
		message: `QRTRAC answered ${reading.operation} with HTTP ${status} and a "success" that is neither true nor false: ${excerpt}`,
		quotesBody: true,
	};
}

/** Longest message of the service shown: past it, a message (a stack trace, a page held in JSON) is cut. */
const MESSAGE_CHARS = 500;

/**
 * What a refusal says: the service's message, cut at MESSAGE_CHARS; for a body that is not the contract's
 * ErrorResponse (`message` missing or no text, e.g. a list of messages or `error`), the operation and an excerpt
 * of the body (api/answerErrors.ts), so that the service's words are never dropped. A `message` that is null or
 * blank says nothing.
 */
function refusalMessage(
	status: number,
	body: IDataObject,
	reading: AnswerReading,
): Pick<AttemptFailure, 'message' | 'quotesBody'> {
	const { message } = body;
	if (typeof message === 'string' && message.trim() !== '')
		return { message: cut(message, MESSAGE_CHARS) };
	const said = Object.keys(body).some((key) => key !== 'success' && key !== 'message')
		? body
		: message;
	// a string left here is blank
	if (said === undefined || said === null || typeof said === 'string') {
		if (status === 429) return { message: 'Too many requests' };
		return {
			message: `QRTRAC answered ${reading.operation} with ${statusText(status, reading)} without a message`,
		};
	}
	const excerpt = excerptRedacted(said, reading.secretForms, EXCERPT_CHARS);
	return {
		message: `QRTRAC answered ${reading.operation} with ${statusText(status, reading)} and an error without a "message" text: ${excerpt}`,
		quotesBody: true,
	};
}

/** `text` cut at `limit` characters, marked when cut. */
function cut(text: string, limit: number): string {
	return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/** Longest excerpt of a body in a message (not JSON, or an error without a message): enough to recognise a proxy's page. */
const EXCERPT_CHARS = 200;

const STATUS_WORDS: Readonly<Record<number, string>> = {
	401: 'the credentials were refused',
	403: 'the request was forbidden',
	404: 'not found',
	408: 'the service gave up waiting',
	429: 'too many requests',
};

/**
 * A body that is not JSON: its status says what happened, as for any other answer (the contract publishes no
 * body for a 429 or a 401, and proxies and rate-limit middleware send HTML or text); only a 2xx is garbled, an answer off the contract.
 */
function notJson(
	status: number,
	text: string,
	reading: AnswerReading,
	parsed: Exclude<ParsedBody, { object: IDataObject }>,
): AttemptFailure {
	// what a page shows: its head (a title repeating the heading), scripts and styles left out
	// a scan answer cut short holds visitors' addresses, which no error shows (api/ipAddressFields.ts)
	const excerpt = redactText(withheldIpAddressText(pageStart(text)), reading.secretForms)
		.replace(/<(head|script|style)\b[\s\S]*?<\/\1>/gi, ' ')
		.replace(/<[^>]*>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	const shown = cut(excerpt, EXCERPT_CHARS);
	const ok = status >= 200 && status < 300;
	return {
		kind: ok ? 'malformedResponse' : classifyFailure(status, undefined),
		...(ok ? { offContract: true as const } : {}),
		status,
		// JSON text brings its own quotes; a page's words are quoted here
		message: `QRTRAC answered ${reading.operation} with ${statusText(status, reading)} and ${bodyKind(parsed)}${shown ? `: ${'value' in parsed ? shown : `"${shown}"`}` : ''}`,
		...(shown ? { quotesBody: true as const } : {}),
	};
}

/**
 * What a body that is no JSON object is: JSON all the same (a bare list, text: an answer without the envelope) is
 * named so, for "not JSON" sends the reader looking for a proxy's page.
 */
function bodyKind(parsed: Exclude<ParsedBody, { object: IDataObject }>): string {
	if (!('value' in parsed)) return 'a body that is not JSON';
	const { value } = parsed;
	const kind =
		value === null
			? 'null'
			: Array.isArray(value)
				? 'a list'
				: typeof value === 'string'
					? 'text'
					: `a ${typeof value}`;
	return `JSON that is ${kind}, not an object`;
}

/** e.g. `HTTP 401 (the credentials were refused)`; a bare `HTTP 401` for another team (`otherTeam`). */
function statusText(status: number, reading: AnswerReading): string {
	const words =
		status === 401 && reading.otherTeam
			? undefined
			: (STATUS_WORDS[status] ?? (status >= 500 ? 'a server error' : undefined));
	return `HTTP ${status}${words ? ` (${words})` : ''}`;
}

/** What of a page is read for its excerpt: the excerpt is short, the page may be megabytes. */
const PAGE_START_CHARS = 256 * 1024;

/** The start of a page, without the stretch before the cut where a secret could begin. */
function pageStart(text: string): string {
	return text.length <= PAGE_START_CHARS
		? text
		: text.slice(0, PAGE_START_CHARS - CUT_MARGIN_CHARS);
}

/** A body parsed once: a JSON object, JSON that is no object (`value`), or no JSON at all. */
type ParsedBody = { object: IDataObject } | { value: unknown } | { notJson: true };

/** What `text` is, every string in its JSON redacted. */
function parseBody(text: string, secretForms: readonly string[]): ParsedBody {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return { notJson: true };
	}
	const redacted = mayHoldSecret(text, secretForms) ? redactDeep(parsed, secretForms) : parsed;
	return redacted && typeof redacted === 'object' && !Array.isArray(redacted)
		? { object: redacted as IDataObject }
		: { value: redacted };
}
