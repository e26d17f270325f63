import { MAX_PAGE_SIZE, PageCollector, pageEndsList, type ListPage } from '../shared/pagination';

/**
 * The order in which New Scans' first listing of a team reads the list's pages, over as many polls as n8n's poll
 * budget needs (pure). The list is read in creation order, oldest first: a code created meanwhile goes to the
 * end, a change moves no code (but one renamed into a search joins at its place), and a deletion moves every later
 * code one place towards page 1.
 *
 * With a total (the contract's answer), page 1 is read first for the total and the page size. The pages from the
 * last one the total implies are then read forward until one ends the list by pagination.ts's rule (`pageEndsList`,
 * the one-poll walk's: an empty or short page, full pages past the total or ending on it read on), then the pages
 * below it down to page 1 again. A deletion below the page being read then moves codes not yet read within the
 * pages still to read, and the code at the edge of what was read into them (read twice, kept once); a deletion
 * among the pages read moves only codes already read. So every code that lives from the listing's start to its end
 * is listed, whatever is deleted between two pages or two polls; codes created or changed meanwhile come from the
 * change feed read from the listing's start. A code joining below the page being read moves the code at the edge
 * of the pages still to read into the page read last: each poll begins by reading that page again, which covers up
 * to a page of joins between polls. Without a total, the pages are read forward to a short or empty page, each
 * poll beginning one page back so that deletions between polls move no code past it (within a poll the pages
 * follow each other as closely as in a one-poll walk). A listing short of its total once page 1 is read again reads
 * page 0, pagination.ts's rule for a service counting pages from 0.
 */

/** Cap for a forward listing that never meets its end: 1,000,000 codes at 100 per page. */
export const MAX_FORWARD_PAGES = 10_000;

export interface PagePlan {
	pageSize: number;
	total?: number;
	/** The page to read next; undefined once the listing is complete. */
	next?: number;
	/** While the end is looked for forward with a total: the page the walk back then starts below. */
	turn?: number;
}

/** The plan after page 1 opened the listing: the page size served and the total (pagination.ts's rules). */
export function planAfterFirstPage(page: ListPage<{ id?: string }>): PagePlan {
	const collector = new PageCollector<{ id?: string }>({ pageSize: MAX_PAGE_SIZE });
	collector.add(1, page);
	const pageSize = collector.servedSize;
	const total = collector.totalCount;
	if (total === undefined) return { pageSize, ...(collector.done ? {} : { next: 2 }) };
	if (collector.done)
		return planAfterPage({ pageSize, total }, 1, page.items.length, page.items.length);
	const turn = Math.max(2, Math.ceil(total / pageSize));
	return { pageSize, total, next: turn, turn };
}

/**
 * The plan after page `read` of a listing under way held `count` codes; `accounted`: the distinct codes listed so
 * far that can have been in the list when it began (codeListing's `mayHaveJoined`), which page 0 is read for when
 * they fall short of the total.
 */
export function planAfterPage(
	plan: PagePlan,
	read: number,
	count: number,
	accounted: number,
): PagePlan {
	const { pageSize, total, turn } = plan;
	const base = { pageSize, ...(total === undefined ? {} : { total }) };
	if (turn !== undefined || total === undefined) {
		// the pages before are full, or one of them would have ended the list: counted as the one-poll walk counts
		const codes = (read - 1) * pageSize + count;
		const end = pageEndsList({
			served: count,
			servedSize: pageSize,
			fresh: count,
			codes,
			total: total !== undefined && codes <= total ? total : undefined,
		});
		if (!end) return { ...base, next: read + 1, ...(turn === undefined ? {} : { turn }) };
		return turn === undefined ? base : { ...base, next: turn - 1 };
	}
	if (read > 1) return { ...base, next: read - 1 };
	return read === 1 && total !== undefined && accounted < total ? { ...base, next: 0 } : base;
}

/** Where a poll resumes a listing: one page back, to read again the page read last (forward or back). */
export function resumeAt(plan: PagePlan & { next: number }): number {
	const { next, turn, total } = plan;
	if (turn !== undefined || total === undefined) return next > (turn ?? 2) ? next - 1 : next;
	return next + 1;
}

/**
 * Whether a code listed in this version may have joined the list after the listing began (`joinedAfter`: the
 * service's time from which a version is surely later): created since (changed since, when it gives no creation
 * time), or changed since under a search, which a rename moves codes into. Such a code cannot account for one of
 * the total page 1 announced.
 */
export function mayHaveJoined(
	code: { updatedAt: number; createdAt?: number },
	joinedAfter: number,
	searched: boolean,
): boolean {
	const changedSince = code.updatedAt >= joinedAfter;
	const createdSince = code.createdAt === undefined ? changedSince : code.createdAt >= joinedAfter;
	return createdSince || (searched && changedSince);
}

/**
 * How many codes a complete listing is short of the total page 1 announced: every code in the list when it began
 * is listed or was deleted since (the change feed read from its start names it). Codes that may have
 * joined since do not count (a joined code moves another one into the pages read: counting it would hide that
 * one), nor do deletions of codes created since. 0 when none is missing or there was no total to count against.
 */
export function listingShortfall(
	total: number | undefined,
	listing: {
		/** As in `mayHaveJoined`; undefined when the service told no time (no code is taken as joined). */
		joinedAfter?: number;
		listed: ReadonlySet<string>;
		joined: ReadonlySet<string>;
		deletedMeanwhile: ReadonlyArray<{ id: string; createdAt?: number }>;
	},
): number {
	if (total === undefined) return 0;
	const accounted = new Set([...listing.listed].filter((id) => !listing.joined.has(id)));
	for (const code of listing.deletedMeanwhile) {
		const { joinedAfter } = listing;
		const createdSince =
			joinedAfter !== undefined && code.createdAt !== undefined && code.createdAt >= joinedAfter;
		if (!createdSince) accounted.add(code.id);
	}
	return Math.max(0, total - accounted.size);
}
