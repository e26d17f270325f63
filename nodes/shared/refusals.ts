import { NodeApiError } from 'n8n-workflow';

import { answeredNoCode } from './api/codeReadAnswers';

/**
 * The service's refusals read by what they say about the record asked for: one rule for both nodes (the actions'
 * "already so" and "not there" outcomes, the trigger's watched codes that are gone). Pure.
 */

/**
 * A refusal of the service (HTTP 400) whose message says `pattern`: read as "already so" only together with a
 * state read that confirms it, since the contract publishes no messages.
 */
export function refusedWith(error: unknown, pattern: RegExp): error is NodeApiError {
	return error instanceof NodeApiError && error.httpCode === '400' && pattern.test(error.message);
}

/**
 * Refused because the record is not there: 400 "not found", as the contract documents, or 404, which a service
 * may answer for an unknown ID all the same, or a 2xx `success: false` "not found": the contract documents only a
 * 200 for reads by ID (Get QR by ID), whose `success` may be false.
 */
export function refusedAsNotFound(error: unknown): error is NodeApiError {
	return (
		refusedWith(error, /not\s*found/i) ||
		(error instanceof NodeApiError &&
			(error.httpCode === '404' ||
				(/^2\d\d$/.test(error.httpCode ?? '') && /not\s*found/i.test(error.message))))
	);
}

/**
 * The answer shows no code here: refused as not found (refusedAsNotFound), or a code read by its ID answered
 * success without a code (api/codeReadAnswers.ts `answeredNoCode`), which the contract's optional `data` allows and
 * which says no more than a 200 `success: false` "not found" does. One rule for the actions that take such an
 * answer for no code there (Create or Update's code the row before left and Delete Missing's candidates, Delete's
 * code): each confirms a deletion by the team's changes where it reports one. The trigger does not: an answer
 * without a code is no proof there, only a cause a gone code may have (QrtracTrigger/watchedScans.ts).
 */
export function showsNoCode(error: unknown): error is NodeApiError {
	return refusedAsNotFound(error) || (error instanceof NodeApiError && answeredNoCode(error));
}

/**
 * A refusal that proves the code asked for is gone: not found (refusedAsNotFound) or 410 Gone. Any other refusal
 * a gone code may cause (mayNameGoneCode: a 403, a 400 saying something else) may as well come to a live code (a
 * role refused for a while), so it counts as gone only once the team's changes or list confirm it
 * (api/deletions.ts `goneAmong`).
 */
export function refusedAsGone(error: unknown): error is NodeApiError {
	return refusedAsNotFound(error) || (error instanceof NodeApiError && error.httpCode === '410');
}

/**
 * A refusal that a code not there may cause, read or used by its ID: not found (refusedAsNotFound), or refused as
 * unknown, of another team or gone (400, 403, 404, 410), answers the contract does not rule out for such an ID.
 */
export function mayNameGoneCode(error: unknown): error is NodeApiError {
	return (
		refusedAsNotFound(error) ||
		(error instanceof NodeApiError && ['400', '403', '404', '410'].includes(error.httpCode ?? ''))
	);
}

/**
 * A code's read or use whose failure a code not there may cause: a refusal (mayNameGoneCode) or a read answered
 * success without a code (api/codeReadAnswers.ts `answeredNoCode`: the contract's `data` is optional), which a
 * live code does not get but an ID of another team may. Like a 403, it counts as gone only once the team's changes
 * (or list) confirm it: api/deletions.ts `deletedAfterRefusals` for the actions, the trigger's watchedCodeGone.
 */
export function mayShowGoneCode(error: unknown): error is NodeApiError {
	return mayNameGoneCode(error) || (error instanceof NodeApiError && answeredNoCode(error));
}

/** A refusal in a few words for an error's description: its status and message. */
export function refusalWords(error: NodeApiError): string {
	return `${error.httpCode ?? ''} ${error.message}`.replace(/\s+/g, ' ').trim();
}

/** Any failure in a few words: a refusal's status and message, another error's message. */
export function errorWords(error: unknown): string {
	return error instanceof Error ? refusalWords(error as NodeApiError) : 'an unknown error';
}
