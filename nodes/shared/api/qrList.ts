import type { IDataObject, INode, NodeApiError } from 'n8n-workflow';

import { executionNode } from '../executionNode';
import { collectPages, type ListShortfall, type PageWalk, type WalkResult } from '../pagination';
import { getConnection } from '../readConnection';
import type { TransportContext } from '../transport';
import { readQrPage, type QrCode, type QrPage } from './answers';
import { refuseOutOfOrder } from './listOrder';
import { endpoint, labelOf } from './route';
import { callEndpoint, type InTeam } from './source';
import { apiError } from '../nodeErrors';
import { DisplayIdCases } from '../records/displayIdCases';
import { isLive, namedTeam, ofOtherTeam } from '../records/qrCode';

/**
 * The team's list of codes (GET /qrs-api/v2/teams/): one page, the whole walk, and the look-up by Display ID.
 * A list is only handed on when it is whole and of the team asked for; anything else fails the item with what
 * was expected and what came, so that no operation acts on a partial list or on another team's codes.
 */

/** The team's list of codes; the trigger's walk down to a time reads it too. */
export const QR_LIST = endpoint('Get Many QR Codes', 'GET /qrs-api/v2/teams/');

export interface QrListQuery {
	search?: string;
	sortBy?: 'createdAt' | 'updatedAt' | 'name';
	sortOrder?: 'asc' | 'desc';
}

/** One page of the team's list (`limit` 1..100, `page` from 1), with what the answer echoes. */
export async function getTeamQrsPaginated(
	ctx: TransportContext,
	{ query, page, limit, ...inTeam }: InTeam & { query: QrListQuery; page: number; limit: number },
): Promise<QrPage & { serviceDateMs?: number }> {
	const { teamId, itemIndex, checking } = inTeam;
	const { data, serviceDateMs, source } = await callEndpoint(ctx, {
		...QR_LIST,
		query: { ...withoutBlanks(query), limit, page },
		teamId,
		itemIndex,
		checking,
	});
	return { ...readQrPage(source, data), serviceDateMs };
}

/**
 * The list walked page by page (pagination.ts): each code once, up to the limit or the end, checked against the
 * announced total and the team asked for. A walk of every page reads in creation order, oldest first, which codes
 * changed meanwhile cannot reorder, and puts the codes in the asked order afterwards. `purpose` names what the
 * list is for in an error ("the sync snapshot").
 */
export async function listTeamQrs(
	ctx: TransportContext,
	args: InTeam & { query: QrListQuery; walk: PageWalk<QrCode>; purpose?: string },
): Promise<QrCode[]> {
	return (await listTeamQrsReadAt(ctx, args)).codes;
}

/**
 * listTeamQrs, with when the list was read from: the service's clock when the first page answered (its `Date`
 * header; `dated`), else n8n's before the walk. A code changed after that may be listed in its version before the
 * change.
 */
export async function listTeamQrsReadAt(
	ctx: TransportContext,
	{
		query,
		walk,
		teamId,
		itemIndex,
		purpose,
		checking,
	}: InTeam & { query: QrListQuery; walk: PageWalk<QrCode>; purpose?: string },
): Promise<{ codes: QrCode[]; readAtServiceMs: number; dated: boolean }> {
	const startedMs = Date.now();
	let firstServiceDateMs: number | undefined;
	const readQuery: QrListQuery = walk.returnAll
		? { ...query, sortBy: 'createdAt', sortOrder: 'asc' }
		: query;
	const pagesIn = (order: QrListQuery) => async (page: number, limit: number) => {
		const inTeam = { teamId, itemIndex, checking };
		const answer = await getTeamQrsPaginated(ctx, { query: order, page, limit, ...inTeam });
		if (page === 1) firstServiceDateMs ??= answer.serviceDateMs;
		return {
			items: answer.qrs,
			totalCount: answer.totalCount,
			page: answer.page,
			limit: answer.limit,
		};
	};
	let result = await collectPages<QrCode>(walk, pagesIn(readQuery));
	// Pages that ended before the total: codes of one sort value may have come in another order at each request.
	if (walk.returnAll && ['empty', 'short'].includes(result.shortfall?.stop ?? ''))
		result = completedInNameOrder(
			result,
			await collectPages<QrCode>(walk, pagesIn({ ...readQuery, sortBy: 'name' })),
		);
	const node = executionNode(ctx);
	const [what, label] = [purpose ?? 'the list of codes', labelOf(QR_LIST)];
	if (result.shortfall) throw incompleteList(node, result.shortfall, what, itemIndex);
	if (!walk.returnAll) refuseOutOfOrder(node, result.items, query, { label, what, itemIndex });
	await refuseForeignCodes(ctx, result.items, { teamId, itemIndex, what });
	const codes = walk.returnAll && query.sortBy ? inOrder(result.items, query) : result.items;
	const dated = firstServiceDateMs !== undefined;
	return { codes, readAtServiceMs: firstServiceDateMs ?? startedMs, dated };
}

/**
 * A walk in creation order that ended short, completed by one in name order: with no unique sort key, a service
 * ordering codes of one creation time anew at each request (a fast sync makes many) repeats some and leaves others
 * out. Both walks' codes are the whole list when exactly as many as both announced; else the first shortfall stands.
 */
function completedInNameOrder(first: WalkResult<QrCode>, byName: WalkResult<QrCode>) {
	const requests = first.requests + byName.requests;
	const codes = new Map<unknown, QrCode>();
	for (const code of [...first.items, ...byName.items])
		if (!codes.has(code.id)) codes.set(code.id, code);
	const whole =
		first.totalCount === codes.size && byName.totalCount === codes.size && !codes.has(undefined);
	if (!whole) return { ...first, requests, shortfall: { ...first.shortfall!, requests } };
	return { ...first, items: [...codes.values()], requests, shortfall: undefined };
}

/**
 * The team's live code whose Display ID is exactly `displayId`, or undefined. The list's `search` matches name or
 * Display ID (the contract does not say how: substring, prefix or case), so every page of matches is read and the
 * match picked by the rule of DisplayIdIndex (two holders, or one in another case, fail the item).
 */
export async function findQrByDisplayId(
	ctx: TransportContext,
	{ displayId, teamId, itemIndex, checking }: InTeam & { displayId: string },
): Promise<QrCode | undefined> {
	const matches = await listTeamQrs(ctx, {
		query: { search: displayId },
		walk: { returnAll: true },
		teamId,
		itemIndex,
		checking,
		purpose: `the look-up of Display ID "${displayId}"`,
	});
	return new DisplayIdIndex(matches, executionNode(ctx)).take(displayId, itemIndex);
}

/**
 * Every live code of the team (all pages, checked as listTeamQrs checks), indexed by Display ID, with the
 * service's clock when the walk began (the first page's `Date` header; n8n's clock without one): a change feed
 * read from there, less an overlap, brings the index up to date.
 */
export async function indexTeamQrsByDisplayId(
	ctx: TransportContext,
	{ teamId, itemIndex, purpose, checking }: InTeam & { purpose: string },
): Promise<{ index: DisplayIdIndex; readAtServiceMs: number }> {
	const { codes, readAtServiceMs } = await listTeamQrsReadAt(ctx, {
		query: { sortBy: 'createdAt', sortOrder: 'asc' },
		walk: { returnAll: true },
		teamId,
		itemIndex,
		checking,
		purpose,
	});
	return {
		index: new DisplayIdIndex(codes, executionNode(ctx)),
		readAtServiceMs,
	};
}

/**
 * Live codes by Display ID, for the sync snapshot and the look-up. Rule: a Display ID names one code. Two live
 * codes holding it, or a code holding it only in another case (a service that changed its case), fail the row
 * that names it, since either way writing would pick a code by guess or create a second one. Each code is held
 * as its JSON text and parsed when asked for: a snapshot kept between runs then costs about half the memory.
 */
export class DisplayIdIndex {
	/** Code id -> the code's JSON text, in the order the codes came (the list's order). */
	private readonly texts = new Map<string, string>();
	/** Display ID -> the ids of the codes holding it. */
	private readonly exact = new Map<string, string[]>();
	/** Code id -> the Display ID it is held under, so that a newer version of a code replaces the old one. */
	private readonly byId = new Map<string, string>();
	/** The Display IDs of `exact` by case, for one held only in another case. */
	private readonly cases = new DisplayIdCases();

	constructor(
		codes: Iterable<QrCode>,
		private readonly node: INode,
	) {
		for (const code of codes) this.put(code);
	}

	/** The one code holding `displayId`, taken out of the index (later rows take what this one left). */
	take(displayId: string, itemIndex?: number): QrCode | undefined {
		const code = this.find(displayId, itemIndex);
		if (code) this.remove(String(code.id));
		return code;
	}

	/** The one code holding `displayId`, left in the index (a snapshot kept for later runs). */
	find(displayId: string, itemIndex?: number): QrCode | undefined {
		const holders = this.exact.get(displayId)?.map((id) => this.code(id));
		if (holders && holders.length > 1) throw heldTwice(this.node, displayId, holders, itemIndex);
		if (holders) return holders[0];
		const variants = this.cases.otherCases(displayId, (variant) => this.exact.has(variant));
		if (variants.length > 0) throw otherCase(this.node, displayId, variants, itemIndex);
		return undefined;
	}

	/** Holds this version of a code in place of any earlier one; a deleted code only leaves. */
	put(code: QrCode): void {
		const id = String(code.id);
		this.remove(id);
		if (!isLive(code)) return;
		this.texts.set(id, JSON.stringify(code));
		if (typeof code.displayId !== 'string') return;
		this.exact.set(code.displayId, [...(this.exact.get(code.displayId) ?? []), id]);
		this.byId.set(id, code.displayId);
		this.cases.add(code.displayId);
	}

	remove(id: string): void {
		this.texts.delete(id);
		const displayId = this.byId.get(id);
		if (displayId === undefined) return;
		this.byId.delete(id);
		const holders = (this.exact.get(displayId) ?? []).filter((held) => held !== id);
		if (holders.length > 0) {
			this.exact.set(displayId, holders);
			return;
		}
		this.exact.delete(displayId);
		this.cases.delete(displayId);
	}

	/** The version of the code with this id that is held, if any. */
	byCodeId(id: string): QrCode | undefined {
		return this.texts.has(id) ? this.code(id) : undefined;
	}

	/** The codes held, in the list's order: Delete Missing's candidates, "All Codes of the Team". */
	remaining(): QrCode[] {
		return [...this.texts.keys()].map((id) => this.code(id));
	}

	/** How many codes are held. */
	get size(): number {
		return this.texts.size;
	}

	private code(id: string): QrCode {
		return JSON.parse(this.texts.get(id)!) as QrCode;
	}
}

/** Codes in the asked order: by the field, then by id, in the asked direction (as the service sorts). */
function inOrder(codes: QrCode[], query: QrListQuery): QrCode[] {
	const field = query.sortBy ?? 'updatedAt';
	const direction = query.sortOrder === 'asc' ? 1 : -1;
	const key = (code: QrCode): string | number => {
		const value = code[field];
		return typeof value === 'number' || typeof value === 'string' ? value : '';
	};
	return [...codes].sort(
		(a, b) => direction * (compare(key(a), key(b)) || compare(String(a.id), String(b.id))),
	);
}

function compare(a: string | number, b: string | number): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

export function incompleteList(
	node: INode,
	shortfall: ListShortfall,
	what: string,
	itemIndex?: number,
	retry = 'Run the node again',
): NodeApiError {
	const { got, expected, requests, reason } = shortfall;
	const announced =
		expected !== undefined
			? `announced ${expected} codes`
			: shortfall.announced !== undefined
				? `announced a total of ${shortfall.announced} that its pages passed`
				: 'announced no total';
	return listError(node, itemIndex, {
		message: `QRTRAC's list of codes is incomplete: got ${got} of ${expected ?? 'more'} codes`,
		description: `${labelOf(QR_LIST)}, read for ${what}, ${announced}; ${requests} requests gave ${got} different codes: ${reason}. Nothing was done with the partial list. ${retry}; if it fails again, the service does not page its list as the contract says: report it to QRTRAC with this message.`,
	});
}

/**
 * Fails when an answer about one team's codes holds a code of another team (its `teamId`): the one rule for the
 * team's list and its changes, so that no code of another team is shown, changed or deleted.
 */
export async function refuseForeignCodes(
	ctx: TransportContext,
	codes: readonly QrCode[],
	{ teamId, itemIndex, what, label = labelOf(QR_LIST) }: InTeam & { what: string; label?: string },
): Promise<void> {
	const askedTeam = teamId ?? (await getConnection(ctx)).teamId;
	const foreign = codes.filter((code) => ofOtherTeam(code, askedTeam));
	if (foreign.length === 0) return;
	const teams = [
		...new Set(
			foreign.map((code) => (typeof code.teamId === 'string' ? code.teamId : namedTeam(code))),
		),
	];
	throw listError(executionNode(ctx), itemIndex, {
		message: `QRTRAC answered codes of another team: ${foreign.length} code(s) of team ${teams.join(', ')} in the list of team ${askedTeam}`,
		description: `${label}, read for ${what}, held codes whose "teamId" is not the team asked for (e.g. ${String(foreign[0].id)}): the service did not keep to the team header. Nothing was written or output, so that no code of another team is changed, deleted or reported. Check the team the node names (Team Override, or the trigger's Team); if it is right, report it to QRTRAC with this message.`,
	});
}

function heldTwice(
	node: INode,
	displayId: string,
	holders: QrCode[],
	itemIndex?: number,
): NodeApiError {
	return listError(node, itemIndex, {
		message: `Display ID "${displayId}" is held by ${holders.length} live codes in QRTRAC`,
		description: `The codes ${holders.map((code) => code.id).join(', ')} all carry this Display ID, which should name one code, so the row cannot tell which to write; nothing was written for it. Delete or rename the extra code in QRTRAC, then run again.`,
	});
}

function otherCase(
	node: INode,
	displayId: string,
	variants: string[],
	itemIndex?: number,
): NodeApiError {
	const held = variants.map((variant) => `"${variant}"`).join(', ');
	return listError(node, itemIndex, {
		message: `QRTRAC holds Display ID "${displayId}" as ${held}`,
		description: `The service answers this Display ID in another case (it may lower-case Display IDs). Nothing was written for the row, so that no second code is made. Write the Display ID in the row exactly as QRTRAC holds it.`,
	});
}

function listError(
	node: INode,
	itemIndex: number | undefined,
	text: { message: string; description: string },
): NodeApiError {
	return apiError(node, { success: false, message: text.message }, { ...text, itemIndex });
}

function withoutBlanks(query: QrListQuery): IDataObject {
	return Object.fromEntries(
		Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
	);
}
