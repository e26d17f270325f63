import type { ApiError } from './apiError';
import { CODE_ANSWER_OPERATIONS, CODE_LIST_OPERATION } from './codeAnswers';
import { teamView } from './domain/teams';
import type { Store } from './store';

/**
 * Answer modes: how a service may answer around the contract in ways that test a client's limits (its waits,
 * its timeout, its memory, its secret hygiene). All are off by default.
 *
 * - `retryAfterSeconds`: every 429 says `Retry-After: N` (e.g. 7200: "come back in two hours").
 * - `limitHeadersOnRefusalOnly`: `X-RateLimit-*` come on 429 answers only (the contract names them with the 429),
 *   never on the others.
 * - `resetDelaySeconds`: `X-RateLimit-Reset` points N seconds beyond the window's real end (a far reset; with a
 *   forced 429 or `remaining = 0` it says the budget is used up until then).
 * - `dateLagMs`: the `Date` header runs N ms behind the clock of the absolute resets (a front server or proxy
 *   writing it, its clock a little behind the rate limiter's), so a client reading resets on the `Date` reads
 *   them N ms late unless it allows for that.
 * - `trickleMs`: an answer's body goes out one byte every N ms after its headers (a body that trickles).
 * - `echoSecrets`: the service quotes what authenticated the request: refusals name the client secret it got
 *   (as sent and URL-encoded) and the team's API key; successful answers carry a field `echo` with both.
 * - `echoEncodedSecrets`: the same places quote the credentials as a debugging proxy might: the basic-auth pair
 *   `Authorization: Basic base64(clientId:clientSecret)`, and the client secret wrapped over a line break.
 * - `hugeAnswerBytes`: successful answers of the list operations (updated-after, scans, pages) are padded to
 *   at least N bytes (field `padding` before `data`) and streamed without a Content-Length; with
 *   `hugeAnswerOperations`, only the answers of those operations (e.g. `['getTeamQrsFromTime']`).
 * - `noSuccessFlag`: successful answers come without `success` (with `data` where they have one).
 * - `omitEmptyLists`: a successful answer whose `data` is an empty list carries only `success` (NOTES: some success
 *   answers carry only `success`), e.g. an updated-after answer when nothing changed.
 * - `contractMembers`: a team's members carry only the contract's fields (name, email, role): whether a member is
 *   paused or invited is not told.
 * - `capitalisedMembers`: a team's members carry `role`, `state` and `userState` capitalised (`Editor`, `Paused`,
 *   `Pending`), as a service showing its display names might: the contract's roles are lower-case, its members
 *   tell no state at all.
 * - `pendingWithoutRole`: a team's members who have not accepted their invitation are listed without `role`
 *   (TeamMember has no required field in the contract).
 * - `membersWithoutEmail`: a team's members list one extra member without `email` (name `Invited member`, role
 *   `viewer`), as a pending placeholder or a member whose address the service hides (TeamMember requires no field);
 *   given an e-mail instead of `true`, that member is listed without it too (the service still acts on them).
 * - `teamsWithoutMembers`: team answers (Get Team, Get Many Teams, create, rename) come without `members`
 *   (optional in the contract's Team).
 * - `codesWithoutTemplate`: code records (every answer holding codes, the list's too) come without `templateId`
 *   and `baseUrl`, which the contract's Qr does not list though a create takes them.
 * - `maskedPasswords`: code records' `settings.password` comes as `********` (a service hiding it on reads), or as
 *   the string given (another mask, e.g. `●●●●●●`).
 * - `passwordsLeftOut`: code records come without `settings.password` (a service leaving it out of reads).
 * - `priorTeamAnswers`: a change of a team (updateTeam, updateDomainPreferences) answers success with the team as
 *   it was before the request (the contract does not say which); `changed`: the change is made, `unchanged`: it is
 *   not (a service that drops the write, or answers and reads from a replica that lags).
 * - `priorCodeAnswers`: the same for a change of one code (updateQr, updateQrTags, updateQrTitle): success with the
 *   code as it was before the request; `changed`: the change is made, `unchanged`: it is not.
 * - `normalisedWrites`: a change of one code (updateQr, updateQrTags, updateQrTitle) is stored, and answered, in
 *   the service's own form of what was written (the contract does not say values are kept as written): a
 *   `qrRedirectUrl` gains a trailing `/`, tags are lower-cased, numbers in `settings` become text.
 * - `notFoundStatus`: a record that is not there (a code, a team, a member) is refused with 404 instead of 400 (the
 *   contract documents 400 "not found" only for some operations, and lists no refusal at all for Get QR by ID).
 * - `foreignRecordStatus`: a record of another team (a code) or organization (a team) is refused with this status
 *   (403: "not yours"; 404) instead of the not-found one, as a service telling "forbidden" from "unknown" might.
 * - `deletedCodeStatus`: a soft-deleted code of the team is refused with this status (410 Gone, or 403 as a
 *   service hiding what it no longer shows) instead of the not-found one, by every operation naming it (Get QR by
 *   ID, Get Scans, Get Scans for Codes, changes): the contract does not say what such a code gets.
 * - `deletedCodesById`: Get QR by ID answers a soft-deleted code of the team with 200 and the code (`deleted: true`)
 *   instead of refusing it as not found (the contract documents only 200 for it).
 *
 * The service's clock (its `Date` header, and absolute resets: epoch seconds, epoch ms, HTTP dates) is the
 * change drift's `clockOffsetMs` (changeDrift.ts); the counting windows themselves stay on the wall clock.
 */
export interface AnswerModes {
	retryAfterSeconds?: number;
	limitHeadersOnRefusalOnly?: boolean;
	resetDelaySeconds?: number;
	dateLagMs?: number;
	trickleMs?: number;
	echoSecrets?: boolean;
	echoEncodedSecrets?: boolean;
	hugeAnswerBytes?: number;
	hugeAnswerOperations?: string[];
	noSuccessFlag?: boolean;
	contractMembers?: boolean;
	omitEmptyLists?: boolean;
	pendingWithoutRole?: boolean;
	capitalisedMembers?: boolean;
	membersWithoutEmail?: boolean | string;
	teamsWithoutMembers?: boolean;
	codesWithoutTemplate?: boolean;
	maskedPasswords?: boolean | string;
	passwordsLeftOut?: boolean;
	priorTeamAnswers?: 'changed' | 'unchanged';
	priorCodeAnswers?: 'changed' | 'unchanged';
	normalisedWrites?: boolean;
	notFoundStatus?: 404;
	foreignRecordStatus?: 403 | 404;
	deletedCodeStatus?: 403 | 410;
	deletedCodesById?: boolean;
}

type Json = Record<string, unknown>;

/**
 * The status of a refusal under `notFoundStatus` / `foreignRecordStatus` / `deletedCodeStatus`: only "not found"
 * refusals change.
 */
export function refusalStatus(modes: AnswerModes, error: ApiError): number {
	if (error.missing === 'deleted' && modes.deletedCodeStatus) return modes.deletedCodeStatus;
	if (error.missing === 'foreign' && modes.foreignRecordStatus) return modes.foreignRecordStatus;
	if (error.missing && modes.notFoundStatus) return modes.notFoundStatus;
	return error.status;
}

/** For `deletedCodesById`: Get QR by ID's answer for a soft-deleted code of the team; undefined otherwise. */
export function deletedCodeAnswer(
	modes: AnswerModes,
	operationId: string | undefined,
	store: Store,
	teamId: string,
	qrId: string | undefined,
): { status: number; body: unknown } | undefined {
	if (!modes.deletedCodesById || operationId !== 'getQrById' || qrId === undefined)
		return undefined;
	const qr = store.qrs.get(qrId);
	if (!qr || qr.teamId !== teamId || !qr.deleted) return undefined;
	return { status: 200, body: { success: true, data: qr } };
}

const CODE_OPERATIONS = new Set([...CODE_ANSWER_OPERATIONS, CODE_LIST_OPERATION]);

const LIST_OPERATIONS = new Set([
	'getTeamQrsFromTime',
	'getAllQrsFromTime',
	'getTeamQrsPaginated',
	'getQrAnalytics',
	'getBulkQrAnalytics',
]);

const TEAM_CHANGE_OPERATIONS = new Set(['updateTeam', 'updateDomainPreferences']);
const CODE_CHANGE_OPERATIONS = new Set(['updateQr', 'updateQrTags', 'updateQrTitle']);

type Answer = { status: number; body: unknown };

/**
 * For `priorTeamAnswers` and `priorCodeAnswers`: takes the team or code a change names as it is before the change
 * runs, and gives what turns the change's success answer into that record (with `unchanged`, the stored record is
 * put back as well).
 */
export function answerAsBefore(
	modes: AnswerModes,
	operationId: string | undefined,
	store: Store,
	id: string | undefined,
): (answer: Answer) => Answer {
	const prior = id === undefined ? undefined : priorRecord(modes, operationId ?? '', store, id);
	const normalise =
		modes.normalisedWrites === true && CODE_CHANGE_OPERATIONS.has(operationId ?? '');
	if (!prior && !normalise) return (answer) => answer;
	return (answer) => {
		if (answer.status >= 300 || !isObject(answer.body) || answer.body.success !== true)
			return answer;
		if (normalise) {
			const code = id === undefined ? undefined : store.qrs.get(id);
			if (code) normalisedCode(code as unknown as Json);
			const body = answer.body;
			if (isObject(body.data))
				answer = { ...answer, body: { ...body, data: normalisedCode(structuredClone(body.data)) } };
		}
		if (!prior) return answer;
		if (prior.mode === 'unchanged') prior.putBack();
		return { ...answer, body: { ...(answer.body as Json), data: prior.before } };
	};
}

/** For `normalisedWrites`: the code in the service's form, changed in place (a trailing `/`, lower-case tags, text). */
function normalisedCode(code: Json): Json {
	if (typeof code.qrRedirectUrl === 'string' && !code.qrRedirectUrl.endsWith('/'))
		code.qrRedirectUrl = `${code.qrRedirectUrl}/`;
	if (Array.isArray(code.tags))
		code.tags = code.tags.map((tag) => (typeof tag === 'string' ? tag.toLowerCase() : tag));
	if (isObject(code.settings))
		for (const [key, value] of Object.entries(code.settings))
			if (typeof value === 'number') code.settings[key] = String(value);
	return code;
}

/** The record a change names as it is now, and how to put it back; undefined when no mode applies. */
function priorRecord(
	modes: AnswerModes,
	operationId: string,
	store: Store,
	id: string,
): { before: unknown; mode: 'changed' | 'unchanged'; putBack(): void } | undefined {
	const team = store.teams.get(id);
	if (modes.priorTeamAnswers && team && TEAM_CHANGE_OPERATIONS.has(operationId)) {
		const stored = { ...team, domains: [...team.domains] };
		return {
			before: teamView(store, team),
			mode: modes.priorTeamAnswers,
			putBack: () => Object.assign(team, stored),
		};
	}
	const code = store.qrs.get(id);
	if (modes.priorCodeAnswers && code && CODE_CHANGE_OPERATIONS.has(operationId)) {
		const stored = structuredClone(code);
		return {
			before: structuredClone(code),
			mode: modes.priorCodeAnswers,
			putBack: () => store.qrs.set(id, stored),
		};
	}
	return undefined;
}

/** What authenticated a request, for `echoSecrets`: the header set A secret and the bearer or team's API key. */
export interface EchoedCredentials {
	clientId?: string;
	clientSecret?: string;
	apiKey?: string;
}

/** The answer body as the modes in effect would send it (before any padding). */
export function applyAnswerModes(
	modes: AnswerModes,
	status: number,
	body: unknown,
	echoed: EchoedCredentials,
	operationId?: string,
): unknown {
	if (!isObject(body)) return body;
	let answer: Json = body;
	if (
		(modes.codesWithoutTemplate || modes.maskedPasswords || modes.passwordsLeftOut) &&
		CODE_OPERATIONS.has(operationId ?? '')
	)
		answer = mapCodes(answer, (code) => codeAsRead(modes, code));
	if (modes.echoSecrets) answer = echo(answer, status, quotedAsSent(echoed));
	if (modes.echoEncodedSecrets) answer = echo(answer, status, quotedEncoded(echoed));
	if (modes.pendingWithoutRole) answer = mapTeams(answer, withoutPendingRoles);
	if (modes.capitalisedMembers) answer = mapTeams(answer, withCapitalisedMembers);
	if (modes.membersWithoutEmail) {
		const hidden = modes.membersWithoutEmail;
		answer = mapTeams(answer, (team) => withUnidentifiedMembers(team, hidden));
	}
	if (modes.teamsWithoutMembers) answer = mapTeams(answer, withoutMembers);
	if (modes.contractMembers) answer = withContractMembers(answer);
	if (modes.omitEmptyLists && Array.isArray(answer.data) && answer.data.length === 0) {
		answer = { ...answer };
		delete answer.data;
	}
	if (modes.noSuccessFlag && status >= 200 && status < 300 && answer.success === true) {
		answer = { ...answer };
		delete answer.success;
	}
	return answer;
}

/** The answer with `change` applied to each code it holds: `data`, a list in `data`, or the list's `data.qrs`. */
function mapCodes(answer: Json, change: (code: Json) => Json): Json {
	const data = answer.data;
	const each = (list: unknown[]) => list.map((entry) => (isObject(entry) ? change(entry) : entry));
	if (Array.isArray(data)) return { ...answer, data: each(data) };
	if (isObject(data) && Array.isArray(data.qrs))
		return { ...answer, data: { ...data, qrs: each(data.qrs) } };
	if (isObject(data)) return { ...answer, data: change(data) };
	return answer;
}

function codeAsRead(modes: AnswerModes, code: Json): Json {
	const read = { ...code };
	if (modes.codesWithoutTemplate) {
		delete read.templateId;
		delete read.baseUrl;
	}
	if (modes.maskedPasswords && isObject(read.settings) && read.settings.password !== undefined) {
		const mask = typeof modes.maskedPasswords === 'string' ? modes.maskedPasswords : '********';
		read.settings = { ...read.settings, password: mask };
	}
	if (modes.passwordsLeftOut && isObject(read.settings)) {
		read.settings = Object.fromEntries(
			Object.entries(read.settings).filter(([key]) => key !== 'password'),
		);
	}
	return read;
}

/** The answer with `change` applied to each team it holds (an object or a list of objects with `members`). */
function mapTeams(answer: Json, change: (team: Json) => Json): Json {
	const data = answer.data;
	const isTeam = (value: unknown): value is Json => isObject(value) && Array.isArray(value.members);
	if (isTeam(data)) return { ...answer, data: change(data) };
	if (Array.isArray(data) && data.some(isTeam))
		return { ...answer, data: data.map((entry) => (isTeam(entry) ? change(entry) : entry)) };
	return answer;
}

function withoutPendingRoles(team: Json): Json {
	const members = (team.members as Json[]).map((member) => {
		if (member.userState !== 'pending') return member;
		const rest = { ...member };
		delete rest.role;
		return rest;
	});
	return { ...team, members };
}

/** The extra member listed without `email`, and with an e-mail given, that member shown without it. */
function withUnidentifiedMembers(team: Json, hidden: true | string): Json {
	const members = (team.members as Json[]).map((member) => {
		if (typeof hidden !== 'string' || String(member.email).toLowerCase() !== hidden.toLowerCase())
			return member;
		const rest = { ...member };
		delete rest.email;
		return rest;
	});
	return { ...team, members: [...members, { name: 'Invited member', role: 'viewer' }] };
}

function withCapitalisedMembers(team: Json): Json {
	const capitalised = (value: unknown) =>
		typeof value === 'string' ? value.charAt(0).toUpperCase() + value.slice(1) : value;
	const members = (team.members as Json[]).map((member) => {
		const shown = { ...member };
		for (const key of ['role', 'state', 'userState'])
			if (key in shown) shown[key] = capitalised(shown[key]);
		return shown;
	});
	return { ...team, members };
}

function withoutMembers(team: Json): Json {
	const rest = { ...team };
	delete rest.members;
	return rest;
}

function withContractMembers(answer: Json): Json {
	const data = answer.data;
	if (!isObject(data) || !Array.isArray(data.members)) return answer;
	const members = (data.members as unknown[]).map((member) => {
		const { name, email, role } = member as Json;
		return { name, email, role };
	});
	return { ...answer, data: { ...data, members } };
}

function quotedAsSent(echoed: EchoedCredentials): string {
	return [
		echoed.clientSecret &&
			`x-request-client-secret "${echoed.clientSecret}" (${encodeURIComponent(echoed.clientSecret)})`,
		echoed.apiKey && `API key ${echoed.apiKey}`,
	]
		.filter(Boolean)
		.join(', ');
}

function quotedEncoded(echoed: EchoedCredentials): string {
	const { clientId, clientSecret } = echoed;
	if (!clientId || !clientSecret) return '';
	const half = Math.floor(clientSecret.length / 2);
	return `Authorization: Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}; x-request-client-secret:\n  ${clientSecret.slice(0, half)}\n  ${clientSecret.slice(half)}`;
}

function echo(answer: Json, status: number, quoted: string): Json {
	if (!quoted) return answer;
	if (status >= 400 || answer.success === false) {
		const message = typeof answer.message === 'string' ? answer.message : 'Refused';
		return { ...answer, message: `${message} (request had ${quoted})` };
	}
	const data = answer.data;
	const note = `served for ${quoted}`;
	if (Array.isArray(data))
		return {
			...answer,
			data: data.map((entry) => (isObject(entry) ? { ...entry, echo: note } : entry)),
		};
	if (isObject(data)) return { ...answer, data: { ...data, echo: note } };
	return { ...answer, echo: note };
}

/** Whether `hugeAnswerBytes` pads this answer. */
export function padsAnswer(
	modes: AnswerModes,
	operationId: string | undefined,
	status: number,
): boolean {
	return (
		modes.hugeAnswerBytes !== undefined &&
		status >= 200 &&
		status < 300 &&
		operationId !== undefined &&
		LIST_OPERATIONS.has(operationId) &&
		(modes.hugeAnswerOperations === undefined || modes.hugeAnswerOperations.includes(operationId))
	);
}

/**
 * The padded answer as chunks of at most 1 MiB, generated as they are sent (never held whole): `{"padding":"x...",`
 * followed by the answer's own fields. A client that reads all of it gets valid JSON.
 */
export function* paddedChunks(answer: Buffer, totalBytes: number): Generator<Buffer> {
	const head = Buffer.from('{"padding":"');
	const tail = Buffer.concat([Buffer.from('",'), answer.subarray(1)]);
	let padding = Math.max(0, totalBytes - head.length - tail.length);
	yield head;
	const block = Buffer.alloc(1024 * 1024, 'x');
	while (padding > 0) {
		const size = Math.min(padding, block.length);
		yield block.subarray(0, size);
		padding -= size;
	}
	yield tail;
}

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The rate-limit header options the modes and the service's clock set (see rateLimitHeaders in rateLimit.ts). */
export function modeHeaderOptions(context: {
	answerModes: AnswerModes;
	changeDrift: { clockOffsetMs: number | null };
}): {
	retryAfterSeconds?: number;
	onRefusalOnly?: boolean;
	resetDelayMs?: number;
	serviceOffsetMs: number;
} {
	const { answerModes } = context;
	return {
		retryAfterSeconds: answerModes.retryAfterSeconds,
		onRefusalOnly: answerModes.limitHeadersOnRefusalOnly,
		resetDelayMs:
			answerModes.resetDelaySeconds === undefined
				? undefined
				: answerModes.resetDelaySeconds * 1000,
		// The service's clock leads the wall clock by the drift's offset, as its Date header does (with the
		// simulator clock on real time); a frozen simulator clock moves records' times, never the windows.
		serviceOffsetMs: context.changeDrift.clockOffsetMs ?? 0,
	};
}
