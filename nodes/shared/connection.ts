import { createHash } from 'crypto';

import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { INTERFACE_ROOT, isOperationPath } from './api/route';
import type { QrtracRequest } from './qrtracRequest';

/** Requests per second per team for each QRTRAC plan (contract: x-rate-limits.perSecondByPlan). */
export const PLAN_RATE_PER_SECOND: Readonly<Record<string, number>> = {
	'Business Plus': 5,
	Legendary: 20,
	Agency: 50,
	Premium: 100,
	Enterprise: 200,
};

/** Requests per minute per API key of the simple v1 interface (contract: x-rate-limits.simpleVariantPerMinuteByPlan). */
export const SIMPLE_PLAN_PER_MINUTE: Readonly<Record<string, number>> = { Pro: 60, Agency: 300 };

export const DEFAULT_BASE_URL = 'https://api.qrtrac.com';

/** The credential's Maximum Wait when left empty (saved before the field existed): the form shows the same. */
export const DEFAULT_MAX_WAIT_SECONDS = 60;
/** The credential's Request Timeout when left empty. */
export const DEFAULT_TIMEOUT_SECONDS = 30;

/** What the transport needs from the credential; the secrets only to keep them out of error excerpts. */
export interface QrtracConnection {
	baseUrl: string;
	teamId: string;
	ratePerSecond: number;
	/** The simple v1 interface's per-minute budget of the API key (its plan; Pro when unset). */
	simplePerMinute: number;
	/** One attempt's whole exchange, headers and body. */
	timeoutMs: number;
	/** The ceiling of every wait for a slot: in line, after a 429, and all retry waits of one request together. */
	maxWaitMs: number;
	/** The credential's secret values: never sent anywhere by the transport, blanked out of all service text. */
	secrets: string[];
	/**
	 * Who the credential is, for keys of what is held between runs: the client id and a SHA-256 of the secrets,
	 * so that nothing read with one credential is served to another and no secret sits in a key.
	 */
	identity: string;
	/**
	 * The simple interface's API key, as a SHA-256: its per-minute budget is the key's, whatever team or client the
	 * credential names, so credentials carrying one key share one limiter (sharedLimiters.ts).
	 */
	simpleKey: string;
	/** Why each interface cannot send (a field it needs blank, or not sendable in a header), when it cannot. */
	problems: { primary?: CredentialProblem; simple?: CredentialProblem };
}

/** What is wrong with the credential's values for an interface: said before anything is sent. */
export interface CredentialProblem {
	message: string;
	hint: string;
}

/** The credential fields each interface sends, in headers, by their form labels. */
const INTERFACE_FIELDS = {
	primary: { teamId: 'Team ID', clientId: 'Client ID', clientSecret: 'Client Secret' },
	simple: { apiKey: 'API Key (Simple Interface)' },
} as const;

/**
 * The trimmed values of the fields an interface sends, or the problem: the blank ones named, else the first that
 * holds a character a header cannot carry as typed (`headerTextProblem`). The credential's test request and every
 * run apply it alike.
 */
export function credentialValues(
	credentials: ICredentialDataDecryptedObject,
	api: 'primary' | 'simple',
): { values: Record<string, string>; problem?: undefined } | { problem: CredentialProblem } {
	const labels: Record<string, string> = INTERFACE_FIELDS[api];
	const values: Record<string, string> = {};
	for (const name of Object.keys(labels)) values[name] = String(credentials[name] ?? '').trim();
	const blank = Object.keys(labels).filter((name) => values[name] === '');
	if (blank.length > 0)
		return {
			problem: {
				message: `QRTRAC credential is missing: ${blank.map((name) => labels[name]).join(', ')}`,
				hint:
					api === 'simple'
						? "Dynamic Link uses QRTRAC's simple interface, which needs the API key from QRTRAC Settings > API Access in the credential."
						: 'Enter the values from QRTRAC Settings > API Access in the credential.',
			},
		};
	for (const name of Object.keys(labels)) {
		const character = headerTextProblem(values[name]);
		if (character !== undefined)
			return {
				problem: {
					// the character only, never the value: it may be the secret
					message: `The QRTRAC credential's '${labels[name]}' holds ${character}, which a request header cannot carry as typed`,
					hint: 'Type the value again, or paste it as plain text, from QRTRAC Settings > API Access: text copied from a web page or a document can bring invisible characters along.',
				},
			};
	}
	return { values };
}

/**
 * The first character of `value` that a request header cannot carry as typed, described (`U+200B, an invisible
 * character`), or undefined. A header carries one byte per character: a Latin-1 letter (U+00E9, e acute) goes as
 * its byte and a service reading Latin-1 gets it back, but a control or format character or one above U+00FF is
 * dropped or changed on the way (a zero-width space pasted with an ID), so QRTRAC gets another value than the node
 * compares its answers with (a Team ID whose own codes then read as another team's, after a create was made).
 */
export function headerTextProblem(value: string): string | undefined {
	const found = UNSENDABLE.exec(value);
	if (!found) return undefined;
	return /[\p{Cc}\p{Cf}\p{Z}]/u.test(found[0])
		? `an invisible character or line break (${codePoint(found[0])})`
		: `a character outside Latin-1 (${codePoint(found[0])})`;
}

/** A value that is no secret (a team ID) with each such character written `<U+200B>`, so that a message shows it. */
export function shownUnsendable(value: string): string {
	return value.replace(new RegExp(UNSENDABLE, 'gu'), (character) => `<${codePoint(character)}>`);
}

/** What a header cannot carry as typed: control and format characters (tabs and line breaks too), and above U+00FF. */
const UNSENDABLE = /[\p{Cc}\p{Cf}\u{100}-\u{10FFFF}]/u;

function codePoint(character: string): string {
	return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Reads the connection settings: base URL without trailing slash, the plan's rate, the timeout. The Base URL must
 * pass checkBaseUrl; `refuse` turns its problem into the caller's error.
 */
export function connectionFromCredentials(
	credentials: ICredentialDataDecryptedObject,
	refuse: (problem: string) => never,
): QrtracConnection {
	const base = checkBaseUrl(credentials.baseUrl);
	if (base.problem !== undefined) refuse(base.problem);
	const plan = String(credentials.plan ?? 'Business Plus');
	const custom = Number(credentials.customRatePerSecond);
	const ratePerSecond =
		plan === 'custom' && Number.isFinite(custom) && custom > 0
			? custom
			: (PLAN_RATE_PER_SECOND[plan] ?? 5);
	const text = (name: string) => String(credentials[name] ?? '').trim();
	return {
		baseUrl: base.url as string,
		teamId: text('teamId'),
		ratePerSecond,
		simplePerMinute: SIMPLE_PLAN_PER_MINUTE[String(credentials.simplePlan ?? 'Pro')] ?? 60,
		timeoutMs: requestTimeoutMs(credentials),
		maxWaitMs: positiveSeconds(credentials.maxWaitSeconds, DEFAULT_MAX_WAIT_SECONDS) * 1000,
		secrets: ['clientSecret', 'apiKey', 'clientId'].map(text).filter((value) => value !== ''),
		identity: `${text('clientId')} ${createHash('sha256')
			.update(JSON.stringify([text('clientSecret'), text('apiKey')]))
			.digest('hex')}`,
		simpleKey: createHash('sha256').update(text('apiKey')).digest('hex'),
		problems: {
			primary: credentialValues(credentials, 'primary').problem,
			simple: credentialValues(credentials, 'simple').problem,
		},
	};
}

/** The problem of the credential's values for the interface, when it has one: said before anything is sent. */
export function missingValues(
	connection: QrtracConnection,
	api: 'primary' | 'simple',
): CredentialProblem | undefined {
	return connection.problems[api];
}

/** The problem of a team ID (the credential's, an override's) as the team header carries it, when it has one. */
export function unsendableTeam(teamId: string): CredentialProblem | undefined {
	const problem = headerTextProblem(teamId);
	if (problem === undefined) return undefined;
	return {
		message: `The team ID "${shownUnsendable(teamId)}" holds ${problem}, which a request header cannot carry as typed`,
		hint: "Nothing was sent. Check the Team (Override) (or the column or expression that gives it): text copied from a web page or a document can bring invisible characters along. Team > Get Many lists the teams' IDs.",
	};
}

/**
 * A 404 where the Base URL has a path (a gateway's, or one typed by mistake: `/qrs-api`, `/api/v1`) may be that path
 * rather than the ID: every request goes below it, so it is named beside the ID's hint.
 */
export function basePathNote(connection: QrtracConnection, operation: string): string | undefined {
	const basePath = new URL(connection.baseUrl).pathname.replace(/\/+$/, '');
	if (basePath === '') return undefined;
	return `If every operation answers 404, check the credential's Base URL: its path "${basePath}" comes before every request's path (${operation}); the credential's Test checks it.`;
}

/** The credential's Request Timeout in milliseconds: one request's whole exchange, in runs and in Test. */
export function requestTimeoutMs(credentials: ICredentialDataDecryptedObject): number {
	return positiveSeconds(credentials.timeoutSeconds, DEFAULT_TIMEOUT_SECONDS) * 1000;
}

/** A number of seconds from the form; empty, zero or garbage reads as the form's default. */
function positiveSeconds(value: unknown, fallback: number): number {
	const seconds = value === '' || value === null ? Number.NaN : Number(value);
	return Number.isFinite(seconds) && seconds > 0 ? seconds : fallback;
}

/**
 * A last path segment `/api` (after trailing slashes), as in the contract's `servers` URL, or a `/v1` right after
 * the host, the simple interface's (`{base_url}/v1`): the interfaces' roots are added to the Base URL, so it is
 * dropped once. A deeper `/v1` (a gateway mounted at `/qrtrac/v1`) is the service's own path and stays. `$1` keeps
 * the character before `/api`, not a slash, so a host named `api` stays whole; replace with `$1$2`. The
 * credential's test request applies the same pattern.
 */
export const API_SUFFIX = /([^/])\/api$|^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]+)\/v1$/;

/**
 * The credential's Base URL, trimmed and without trailing slashes, one trailing `/api` or a `/v1` right after the host, or the problem.
 * Rule: secrets travel encrypted, so it must be `https://`, with neither user:password@ nor a query or fragment;
 * plain `http://` is accepted only for this machine (127.0.0.0/8, `localhost`, `[::1]`), where nothing crosses a
 * network (the local QRTRAC simulator, a local proxy). Names under `.localhost` are refused: not every resolver
 * keeps them on this machine.
 */
export function checkBaseUrl(
	raw: unknown,
): { url: string; problem?: undefined } | { url?: undefined; problem: string } {
	const text =
		String(raw ?? DEFAULT_BASE_URL)
			.trim()
			.replace(/\/+$/, '')
			.replace(API_SUFFIX, '$1$2') || DEFAULT_BASE_URL;
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		// Not repeated when it may hold a user:password@.
		const shown = text.includes('@') ? '' : ` "${text}"`;
		return {
			problem: `The QRTRAC credential's Base URL${shown} is not a URL; it should look like ${DEFAULT_BASE_URL}`,
		};
	}
	// A password there would go out as Basic auth and into messages; the text is not repeated, it may hold one.
	if (url.username !== '' || url.password !== '')
		return {
			problem: `The QRTRAC credential's Base URL must not hold a user name or password (user:password@); enter only the address, e.g. ${DEFAULT_BASE_URL}: QRTRAC's credentials go in Team ID, Client ID and Client Secret`,
		};
	// The interfaces' paths are appended to the text: after a ? or # they would land in the query or be cut off.
	if (/[?#]/.test(text))
		return {
			// shown up to the ? or #: a proxy's key often sits in the query
			problem: `The QRTRAC credential's Base URL must not hold a query (?) or a fragment (#); it is "${text.split(/[?#]/)[0]}" followed by one, it should look like ${DEFAULT_BASE_URL}`,
		};
	// An operation's address pasted as the Base URL would put every path below it: each request a 404.
	if (isOperationPath(url.pathname))
		return {
			problem: `The QRTRAC credential's Base URL holds the path of an operation ("${url.pathname}"); enter only the service's address, e.g. ${DEFAULT_BASE_URL} (a trailing /api is fine)`,
		};
	if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)))
		return { url: text };
	return {
		problem: `The QRTRAC credential's Base URL must start with https:// so that the client secret travels encrypted (http:// is accepted only for 127.0.0.1, localhost or [::1]); it is "${text}"`,
	};
}

/**
 * The Base URL (as checkBaseUrl gives it) spelt one way for every way of typing the same service: its origin
 * (scheme and host in lower case, a default port dropped) and its path, so that what is kept for a service is
 * found again after the credential is re-typed (`HTTPS://API.qrtrac.com:443`). Text that is no URL stays as it is.
 */
export function baseUrlIdentity(baseUrl: string): string {
	try {
		const url = new URL(baseUrl);
		return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
	} catch {
		return baseUrl;
	}
}

/** 127.0.0.0/8, localhost and ::1: names that never leave this machine. */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
	if (host === 'localhost' || host === '::1') return true;
	return /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * The options n8n sends one attempt with (transport.ts): the answer as a stream, read and judged by the transport,
 * and no redirect followed by n8n (redirects.ts follows them within the credential's origin).
 */
export function buildHttpOptions(
	connection: QrtracConnection,
	request: QrtracRequest,
	teamId: string,
): IHttpRequestOptions {
	const simple = request.api === 'simple';
	return {
		method: request.method,
		url: `${connection.baseUrl}${INTERFACE_ROOT[simple ? 'simple' : 'primary']}${request.path}`,
		qs: request.query,
		body: request.body,
		headers: simple
			? { Accept: 'application/json' }
			: { Accept: 'application/json', 'x-request-team-id': teamId },
		json: request.body !== undefined,
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: connection.timeoutMs,
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};
}
