/**
 * The page walk of Get Many over QRTRAC's paginated list (`limit` 1..100, `page` from 1).
 *
 * Rule: every record is returned once and the walk always ends.
 * - Records can shift between pages while others create or delete codes, so one record may show up on
 *   two pages: records are kept once, by id, in the order they first arrived.
 * - The walk stops when the wanted limit is reached, when a page is short or empty (the last page), when
 *   as many unique records as `totalCount` were seen, or when a full page brought nothing new (the service
 *   repeats itself).
 * - A service that keeps sending full pages of new records beyond what it announced is cut off by a hard
 *   cap of ceil(first totalCount / pageSize) + slack pages (slack absorbs codes created during the walk);
 *   without any totalCount the cap follows the limit, or MAX_PAGES_WITHOUT_TOTAL for Return All.
 */

export const MAX_PAGE_SIZE = 100;

/** Extra pages allowed beyond what the first announced totalCount needs: codes created meanwhile. */
const SLACK_PAGES = 2;
/** Cap for Return All when the service never states a total: 1,000,000 records at 100 per page. */
const MAX_PAGES_WITHOUT_TOTAL = 10_000;

/** Page size to request: 100 for Return All, else the limit itself (1..100), so short lists cost one call. */
export function pageSizeFor(returnAll: boolean, limit?: number): number {
	if (returnAll || limit === undefined || !Number.isFinite(limit)) return MAX_PAGE_SIZE;
	return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(limit)));
}

export interface CollectedPage<T> {
	items: T[];
	totalCount?: number;
	/** The page number these items came from (1-based). */
	page: number;
}

export class PageCollector<T extends { id?: string }> {
	private readonly limit: number | undefined;
	private readonly pageSize: number;
	private readonly collected: T[] = [];
	private readonly seenIds = new Set<string>();
	private pagesAdded = 0;
	private lastPage = 0;
	private pageCap: number;
	private totalCountKnown = false;
	private finished = false;

	constructor(options: { limit?: number; pageSize: number }) {
		this.limit = options.limit === undefined ? undefined : Math.max(0, Math.floor(options.limit));
		this.pageSize = Math.max(1, Math.floor(options.pageSize));
		this.pageCap =
			this.limit === undefined
				? MAX_PAGES_WITHOUT_TOTAL
				: Math.ceil(this.limit / this.pageSize) + SLACK_PAGES;
		this.finished = this.limit === 0;
	}

	get done(): boolean {
		return this.finished;
	}

	/** The page to request next; always past every page added so far, even if the service misnumbers pages. */
	get nextPage(): number {
		return this.lastPage + 1;
	}

	/** Unique records in arrival order, never more than the limit. */
	get items(): T[] {
		return this.collected;
	}

	add(page: CollectedPage<T>): void {
		if (this.finished) return;
		this.pagesAdded++;
		this.lastPage = Math.max(this.lastPage + 1, Math.floor(page.page));
		const totalCount = validCount(page.totalCount);
		if (totalCount !== undefined && !this.totalCountKnown) {
			this.totalCountKnown = true;
			this.pageCap = Math.min(this.pageCap, Math.ceil(totalCount / this.pageSize) + SLACK_PAGES);
		}

		const records = Array.isArray(page.items) ? page.items : [];
		const newRecords = records.filter((item) => this.keepOnce(item));
		const room = this.limit === undefined ? newRecords.length : this.limit - this.collected.length;
		this.collected.push(...newRecords.slice(0, room));

		this.finished =
			(this.limit !== undefined && this.collected.length >= this.limit) ||
			records.length < this.pageSize ||
			newRecords.length === 0 ||
			(totalCount !== undefined && this.collected.length >= totalCount) ||
			this.pagesAdded >= this.pageCap;
	}

	/** True the first time a record is seen; records without an id cannot be compared and are always kept. */
	private keepOnce(item: T): boolean {
		if (typeof item?.id !== 'string') return true;
		if (this.seenIds.has(item.id)) return false;
		this.seenIds.add(item.id);
		return true;
	}
}

function validCount(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export interface PageWalk {
	returnAll: boolean;
	limit?: number;
	/** Page size to ask for (1..100); by default 100, or the limit when it is smaller. */
	pageSize?: number;
}

/** Pages requested at once once the first page has told the total: the limiter still paces every request. */
export const PARALLEL_PAGES = 8;

/**
 * Walks a paginated list by the rule above: `fetchPage(page, pageSize)` for page 1, 2, ... until the collector
 * is done. Once a page has told the total, the pages it still needs are requested up to PARALLEL_PAGES at a
 * time (a list of 10,000 codes is 100 requests: one after another they wait on each answer's latency) and
 * added in page order; whatever the total did not foresee (codes created meanwhile) is read one page at a time
 * after that. Every list walk of the nodes goes through here.
 */
export async function collectPages<T extends { id?: string }>(
	walk: PageWalk,
	fetchPage: (page: number, pageSize: number) => Promise<{ items: T[]; totalCount?: number }>,
): Promise<T[]> {
	const pageSize = walk.pageSize ?? pageSizeFor(walk.returnAll, walk.limit);
	const limit = walk.returnAll ? undefined : walk.limit;
	const collector = new PageCollector<T>({ limit, pageSize });
	let foreseenPages = 1;
	while (!collector.done) {
		const first = collector.nextPage;
		const count = first <= foreseenPages ? Math.min(PARALLEL_PAGES, foreseenPages - first + 1) : 1;
		const pages = await Promise.all(
			Array.from({ length: count }, async (_, offset) => ({
				...(await fetchPage(first + offset, pageSize)),
				page: first + offset,
			})),
		);
		for (const page of pages) {
			if (collector.done) break;
			collector.add(page);
			if (page.totalCount !== undefined && foreseenPages === 1) {
				foreseenPages = Math.ceil(Math.min(page.totalCount, limit ?? Infinity) / pageSize);
			}
		}
	}
	return collector.items;
}
