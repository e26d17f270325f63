import type { Exchange } from './http/exchange';
import type { ServerContext } from './http/context';
import { listQrPage, parsePageQuery, type QueryValues } from './domain/qrQueries';
import { touchQr } from './domain/qrCodes';
import type { QrRecord } from './model';
import { createPrng } from './random';
import { CODE_ANSWER_OPERATIONS, CODE_LIST_OPERATION } from './codeAnswers';

/**
 * List drift: how a service may read the paginated list (and the team a request acts in) other than the
 * simulator's default, so that a client's list walks can be tried against each reading.
 *
 * - `pageSizeCap`: serves at most N codes per page whatever `limit` asks, and echoes that `limit`; pages are
 *   counted in the served size.
 * - `echoAskedLimit`: with `pageSizeCap`, echoes the `limit` asked instead of the size served (a service that
 *   repeats the query): only the codes held (and `totalCount`) tell the page size.
 * - `totalBelow`: announces a `totalCount` N below the codes it serves (at least 0), as a count that leaves some
 *   codes out: a walk that stops at the total returns a partial list.
 * - `zeroBasedPages`: counts pages from 0 (page 0 is the first page, page 1 the second), echoing the page asked.
 * - `ignorePage`: always serves page 1 (and echoes `page: 1`).
 * - `lastPageBeyondEnd`: a page asked past the list's end is answered with its last page (echoing the page asked).
 * - `shiftingOrder`: after each list page it answers, another writer touches the team's least recently updated
 *   code (its `updatedAt` becomes the newest), so codes move between pages of an `updatedAt` order mid-walk.
 * - `deletesMidWalk`: after each of the next N list pages it answers, another writer soft-deletes the team's most
 *   recently updated live code (on the page just read of an `updatedAt` order, newest first), so every code after
 *   it moves up a place mid-walk: the first code of the next page slides onto the page already read. The count
 *   goes down with each deletion. With `deletesMidWalkAgoMs: M` the deletion's `updatedAt` is M ms in the past, as a
 *   code deleted long before but still listed (a lagging list): the team's changes since the listing do not hold it.
 * - `foreignCodes`: the team's list also holds the live codes of the organization's other teams (and counts them).
 * - `listsDeleted`: the team's list also holds its soft-deleted codes (`deleted: true`, and counts them), sorted and
 *   searched with the live ones: the contract's records carry `deleted` and do not say the list leaves them out.
 *   With `foreignCodes`, the other teams' soft-deleted codes too.
 * - `ignoreTeamHeader`: every request acts in the API client's default team, whatever team header it sends.
 * - `createsInDefaultTeam`: Create QR Code alone acts in the API client's default team, whatever team header it
 *   sends; its answer names that team (`teamId`).
 * - `lowerCaseDisplayIds`: answers carry code records' Display IDs lower-cased (the stored ones keep their case).
 * - `summaryRecords`: the list's codes leave out `metadata` and `settings` (every Qr field is optional); Get QR by
 *   ID still answers the whole code.
 * - `searchNamesOnly`: `search` matches names only (case-insensitive substring), never Display IDs: a service
 *   NOT keeping to the contract's words ("matches name or displayId"), for clients that must not lose codes to a
 *   search matching less than they think (a prefix or case-sensitive match, which the words allow).
 * - `unstableTies`: codes of equal sort value (the same `createdAt`, `updatedAt` or name) come in another order at
 *   every request, as a database sorting by that field alone (no tie-breaker) may serve them: pages of one walk
 *   may repeat one such code and leave out another. Seeded per simulator from each `setListDrift`: repeatable.
 * - `listLagMs`: the list (and its search) leaves out codes created less than N ms ago (simulator clock), as a
 *   list served from a lagging index or replica; Get QR by ID and the writes see them at once.
 * - `listStaleMs`: the list (and its search) answers each code as it stood N ms ago (simulator clock): a change of
 *   the last N ms (an update, a rename, a deletion) is not in it yet, as a list served from an index or replica that
 *   lags behind updates; a code created since is answered as created (`listLagMs` leaves it out). Get QR by ID, the
 *   writes and the updated-after answers see every change at once. Versions are kept from when it is set.
 */
export interface ListDrift {
	/** Undefined: serve the asked `limit`. */
	pageSizeCap?: number;
	/** Undefined: `totalCount` is the number of codes served. */
	totalBelow?: number;
	zeroBasedPages: boolean;
	ignorePage: boolean;
	/** With pageSizeCap: the echoed `limit` is the one asked, not the size served. */
	echoAskedLimit: boolean;
	lastPageBeyondEnd: boolean;
	shiftingOrder: boolean;
	/** Undefined or 0: no deletion during a walk. */
	deletesMidWalk?: number;
	/** With deletesMidWalk: how far in the past each deletion is stamped (undefined: now). */
	deletesMidWalkAgoMs?: number;
	foreignCodes: boolean;
	listsDeleted: boolean;
	ignoreTeamHeader: boolean;
	createsInDefaultTeam: boolean;
	lowerCaseDisplayIds: boolean;
	summaryRecords: boolean;
	searchNamesOnly: boolean;
	unstableTies: boolean;
	/** Undefined or 0: new codes are listed at once. */
	listLagMs?: number;
	/** Undefined or 0: changes are listed at once. */
	listStaleMs?: number;
}

export const NO_LIST_DRIFT: ListDrift = {
	zeroBasedPages: false,
	ignorePage: false,
	echoAskedLimit: false,
	lastPageBeyondEnd: false,
	shiftingOrder: false,
	foreignCodes: false,
	listsDeleted: false,
	ignoreTeamHeader: false,
	createsInDefaultTeam: false,
	lowerCaseDisplayIds: false,
	summaryRecords: false,
	searchNamesOnly: false,
	unstableTies: false,
};

/** The switches of ListDrift, by name (the CLI's --list-drift takes them comma-separated). */
export const LIST_DRIFT_SWITCHES = [
	'zeroBasedPages',
	'ignorePage',
	'echoAskedLimit',
	'lastPageBeyondEnd',
	'shiftingOrder',
	'foreignCodes',
	'listsDeleted',
	'ignoreTeamHeader',
	'createsInDefaultTeam',
	'lowerCaseDisplayIds',
	'summaryRecords',
	'searchNamesOnly',
	'unstableTies',
] as const;

const LIST = CODE_LIST_OPERATION;

const CODE_OPERATIONS = new Set([...CODE_ANSWER_OPERATIONS, LIST]);

type Answer = { status: number; body: unknown };

/** Whether the service reads the team header of this operation: not under `ignoreTeamHeader` (a create: `createsInDefaultTeam`). */
export function readsTeamHeader(drift: ListDrift, operationId: string | undefined): boolean {
	return !drift.ignoreTeamHeader && !(drift.createsInDefaultTeam && operationId === 'createQr');
}

/** The team header as the service reads it (undefined: the API client's default team). */
export function teamHeaderAsRead(
	drift: ListDrift,
	header: string | undefined,
	operationId?: string,
): string | undefined {
	return readsTeamHeader(drift, operationId) ? header : undefined;
}

/** The answer of an operation as the list drift in effect gives it (the state is changed only by `shiftingOrder`). */
export function driftList(
	context: ServerContext,
	exchange: Exchange,
	operationId: string | undefined,
	answer: Answer,
): Answer {
	const drift = context.listDrift;
	let result = answer;
	const teamId = exchange.entry.teamId;
	if (operationId === LIST && teamId && pagingDrifts(drift)) {
		result = pageAnswer(context, teamId, exchange.query, answer) ?? answer;
		if (drift.shiftingOrder && result.status === 200) touchOldest(context, teamId);
	}
	if (operationId === LIST && teamId && (drift.deletesMidWalk ?? 0) > 0 && result.status === 200) {
		drift.deletesMidWalk = (drift.deletesMidWalk ?? 0) - 1;
		deleteNewest(context, teamId, drift.deletesMidWalkAgoMs ?? 0);
	}
	if (drift.lowerCaseDisplayIds && operationId && CODE_OPERATIONS.has(operationId))
		result = { ...result, body: lowerCased(result.body) };
	if (drift.summaryRecords && operationId === LIST)
		result = { ...result, body: summarized(result.body) };
	return result;
}

/** The list's answer with each code's `metadata` and `settings` left out. */
function summarized(body: unknown): unknown {
	const data = (body as { data?: { qrs?: unknown } } | null)?.data;
	if (!data || !Array.isArray(data.qrs)) return body;
	const qrs = (data.qrs as Array<Record<string, unknown>>).map((code) => {
		const summary = { ...code };
		delete summary.metadata;
		delete summary.settings;
		return summary;
	});
	return { ...(body as object), data: { ...data, qrs } };
}

function pagingDrifts(drift: ListDrift): boolean {
	return (
		drift.pageSizeCap !== undefined ||
		drift.totalBelow !== undefined ||
		drift.zeroBasedPages ||
		drift.ignorePage ||
		drift.lastPageBeyondEnd ||
		drift.shiftingOrder ||
		drift.foreignCodes ||
		drift.listsDeleted ||
		drift.searchNamesOnly ||
		drift.unstableTies ||
		(drift.listLagMs ?? 0) > 0 ||
		(drift.listStaleMs ?? 0) > 0
	);
}

/** The page recomputed under the drift; undefined leaves the route's own answer (an error not about `page`). */
function pageAnswer(
	context: ServerContext,
	teamId: string,
	values: QueryValues,
	answer: Answer,
): Answer | undefined {
	const drift = context.listDrift;
	const asked = Number(values.page ?? 1);
	const pageZero = drift.zeroBasedPages && asked === 0;
	if (answer.status !== 200 && !pageZero) return undefined;
	const query = parsePageQuery({ ...values, page: pageZero ? '1' : values.page });
	const whole = { ...query, page: 1, limit: Number.MAX_SAFE_INTEGER };
	const staleMs = drift.listStaleMs ?? 0;
	const listed = {
		includeDeleted: drift.listsDeleted,
		asOfMs: staleMs > 0 ? context.state.clock.now() - staleMs : undefined,
	};
	let codes = listQrPage(context.state, teamId, whole, listed).qrs;
	if (drift.foreignCodes) {
		const orgId = context.state.teams.get(teamId)?.orgId;
		for (const team of orgId ? context.state.teamsOfOrg(orgId) : []) {
			if (team.id !== teamId)
				codes = [...codes, ...listQrPage(context.state, team.id, whole, listed).qrs];
		}
	}
	if (drift.searchNamesOnly && query.search) {
		const needle = query.search.toLowerCase();
		codes = codes.filter((qr) => qr.name.toLowerCase().includes(needle));
	}
	const lagMs = drift.listLagMs ?? 0;
	if (lagMs > 0) {
		const listedBefore = context.state.clock.now() - lagMs;
		codes = codes.filter((qr) => qr.createdAt <= listedBefore);
	}
	if (drift.unstableTies) codes = shuffledTies(codes, query.sortBy, nextTieSeed(drift));
	const served = Math.min(query.limit, drift.pageSizeCap ?? query.limit);
	const page = drift.ignorePage ? 1 : pageZero ? 0 : query.page;
	const asIndexed = drift.ignorePage ? 0 : drift.zeroBasedPages ? page : page - 1;
	const lastIndex = Math.max(0, Math.ceil(codes.length / served) - 1);
	const index = drift.lastPageBeyondEnd ? Math.min(asIndexed, lastIndex) : asIndexed;
	const data = {
		qrs: codes.slice(index * served, (index + 1) * served),
		totalCount: Math.max(0, codes.length - (drift.totalBelow ?? 0)),
		page,
		limit: drift.echoAskedLimit ? query.limit : served,
	};
	return { status: 200, body: { success: true, data } };
}

/**
 * Requests answered under `unstableTies`, by the drift setting in effect (one per simulator, new at each
 * `setListDrift`): each one's seed, so that every request orders ties anew, and the same requests the same way.
 */
const tieShuffles = new WeakMap<ListDrift, number>();

function nextTieSeed(drift: ListDrift): number {
	const seed = (tieShuffles.get(drift) ?? 0) + 1;
	tieShuffles.set(drift, seed);
	return seed;
}

/** The codes in their order, but each run of equal sort values shuffled (seeded by `seed`). */
function shuffledTies(
	codes: QrRecord[],
	sortBy: 'createdAt' | 'updatedAt' | 'name',
	seed: number,
): QrRecord[] {
	const random = createPrng(seed);
	const result: QrRecord[] = [];
	for (let start = 0; start < codes.length;) {
		let end = start + 1;
		while (end < codes.length && codes[end][sortBy] === codes[start][sortBy]) end += 1;
		const run = codes.slice(start, end);
		for (let i = run.length - 1; i > 0; i--) {
			const j = Math.floor(random() * (i + 1));
			[run[i], run[j]] = [run[j], run[i]];
		}
		result.push(...run);
		start = end;
	}
	return result;
}

/** Another writer's change: the last code of the team's `updatedAt` order becomes its first. */
function touchOldest(context: ServerContext, teamId: string): void {
	const codes: QrRecord[] = listQrPage(context.state, teamId, {
		limit: Number.MAX_SAFE_INTEGER,
		page: 1,
		sortBy: 'updatedAt',
		sortOrder: 'desc',
	}).qrs;
	if (codes.length < 2) return;
	codes[codes.length - 1].updatedAt = Math.max(codes[0].updatedAt + 1, context.state.clock.now());
}

/** Another writer's deletion: the first live code of the team's `updatedAt` order, newest first, leaves the list. */
function deleteNewest(context: ServerContext, teamId: string, agoMs: number): void {
	const [newest] = listQrPage(context.state, teamId, {
		limit: 1,
		page: 1,
		sortBy: 'updatedAt',
		sortOrder: 'desc',
	}).qrs;
	if (!newest) return;
	const deleted = touchQr(context.state, newest, { deleted: true }, 'other-writer');
	deleted.updatedAt -= agoMs;
}

function lowerCased(body: unknown): unknown {
	if (Array.isArray(body)) return body.map(lowerCased);
	if (typeof body !== 'object' || body === null) return body;
	const copy: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(body)) {
		copy[key] =
			key === 'displayId' && typeof value === 'string' ? value.toLowerCase() : lowerCased(value);
	}
	return copy;
}
