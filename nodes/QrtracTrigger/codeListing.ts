import { MAX_PAGE_SIZE, PageCollector, type ListPage } from '../shared/pagination';

/**
 * The order in which New Scans' first listing of a team reads the list's pages, over as many polls as n8n's poll
 * budget needs (pure). The list is read in creation order, oldest first: a code created meanwhile goes to the
 * end, a change moves no code, and a deletion moves every later code one place towards page 1.
 *
 * With a total (the contract's answer), page 1 is read first for the total and the page size, then the pages from
 * the last one down to page 1 again. A deletion below the page being read then moves codes not yet read within
 * the pages still to read, and the code at the edge of what was read into them (read twice, kept once); a
 * deletion among the pages read moves only codes already read. So every code that lives from the listing's
 * start to its end is listed, whatever is deleted between two pages or two polls; codes created or changed
 * meanwhile come from the change feed read from the listing's start. Without a total, the pages are read forward
 * to a short or empty page, each poll beginning one page back so that deletions between polls move no code past
 * it (within a poll the pages follow each other as closely as in a one-poll walk).
 */

/** Cap for a forward listing that never meets its end: 1,000,000 codes at 100 per page. */
export const MAX_FORWARD_PAGES = 10_000;

export interface PagePlan {
	pageSize: number;
	total?: number;
	/** The page to read next; undefined once the listing is complete. */
	next?: number;
}

/** The plan after page 1 opened the listing: the page size served (pagination.ts's rule) and the total. */
export function planAfterFirstPage(page: ListPage<{ id?: string }>): PagePlan {
	const collector = new PageCollector<{ id?: string }>({ pageSize: MAX_PAGE_SIZE });
	collector.add(1, page);
	const pageSize = collector.servedSize;
	const total = collector.totalCount;
	if (total !== undefined) {
		const last = Math.ceil(total / pageSize);
		return { pageSize, total, ...(last >= 2 ? { next: last } : {}) };
	}
	// no total: a page 1 shorter than asked is confirmed by an empty page 2 (its size may be the service's)
	return { pageSize, ...(page.items.length === 0 ? {} : { next: 2 }) };
}

/** The plan after page `read` of a listing under way held `count` codes. */
export function planAfterPage(plan: PagePlan, read: number, count: number): PagePlan {
	const { pageSize, total } = plan;
	if (total !== undefined) return { pageSize, total, ...(read > 1 ? { next: read - 1 } : {}) };
	const end = count === 0 || (count < pageSize && read > 1);
	return { pageSize, ...(end ? {} : { next: read + 1 }) };
}

/** Where a poll resumes a listing: the stored page, or one page back for a forward listing. */
export function resumeAt(plan: PagePlan & { next: number }): number {
	return plan.total === undefined && plan.next > 2 ? plan.next - 1 : plan.next;
}

/**
 * How many codes a complete listing is short of the total page 1 announced: every code live when it began is
 * listed or was deleted meanwhile (the change feed read from its start names it). 0 when none is missing or
 * there was no total to count against.
 */
export function listingShortfall(
	total: number | undefined,
	listed: ReadonlySet<string>,
	deletedMeanwhile: readonly string[],
): number {
	if (total === undefined) return 0;
	const accounted = new Set(listed);
	for (const id of deletedMeanwhile) accounted.add(id);
	return Math.max(0, total - accounted.size);
}
