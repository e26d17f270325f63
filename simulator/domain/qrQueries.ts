import { badRequest } from '../apiError';
import type { QrRecord } from '../model';
import type { Store } from '../store';
import { parseIntegerText } from '../validation';
import { assertDisplayIdFormat } from './qrInput';

export type QueryValues = Record<string, string | string[] | undefined>;

export interface PageQuery {
	limit: number;
	page: number;
	search?: string;
	sortBy: 'createdAt' | 'updatedAt' | 'name';
	sortOrder: 'asc' | 'desc';
	folderId?: string;
}

export interface QrPage {
	qrs: QrRecord[];
	totalCount: number;
	page: number;
	limit: number;
}

function single(query: QueryValues, name: string): string | undefined {
	const value = query[name];
	if (Array.isArray(value)) throw badRequest(`"${name}" must be given once`);
	return value;
}

function boundedInteger(
	query: QueryValues,
	name: string,
	fallback: number,
	min: number,
	max: number,
): number {
	const text = single(query, name);
	if (text === undefined) return fallback;
	const value = parseIntegerText(text, name);
	if (value < min || value > max) throw badRequest(`"${name}" must be between ${min} and ${max}`);
	return value;
}

function oneOf<T extends string>(
	query: QueryValues,
	name: string,
	allowed: readonly T[],
	fallback: T,
): T {
	const text = single(query, name);
	if (text === undefined) return fallback;
	if (!(allowed as readonly string[]).includes(text))
		throw badRequest(`"${name}" must be one of [${allowed.join(', ')}]`);
	return text as T;
}

/** Query of the paginated list with the contract's defaults; out-of-range or unknown values are 400. */
export function parsePageQuery(query: QueryValues): PageQuery {
	return {
		limit: boundedInteger(query, 'limit', 10, 1, 100),
		page: boundedInteger(query, 'page', 1, 1, Number.MAX_SAFE_INTEGER),
		search: single(query, 'search') || undefined,
		sortBy: oneOf(query, 'sortBy', ['createdAt', 'updatedAt', 'name'] as const, 'updatedAt'),
		sortOrder: oneOf(query, 'sortOrder', ['asc', 'desc'] as const, 'desc'),
		folderId: single(query, 'folderId') || undefined,
	};
}

/** Binary (code unit) order, as a database index sorts strings. */
function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

function inFolder(qr: QrRecord, folderId: string): boolean {
	return (
		qr.folderId === folderId || (Array.isArray(qr.folderIds) && qr.folderIds.includes(folderId))
	);
}

/**
 * One page of a team's live codes (with `includeDeleted`, its soft-deleted ones too: list drift `listsDeleted`), each
 * as it stood at `asOfMs` when given (list drift `listStaleMs`). Search is a case-insensitive substring of name or displayId; the order is
 * (sortBy, id) in the requested direction, so pages never overlap or skip while the data stands still.
 */
export function listQrPage(
	store: Store,
	teamId: string,
	query: PageQuery,
	{ includeDeleted = false, asOfMs }: { includeDeleted?: boolean; asOfMs?: number } = {},
): QrPage {
	const needle = query.search?.toLowerCase();
	const codes =
		asOfMs === undefined
			? store.qrs.ofTeam(teamId)
			: store.qrs.ofTeam(teamId).map((qr) => store.qrs.versionAt(qr, asOfMs));
	const matches = codes
		.filter((qr) => includeDeleted || !qr.deleted)
		.filter(
			(qr) =>
				!needle ||
				qr.name.toLowerCase().includes(needle) ||
				qr.displayId.toLowerCase().includes(needle),
		)
		.filter((qr) => !query.folderId || inFolder(qr, query.folderId));
	const direction = query.sortOrder === 'asc' ? 1 : -1;
	matches.sort((a, b) => {
		const byField =
			query.sortBy === 'name'
				? compareText(a.name, b.name)
				: (a[query.sortBy] as number) - (b[query.sortBy] as number);
		return direction * (byField || compareText(a.id, b.id));
	});
	const start = (query.page - 1) * query.limit;
	return {
		qrs: matches.slice(start, start + query.limit),
		totalCount: matches.length,
		page: query.page,
		limit: query.limit,
	};
}

export function parseFromTime(text: string): number {
	return parseIntegerText(text, 'fromTime');
}

/**
 * Codes of the given teams changed after `fromTime`, deleted ones included (that is how a poller learns of
 * deletions). Exclusive boundary unless configured inclusive; ordered by updatedAt then id, ascending.
 */
export function qrsUpdatedAfter(
	store: Store,
	teamIds: readonly string[],
	fromTime: number,
): QrRecord[] {
	const inclusive = store.config.fromTimeInclusive;
	return teamIds
		.flatMap((teamId) => store.qrs.ofTeam(teamId))
		.filter((qr) => (inclusive ? qr.updatedAt >= fromTime : qr.updatedAt > fromTime))
		.sort((a, b) => a.updatedAt - b.updatedAt || compareText(a.id, b.id));
}

/** Availability of a display id across the whole service: `{success, data}` with a sentence in data. */
export function displayIdAvailability(
	store: Store,
	displayId: string,
): { success: boolean; data: string } {
	assertDisplayIdFormat(displayId);
	return store.displayIdTaken(displayId)
		? { success: false, data: `QR ID "${displayId}" is already taken` }
		: { success: true, data: `QR ID "${displayId}" is available` };
}
