import type { INode, JsonObject, NodeApiError } from 'n8n-workflow';

import { markOffContract } from './api/answerErrors';
import type { PlanCount } from './api/route';
import { apiError } from './nodeErrors';
import type { FailureKind } from './retryPolicy';
import { FIELD_LABELS } from './records/fieldLabels';
import { markOutcomeUnknown } from './outcomeMarks';

/** What went wrong with one request, in the service's words where it gave any. */
export interface ServiceFailure {
	status?: number;
	message: string;
	/** Extra context from the transport (retries made, waited time, unknown outcome). */
	detail?: string;
	itemIndex?: number;
	/** A hint that replaces the one picked from the message and status. */
	hint?: string;
	/** The status's hint where the general one would mislead; only a plan's limit reached comes first (hintFor). */
	statusHint?: string;
	/** e.g. ECONNREFUSED or CERT_HAS_EXPIRED: what tells one network failure from another, kept out of the message. */
	networkCode?: string;
	/** The answer was too large to read: a reader that can ask for less at a time may (`isAnswerTooLarge`). */
	answerTooLarge?: true;
	/** The request may have been carried out all the same (a create's lost answer): `isOutcomeUnknown`. */
	outcomeUnknown?: true;
	/** The message quotes an excerpt of the answer, not a message text: shown as it came, fields not relabelled. */
	quotesBody?: true;
	/** The request sends an invitation (Resend Invite): a message about it gets the resend hint. */
	sendsInvitation?: true;
	/** What the request uses up of the plan (api/route.ts): its 403 may be that limit as well as the role's. */
	usesPlan?: PlanCount;
	/** How the request failed at the service or on the network (retryPolicy.ts): `isRequestFailure`. */
	kind?: FailureKind;
	/** A 2xx the contract does not describe (answerBody.ts): api/answerErrors.ts `isOffContract`. */
	offContract?: true;
	/** An answer read off the contract that would come again (attemptFailure.ts): no lost answer. */
	sameIfSentAgain?: true;
	/** The request names no record by ID or e-mail (the v1 create): its "not found" gets no hint to check one. */
	namesRecord?: false;
	/** Where a request to the simple interface went: what its 404 did not find. */
	simpleInterfaceUrl?: string;
	/** The request changes something (not a GET): an answer lost or unreadable leaves open whether it did. */
	writes?: true;
	/** An earlier attempt's answer was lost: a later refusal does not show that nothing was done. */
	earlierAnswerLost?: true;
	/** The request as errors name it (qrtracRequest.ts `requestLabel`): a description not naming it ends with it. */
	request?: string;
}

/** The errors of requests that failed at the service or on the network, by identity (`ServiceFailure.kind`). */
const requestFailures = new WeakSet<object>();

/**
 * Whether `error` is a request's failure at the service or on the network (a refusal, a 5xx, an answer too large or
 * garbled, no answer), as the transport classified it: not a Stop, a told wait past Maximum Wait, a setting
 * refused before sending, nor an error of the node's own code, which asking otherwise would only hide.
 */
export function isRequestFailure(error: unknown): boolean {
	return typeof error === 'object' && error !== null && requestFailures.has(error);
}

/** The errors of answers too large to read, by identity: nothing the service sends can make one. */
const tooLargeAnswers = new WeakSet<object>();

/** Whether `error` is the failure of an answer too large to read (attemptFailure.ts `tooLarge`). */
export function isAnswerTooLarge(error: unknown): boolean {
	return typeof error === 'object' && error !== null && tooLargeAnswers.has(error);
}

type Hint = {
	test: (failure: ServiceFailure) => boolean;
	hint: string | ((failure: ServiceFailure) => string);
};

/**
 * The statuses of a refusal of what was asked (not the credential, the rate limit or a server error); a 402
 * (Payment Required) is how some services refuse past a plan's limit.
 */
const refusal = (f: ServiceFailure) =>
	f.status === 400 || f.status === 402 || f.status === 403 || f.status === 409 || f.status === 422;

/** A message about a limit of any kind: on Resend Invite, the resend limit whatever it names. */
const LIMIT_WORDS = /\b(limit|limits|maximum|max|quota|too many)\b/i;

/** "already accepted", "has already been accepted". */
const ALREADY_ACCEPTED = /\balready (?:been )?accepted\b/i;
const INVITATION_RULE =
	'QRTRAC allows only a few resends of one invitation, and only to people who have not accepted it yet.';

/**
 * A refusal of Resend Invite that its invitation causes: a limit, or an accepted invitation. A role refusal that
 * names invitations is the role's (the status hint).
 */
const refusedInvitation = (f: ServiceFailure) =>
	f.sendsInvitation === true &&
	refusal(f) &&
	(LIMIT_WORDS.test(f.message) || ALREADY_ACCEPTED.test(f.message));

/**
 * The message without its quoted values: a Display ID "quota-2024" or a name 'Q3 launch plan' says nothing of a
 * plan. A single quote opens a value only after no letter, so that "plan's" or "can't" stay as they are.
 */
const unquoted = (message: string) =>
	message.replace(
		/"[^"]*"|\u201c[^\u201d]*\u201d|\u2018[^\u2019]*\u2019|(?<!\w)'[^']*'(?!\w)/g,
		'""',
	);

/** A plan's limit named as such: "plan limit(s)", "plan's limit", "limit (reached) of/for/on your plan". */
const PLAN_LIMIT =
	/\bplan'?s? limits?\b|\blimits?( (reached|exceeded|hit))? (of|for|on) (your|the|this|current) ([\w-]+ )?plan\b/i;
const REACHED = /\b(reach(es|ed)?|exceed(s|ed)?|hit)\b/i;
/** A 402 speaks of a count only with such words; without them it may be a feature ("PDF QR codes require a paid plan"). */
const COUNT_WORDS = /\b(limits?|maximum|max|quotas?|too many|(create|add|make) more)\b/i;

/**
 * A plan's limit surely reached, the one message hint that beats the request's own for the status: a 402
 * (Payment Required) naming a limit or more of something, a quota, or a plan's limit named as reached, exceeded or hit. Only on a refusal (a 401
 * refuses the credential, a key "invalid or quota exhausted" too; a 429 is the rate limit; a 5xx is the server's).
 * Words that may also mean a value's limit ("limit reached", "maximum", "too many") decide nothing: a 403 names
 * both causes (planOrRole), any other status none.
 */
const limitReached = (f: ServiceFailure) => {
	const said = unquoted(f.message);
	return (
		refusal(f) &&
		((f.status === 402 && COUNT_WORDS.test(said)) ||
			/\bquotas?\b/i.test(said) ||
			(PLAN_LIMIT.test(said) && REACHED.test(said))) &&
		!refusedInvitation(f)
	);
};
const LIMIT_HINTS: Hint[] = [
	{
		// a limit of members or teams may mention QR codes: deleting codes frees nothing there
		test: (f) =>
			limitReached(f) &&
			(f.usesPlan === undefined || f.usesPlan === 'codes') &&
			/\b(qrs?|codes?)\b/i.test(unquoted(f.message)),
		hint: "Your plan's QR code quota is reached. Delete unused codes or upgrade the plan in QRTRAC.",
	},
	{
		test: limitReached,
		hint: "Your plan's limit is reached (QRTRAC's message says which). Upgrade the plan in QRTRAC, or free room under that limit before running the item again.",
	},
];

const CHECK_ROLE =
	"check the role of the API client the credential's 'Client ID' names (QRTRAC Settings > API Access).";
/** What frees room under a plan's limit of each count (the contract deletes no team). */
const FREE_ROOM: Record<PlanCount, string> = {
	codes:
		"the plan's limit or quota of QR codes is reached: delete unused codes or upgrade the plan in QRTRAC",
	teams:
		"the plan's limit of teams is reached: upgrade the plan in QRTRAC, or free room under it there",
	members:
		"the plan's limit of members (seats) is reached: free a seat in QRTRAC (someone who no longer needs access) or upgrade the plan",
};
/**
 * The general hint of a 403 of a request that uses up something of the plan (api/route.ts `usesPlan`), which
 * either cause fits: that limit or a feature of another plan, or the API client's role. The words of a message
 * ("limit reached", "maximum", "upgrade") cannot tell which.
 */
const planOrRole = (count: PlanCount) =>
	`QRTRAC refused this. If its message speaks of a plan's limit, ${FREE_ROOM[count]}; if it names a feature of another plan, upgrade or leave that feature out. Otherwise the API client's role may not do this: ${CHECK_ROLE}`;

/** A message naming the plan without a limit reached: a feature of another plan ("requires a paid plan"). */
const namesPlan = (f: ServiceFailure) =>
	refusal(f) && /\b(plans?|subscriptions?)\b/i.test(unquoted(f.message)) && !refusedInvitation(f);

/**
 * A Display ID said taken: named together with a word of its being held, whole words, not a bare "already"
 * ("already set") nor "use" inside "because". "Unique" or "not available" may state a format or a code kind.
 */
const DISPLAY_ID_TAKEN =
	/\b(taken|in use|being used|(already|has|have) (been )?(used|taken|assigned|registered|reserved|claimed)|already uses|used by|duplicate|exists|conflicts? with (an existing|another)\b.*\bcodes?)\b/i;
/** Another code named as the holder: "cannot be changed: "x" is in use by another code" is taken all the same. */
const ANOTHER_CODE = /\banother (qr )?code\b/i;

/**
 * A Display ID said taken, never one said not to exist ("does not exist", "no code with this displayId exists"),
 * nor one that cannot change ("has already been assigned and cannot be changed", "already set") unless another
 * code is named as holding it.
 */
const DISPLAY_ID_HINT: Hint = {
	test: (f) =>
		/display[\s_]*id/i.test(f.message) &&
		DISPLAY_ID_TAKEN.test(f.message) &&
		!/\bnot exist|\bno\b.*\bexists\b/i.test(f.message) &&
		(!/\b(cannot|can ?not|can't|may not) be changed\b|\balready set\b/i.test(f.message) ||
			ANOTHER_CODE.test(f.message)),
	hint: 'This Display ID is already used by another code (Display IDs are unique across QRTRAC, deleted codes keep theirs). Choose another one or leave it empty for a generated one, check it first with "Check Display ID Availability", or use "Create or Update" to update the existing code.',
};

/** Hints the service's message calls for, after the request's own for the status. */
const MESSAGE_HINTS: Hint[] = [
	DISPLAY_ID_HINT,
	{
		// a person who accepted has an account: deleting it would take them out of every team, for nothing
		test: (f) => refusedInvitation(f) && ALREADY_ACCEPTED.test(f.message),
		hint: `${INVITATION_RULE} QRTRAC says this invitation was accepted: the person needs no other.`,
	},
	{
		test: refusedInvitation,
		// Add invites only a person QRTRAC does not know, and Remove From Team refuses a member's last team. The
		// contract says neither that a deleted person becomes unknown nor that the resend count starts again.
		hint: `${INVITATION_RULE} Ask the person to look for the invitations already sent (spam folder included); someone who accepted needs none. QRTRAC invites anew only a person it does not know; deleting them completely (Owner API client, every team) and adding them again may send a fresh invitation.`,
	},
];

/** No answer, or none readable (5xx, dropped, timed out, garbled); not one read off the contract (sameIfSentAgain). */
const LOST: ReadonlySet<unknown> = new Set([
	'serverError',
	'timeout',
	'connectionReset',
	'malformedResponse',
]);
const answerLost = (f: ServiceFailure) => f.sameIfSentAgain !== true && LOST.has(f.kind);
const lostBefore = (f: ServiceFailure) =>
	f.earlierAnswerLost === true && f.sameIfSentAgain !== true;

/** The general hint of each status, where the request gives none of its own (`statusHint`). */
const STATUS_HINTS: Hint[] = [
	{
		test: (f) => f.status === 401,
		hint: "Check the credential: 'Team ID', 'Client ID' and 'Client Secret' must belong to the same QRTRAC organization (Settings > API Access).",
	},
	...(['codes', 'teams', 'members'] as const).map((count) => ({
		test: (f: ServiceFailure) => f.status === 403 && f.usesPlan === count,
		hint: planOrRole(count),
	})),
	{
		// before the role's: a 403 naming the plan is more likely the plan's than the role's
		test: namesPlan,
		hint: "QRTRAC's message names the plan: what was asked may be more than the plan allows or a feature it does not offer (its message says which). Check the plan in QRTRAC: free room under its limit, upgrade it, or leave out what it does not offer.",
	},
	{
		test: (f) => f.status === 402,
		hint: 'QRTRAC asks for payment (HTTP 402): what was asked is more than the plan allows or a feature it does not offer (its message says which). Check the plan and its billing in QRTRAC: upgrade it, or leave out what it does not offer.',
	},
	{
		test: (f) => f.status === 403,
		hint: `The API client's role may not do this: ${CHECK_ROLE}`,
	},
	{
		test: (f) => f.status === 409,
		hint: 'The request conflicts with what QRTRAC holds now (HTTP 409): a value that must be unique may be taken, or the record changed meanwhile. Check the record in QRTRAC before running the item again.',
	},
	{
		test: (f) => f.status === 422,
		hint: 'QRTRAC did not accept the values sent (HTTP 422): its message says which. Correct that field in the item (or the input data it comes from), then run the item again.',
	},
	{
		test: (f) => f.status === 429 && !(f.writes && f.earlierAnswerLost),
		// the simple interface's limit is its API key's, as a told wait's error says (waitCeiling.ts)
		hint: (f) =>
			`QRTRAC's rate limit kept refusing the request, so nothing was changed. Run the item again later, or raise Maximum Wait in the QRTRAC credential; check the plan chosen in the credential, and whether other workflows use the same ${f.simpleInterfaceUrl === undefined ? 'team' : 'API key'} at the same time.`,
	},
	{
		test: (f) => f.status === 404 && f.simpleInterfaceUrl !== undefined,
		hint: (f) =>
			`The simple interface was not found at ${f.simpleInterfaceUrl}. Check the credential's Base URL and that the service behind it offers the simple interface (Settings > API Access).`,
	},
	{
		test: (f) => f.namesRecord !== false && (f.status === 404 || /not\s*found/i.test(f.message)),
		hint: "Check the ID or e-mail: a code's or team's id as QRTRAC returns it (not a Display ID or a name), a member's e-mail as the team lists it; it must exist in the team used by this operation and must not be deleted.",
	},
	{
		// a create's unknown outcome has its own next step (the detail): "try again" would make it twice
		test: (f) => f.writes === true && f.outcomeUnknown !== true && (answerLost(f) || lostBefore(f)),
		hint: 'QRTRAC may have made the change all the same: a server error, a dropped connection or an answer that cannot be read is no refusal. Check the record in QRTRAC before relying on either outcome, then run the item again if the change is missing.',
	},
	{
		test: (f) => f.status !== undefined && f.status >= 500 && f.outcomeUnknown !== true,
		hint: 'QRTRAC could not answer (HTTP 5xx). The request was retried where that is safe; try again later.',
	},
	{
		test: (f) => f.outcomeUnknown !== true && answerLost(f),
		hint: "No readable answer came from QRTRAC. Check that this n8n can reach the credential's Base URL (network, proxy, firewall) and that nothing else answers there in QRTRAC's place (a proxy's login or error page), then run the item again; raise the credential's Request Timeout if QRTRAC answers slowly.",
	},
	{
		// last: a bare "Bad Request" or no message at all would otherwise stand alone, without a next step
		test: (f) => f.status === 400 && f.outcomeUnknown !== true && f.earlierAnswerLost !== true,
		hint: 'QRTRAC refused the request (HTTP 400), so nothing was changed: its message says what it did not accept. Correct that value in the item (or the input data it comes from), then run the item again.',
	},
];

/**
 * The one order of hints: the failure's own, then a plan's limit reached, then the request's hint for the status
 * (the Owner rule of a Delete Member whose message says "invited"), then one the message calls for, then the
 * general one for the status (the 403 of a request using up the plan names that limit and the role).
 */
function hintFor(failure: ServiceFailure): string | undefined {
	const picked = (hints: Hint[]) => {
		const hint = hints.find((entry) => entry.test(failure))?.hint;
		return typeof hint === 'function' ? hint(failure) : hint;
	};
	return (
		failure.hint ??
		picked(LIMIT_HINTS) ??
		failure.statusHint ??
		picked(MESSAGE_HINTS) ??
		picked(STATUS_HINTS)
	);
}

/**
 * The service's message with the fields it names written as the form shows them (`displayId "x" is already taken`
 * reads `Display ID "x" is already taken`); the original goes into the description when it changed.
 */
function labelled(message: string): string {
	return message.replace(
		/"?\b(displayId|qrRedirectUrl|baseUrl|templateId|qrType)\b"?/g,
		(_match, field: string) => FIELD_LABELS[field],
	);
}

/** Turns a failure into the NodeApiError n8n shows: the service's message, the HTTP status, the item, a hint. */
export function serviceError(node: INode, failure: ServiceFailure): NodeApiError {
	const hint = hintFor(failure);
	// an excerpt is the service's JSON or page as it came: relabelling would break it
	const title = failure.quotesBody ? failure.message : labelled(failure.message);
	// The detail of an unknown outcome names the code already.
	const network =
		failure.networkCode && !failure.detail?.includes(failure.networkCode)
			? `Network code: ${failure.networkCode}.`
			: undefined;
	const said = [failure.detail, network, hint].filter(Boolean).join(' ');
	// a step of a longer operation (a sync's read, a check after a lost answer) is told by the request it sent
	const named = !failure.request || `${title} ${said}`.includes(failure.request);
	const description = [said, named ? '' : `Request: ${failure.request}.`].filter(Boolean).join(' ');
	const body: JsonObject = { success: false, message: failure.message };
	// a relabelled title, or one n8n would replace, is quoted at the description's start as QRTRAC gave it; a
	// title quoting the body is the node's sentence about QRTRAC's answer, not QRTRAC's message
	const error = apiError(node, body, {
		message: title,
		saidBy: failure.quotesBody ? undefined : "QRTRAC's message",
		original: failure.message,
		description: description || undefined,
		httpCode: failure.status === undefined ? undefined : String(failure.status),
		itemIndex: failure.itemIndex,
	});
	if (failure.answerTooLarge) tooLargeAnswers.add(error);
	if (failure.outcomeUnknown) markOutcomeUnknown(error);
	if (failure.kind !== undefined) requestFailures.add(error);
	if (failure.offContract) markOffContract(error);
	return error;
}
