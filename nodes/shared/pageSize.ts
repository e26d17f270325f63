import type { ListPage } from './pagination';

/**
 * What page 1 of a list tells of the page size the service serves, and how page 2 confirms a size that was only
 * a guess. Pure; used by the list walks (pagination.ts), the walk down to a time (shiftingWalk.ts, api/timeline.ts)
 * and the picker (pageCursor.ts).
 */

/**
 * The page size a service serves, told by page 1 (`served` codes of `askedSize` asked): fewer codes than asked
 * where more were announced, else an echoed `limit` below the asked one, else (no total, or one below the codes
 * served) a short page's own size, a guess the next page confirms. One rule for the walks (PageCollector) and the picker (pageCursor.ts).
 */
export function servedPageSize(
	page: ListPage<unknown>,
	served: number,
	askedSize: number,
	total: number | undefined,
): { size: number; guessed: boolean } {
	const echoed = validCount(page.limit);
	if (total !== undefined && total > served && served > 0 && served < askedSize)
		return { size: served, guessed: false };
	if (echoed !== undefined && echoed >= 1 && echoed < askedSize)
		return { size: echoed, guessed: false };
	// An echoed `limit` no lower than the one asked may only repeat the query: it says nothing of the size served.
	// A total below the codes served is no total (it leaves codes out): the short page may be a capped one too.
	if ((total === undefined || total < served) && served > 0 && served < askedSize)
		return { size: served, guessed: true };
	return { size: askedSize, guessed: false };
}

/**
 * What tells apart the two services whose page 2 repeats a short page 1 of guessed size (no total, no `limit`
 * below the one asked): one answering past the end with its last page (page 1 is the whole list) and one capping
 * its pages silently and ignoring `page` (page 1 is its first codes only). Page 2 asked again with `limit`, half
 * page 1's count, starts at page 1's code at that place (`expectedFirst`) where `page` is honoured, at page 1's
 * first where it is not. Undefined for a page 1 of one code: nothing to halve, a list of one. One rule for the
 * walks (PageCollector), the walk down to a time (shiftingWalk.ts) and the picker (pageCursor.ts).
 */
export interface RepeatCheck {
	limit: number;
	expectedFirst?: string;
}

export function repeatCheck(
	pageOne: ReadonlyArray<{ id?: unknown } | undefined>,
): RepeatCheck | undefined {
	if (pageOne.length < 2) return undefined;
	const limit = Math.floor(pageOne.length / 2);
	const id = pageOne[limit]?.id;
	return { limit, ...(typeof id === 'string' ? { expectedFirst: id } : {}) };
}

/** Whether the answer to a RepeatCheck's request honoured `page`; an answer that cannot show it did not. */
export function honoursPage(
	check: RepeatCheck,
	answer: { items?: ReadonlyArray<{ id?: unknown } | undefined> },
): boolean {
	const first = Array.isArray(answer.items) ? answer.items[0]?.id : undefined;
	return check.expectedFirst !== undefined && first === check.expectedFirst;
}

/** A count the service said: a whole number, 0 or more; anything else is none. */
export function validCount(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
