import { MAX_PAGE_SIZE, type ListPage, type ListShortfall } from './pagination';
import { honoursPage, repeatCheck, servedPageSize, validCount, type RepeatCheck } from './pageSize';

/**
 * Where a list read one page at a time stands (a picker, scrolled by a person): carried from page to page in the
 * token of the next page. The walk's rules for pages asked apart: the page size served on page 1 (echoed, or
 * fewer codes than the total; a short page 1 with neither is confirmed by page 2, which ends the list by holding
 * page 1 again once page 2 asked again as pageSize.ts `repeatCheck` says, in the same scroll, honours page), a full page asks for one more, a short or empty page ends the list and must bring the codes to
 * the announced total, and a page holding page 1's first two codes repeats it: the service ignores `page`, or the list's top moved by a page or more while it
 * was scrolled (one code moved by a rename takes only itself along); one holding the page before's first two
 * repeats that one (a service answering past the end with its last page). A repeat once the pages before held exactly
 * the announced total ends the list, as in the list walks; before it, the pages cannot make one list.
 */
export interface PageCursor {
	page: number;
	/** Codes the pages before held. */
	got: number;
	/** Page size served (known from page 2 on). */
	size?: number;
	/** The size was page 1's own short size, a guess (pageSize.ts `servedPageSize`): page 2 repeating page 1 ends the list. */
	guessed?: true;
	/** With `guessed`: what page 2 asked again must show before page 1 is taken whole (pageSize.ts `repeatCheck`). */
	check?: RepeatCheck;
	/** Ids of page 1's first two codes. */
	first?: string;
	second?: string;
	/** Ids of the page before's first two codes (from page 3 on). */
	previous?: string[];
}

/** The cursor a token carries; no token (or one not of this form) is page 1. */
export function readPageCursor(token: string | undefined): PageCursor {
	try {
		const cursor = JSON.parse(token ?? '') as Partial<PageCursor>;
		const page = validCount(cursor.page);
		const got = validCount(cursor.got);
		const size = validCount(cursor.size);
		// a token is the editor's to send back: a size outside the contract's page limits is no cursor of ours
		if (
			page !== undefined &&
			page > 1 &&
			got !== undefined &&
			size !== undefined &&
			size >= 1 &&
			size <= MAX_PAGE_SIZE
		)
			return {
				page,
				got,
				size,
				...(cursor.guessed === true ? { guessed: true as const } : {}),
				...checkOf(cursor.check),
				first: typeof cursor.first === 'string' ? cursor.first : undefined,
				second: typeof cursor.second === 'string' ? cursor.second : undefined,
				previous: Array.isArray(cursor.previous)
					? cursor.previous.filter((id): id is string => typeof id === 'string').slice(0, 2)
					: undefined,
			};
	} catch {
		// a missing or foreign token starts at page 1
	}
	return { page: 1, got: 0 };
}

/** A token's check, when it is one of ours: a limit within the contract's page limits. */
function checkOf(check: unknown): { check?: RepeatCheck } {
	if (typeof check !== 'object' || check === null) return {};
	const { limit, expectedFirst } = check as Partial<RepeatCheck>;
	const size = validCount(limit);
	if (size === undefined || size < 1 || size > MAX_PAGE_SIZE) return {};
	return {
		check: { limit: size, ...(typeof expectedFirst === 'string' ? { expectedFirst } : {}) },
	};
}

/** The token of a cursor, for readPageCursor. */
export function pageCursorToken(cursor: PageCursor): string {
	return JSON.stringify(cursor);
}

/**
 * What the answer to the cursor's page (asked with `askedSize`) tells: the next page's cursor, none at the end
 * of the list, or the shortfall when the pages cannot hold the whole list; `pastEnd` when the page only repeats
 * codes listed already (none of it is shown); `check` when the page must be asked again so (`repeatCheck`) before
 * the list can end, then its answer is `checked`.
 */
export function nextPageCursor<T extends { id?: string }>(
	cursor: PageCursor,
	answer: ListPage<T>,
	askedSize: number,
	checked?: ListPage<T>,
): { next?: PageCursor; shortfall?: ListShortfall; pastEnd?: true; check?: RepeatCheck } {
	const records = Array.isArray(answer.items) ? answer.items : [];
	const total = validCount(answer.totalCount);
	const got = cursor.got + records.length;
	const shortfall = (reason: string): { shortfall: ListShortfall } => ({
		shortfall: { got: cursor.got, expected: total, reason, requests: cursor.page },
	});
	const { first, second, previous } = cursor;
	const holds = (id: string | undefined) => records.some((record) => record?.id === id);
	const repeatsPageOne =
		first !== undefined &&
		cursor.page > 1 &&
		holds(first) &&
		(second === undefined || holds(second));
	// Exactly the total: pages holding more than it announced show a total that cannot be trusted to end the list.
	// A guessed size that page 2 repeats confirms the guess, page 1 was the whole list, as in the list walks: once
	// page 2 asked again shows the service honours page (a page 1 of one code needs no check).
	const guessRepeated = cursor.guessed === true && cursor.page === 2 && repeatsPageOne;
	if (guessRepeated && cursor.check !== undefined && checked === undefined)
		return { check: cursor.check };
	const readWhole =
		(total !== undefined && cursor.got === total) ||
		(guessRepeated && (cursor.check === undefined || honoursPage(cursor.check, checked ?? {})));
	const repeatsPrevious =
		cursor.page > 2 && previous !== undefined && previous.length > 0 && previous.every(holds);
	if ((repeatsPageOne || repeatsPrevious) && readWhole) return { pastEnd: true };
	if (repeatsPageOne)
		return shortfall(
			`page ${cursor.page} held the first codes of page 1 again: the service seems to ignore "page", or the list changed by a page or more while it was scrolled (open it again)`,
		);
	if (repeatsPrevious)
		return shortfall(
			`page ${cursor.page} held the first codes of page ${cursor.page - 1} again: the service seems to answer past the list's end with its last page, or the list changed while it was scrolled (open it again)`,
		);
	const told =
		cursor.size === undefined
			? servedPageSize(answer, records.length, askedSize, total)
			: undefined;
	const size = cursor.size ?? told?.size ?? askedSize;
	if (records.length > 0 && records.length >= size)
		return {
			next: {
				page: cursor.page + 1,
				got,
				size,
				...(told?.guessed ? { guessed: true as const, ...checkOf(repeatCheck(records)) } : {}),
				first: first ?? records[0]?.id,
				second: cursor.page === 1 ? records[1]?.id : second,
				previous: records.slice(0, 2).map((record) => String(record?.id)),
			},
		};
	if (total !== undefined && got < total)
		return {
			shortfall: {
				got,
				expected: total,
				reason: `page ${cursor.page} held ${records.length} codes where ${size} were served per page, before the announced total was reached`,
				requests: cursor.page,
			},
		};
	return {};
}
