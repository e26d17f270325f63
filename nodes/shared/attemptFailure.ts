import { MAX_ANSWER_BYTES } from './answerBody';
import type { RoleRule } from './api/route';
import type { QrtracRequest } from './qrtracRequest';
import { classifyFailure, type FailureKind } from './retryPolicy';
import type { ServiceFailure } from './serviceErrors';

/** How one attempt of a request failed, in words for the error n8n shows; never with the request's options. */
export interface AttemptFailure {
	kind: FailureKind;
	status?: number;
	message: string;
	retryAfterMs?: number;
	/** e.g. ECONNRESET; reported in the description only. */
	networkCode?: string;
	/** A hint that replaces the one picked from the message and status. */
	hint?: string;
	/** The status's hint where the general one would mislead; only a plan's limit reached comes first (hintFor). */
	statusHint?: string;
	/** The answer passed MAX_ANSWER_BYTES and was not read (serviceErrors.ts `isAnswerTooLarge`). */
	answerTooLarge?: true;
	/** The message quotes an excerpt of the answer (serviceErrors.ts shows it as it came). */
	quotesBody?: true;
	/** A 2xx the contract does not describe: not JSON, or neither `success` nor `data` (api/answerErrors.ts). */
	offContract?: true;
	/** Whole JSON off the contract (a `success` that is no boolean): retryPolicy.ts sends it no more. */
	sameIfSentAgain?: true;
}

export const UNKNOWN_OUTCOME_KINDS: FailureKind[] = [
	'serverError',
	'timeout',
	'connectionReset',
	'malformedResponse',
];

/**
 * The words of an answer off the contract that would come again (`sameIfSentAgain`), after a check read or a
 * look-up (`checked`) found it not done as asked.
 */
export function notSentAgain(checked: boolean): string {
	const found = checked
		? 'Checked afterwards, it is not done as asked (not made, not all of it, or not yet). '
		: '';
	return `${found}It was not sent again: the same answer would come again.`;
}

/** What to do after a create of a QR code whose outcome is unknown (requests that name no other advice). */
const CODE_CREATE_ADVICE =
	"Check the team's codes before re-running this item, or set a Display ID so that the node can check and retry by itself.";

/** Why a change whose outcome is unknown was not sent again, and what to do before running its item again. */
export function notSentTwice(
	request: Pick<QrtracRequest, 'sendsInvitation' | 'unknownOutcomeAdvice'>,
): string {
	return `It was not sent again, so that ${request.sendsInvitation ? 'nobody is mailed' : 'nothing is created'} twice. ${request.unknownOutcomeAdvice ?? CODE_CREATE_ADVICE}`;
}

/**
 * A 401 for a team other than the credential's own: mostly about that team (unknown, or of another organization),
 * but a wrong credential is refused so for any team, so the hint names both.
 */
export function refusedTeam(teamId: string, message: string): { message: string; hint: string } {
	return {
		message: `QRTRAC refused the request for team "${teamId}" (${message})`,
		// the contract's 401 is "bad credentials": a wrong Client Secret is refused so for any team. Worded for
		// any field naming the team (Team Override, Team > Get's Team, the trigger's Team).
		hint: "The team may not exist or may belong to another organization than the credential's (Team > Get Many lists the teams this credential reaches; without a team, the credential's own team is used), or the credential itself was refused: run once with the credential's own team, and if that is refused too, check 'Team ID', 'Client ID' and 'Client Secret' (QRTRAC Settings > API Access).",
	};
}

/** What a 401 refused: the bearer key (simple interface), another team than the credential's, or (none) the credential. */
export function refusedCredential(
	request: Pick<QrtracRequest, 'api'>,
	teamId: string,
	otherTeam: boolean,
	failure: Pick<AttemptFailure, 'message'>,
): { message?: string; hint?: string; statusHint?: string } {
	if (request.api === 'simple') return refusedApiKey(401);
	return otherTeam ? refusedTeam(teamId, failure.message) : {};
}

/**
 * What an error's words need to know of the request besides its failure: whether it sends an invitation, names a
 * record, uses up the plan, or changes something (any method but GET), which a lost answer may have done, and
 * whether an earlier attempt's answer was lost (that attempt may have done it, whatever the last answer says).
 */
export function requestTraits(
	request: Pick<QrtracRequest, 'method' | 'sendsInvitation' | 'namesRecord' | 'usesPlan'>,
	earlierAnswerLost: boolean,
): Pick<
	ServiceFailure,
	'sendsInvitation' | 'namesRecord' | 'usesPlan' | 'writes' | 'earlierAnswerLost'
> {
	const { sendsInvitation, namesRecord, usesPlan } = request;
	const writes = request.method !== 'GET' || undefined;
	return {
		sendsInvitation,
		namesRecord,
		usesPlan,
		writes,
		earlierAnswerLost: earlierAnswerLost || undefined,
	};
}

/** What the contract says of each role rule's operation, for its 403's hint. */
const ROLE_RULE_HINTS: Record<RoleRule, string> = {
	'Admin or Owner':
		"The API client's role may not do this: QRTRAC lets only an Admin or Owner client do it. Check the role of the API client the credential's 'Client ID' names (QRTRAC Settings > API Access).",
	// Delete Member (completely): the contract also never deletes an owner (400 or 403), whatever the client's role
	Owner:
		"Deleting a member completely needs an Owner client, and QRTRAC never deletes the organization's owner. Check that the member is not the organization's owner, then the role of the API client the credential's 'Client ID' names (QRTRAC Settings > API Access).",
};

/**
 * A 403's hint where the general one (serviceErrors.ts) would mislead: the simple interface sends only its bearer
 * key, and an operation with one of the contract's role rules names that rule (api/route.ts `Endpoint`). The
 * contract lets such an operation refuse with a 400 too (Delete Member: the owner is never deleted), so a 400 whose
 * message names a permission, or a role with a deletion or a rule of who may ("only", "requires", "allows",
 * "cannot", "may"), gets the rule's hint as well. A role word alone is no refusal of the role ("Team name already
 * exists for this owner"), nor is "not permitted" ("Special characters are not permitted in team names").
 */
export function refusedRole(
	request: Pick<QrtracRequest, 'api' | 'needsRole'>,
	failure: Pick<AttemptFailure, 'status' | 'message'>,
): { statusHint?: string } {
	if (failure.status === 403) {
		if (request.api === 'simple') return refusedApiKey(403);
		return request.needsRole ? { statusHint: ROLE_RULE_HINTS[request.needsRole] } : {};
	}
	const namesRole = /\b(owners?|roles?|admins?|administrators?|editors?|viewers?)\b/i;
	// not "required" ("Team owner is required") nor "can" ("Team name can't contain the word admin"): a value's rule
	const namesRule = /\b(delet\w*|remov\w*|only|requires?|allow(s|ed)?|cannot|may)\b/i;
	const namesPermission = /\b(permissions?|privileges?|not authori[sz]ed)\b/i;
	const refusesRole =
		namesPermission.test(failure.message) ||
		(namesRole.test(failure.message) && namesRule.test(failure.message));
	if (failure.status === 400 && request.api !== 'simple' && request.needsRole && refusesRole)
		return { statusHint: ROLE_RULE_HINTS[request.needsRole] };
	return {};
}

/** A 401 or 403 of the simple interface is about its bearer key, the only credential value it sends. */
export function refusedApiKey(status: 401 | 403): { statusHint: string } {
	const check =
		status === 401
			? 'it must be a current key from QRTRAC Settings > API Access.'
			: 'QRTRAC refused it. Check in QRTRAC Settings > API Access that it is current and may create links.';
	return {
		statusHint: `Check the credential's 'API Key (Simple Interface)': ${check} Dynamic Link sends only this key (the client fields are for the other resources).`,
	};
}

export function timedOut(timeoutMs: number): AttemptFailure {
	return {
		kind: 'timeout',
		message: `QRTRAC's answer did not arrive in full within the Request Timeout of ${timeoutMs / 1000} s`,
	};
}

/** `operation` as the transport names the request sent, e.g. `GET /api/qrs-api/all/fromTime/0`. */
export function tooLarge(operation: string): AttemptFailure {
	return {
		kind: 'clientError',
		answerTooLarge: true,
		message: `QRTRAC's answer to ${operation} is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB; it was not read, so that it cannot exhaust n8n's memory`,
		hint: 'Ask for less at a time: a later time for Get Updated Since (or a trigger that runs more often), one team instead of all teams, fewer codes or a shorter date range for scans.',
	};
}

/**
 * Network-level failure without any of the request's options (which hold the credential's headers). The Node
 * error code stays out of the message: n8n replaces a message holding one with a generic "you can retry the
 * request immediately", which is wrong for a create whose outcome is unknown. It goes into the description.
 */
export function networkFailure(error: unknown): AttemptFailure {
	const err = error as { code?: string; cause?: { code?: string }; message?: string };
	const code = err?.code ?? err?.cause?.code;
	const kind = classifyFailure(undefined, code);
	const reason =
		kind === 'timeout'
			? 'no answer came before the timeout'
			: 'the connection was dropped before an answer came';
	return { kind, message: `QRTRAC could not be reached: ${reason}`, networkCode: code };
}

export function describe(failure: AttemptFailure): string {
	if (failure.status) return `HTTP ${failure.status}: ${failure.message}`;
	return failure.networkCode
		? `${failure.message}, network code ${failure.networkCode}`
		: failure.message;
}
