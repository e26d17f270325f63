/**
 * The page walk over QRTRAC's paginated list (`limit` 1..100, `page` from 1, answers echo `totalCount`, `page`,
 * `limit`); every list walk of the nodes goes through `collectPages`, but the walk down to a time behind a
 * capped change feed (api/timeline.ts), which follows a list other writers change meanwhile (shiftingWalk.ts).
 *
 * Rule: every code once, never fewer than the service announced, and the walk always ends. It follows the page
 * size served on page 1, asks the pages the total needs PARALLEL_PAGES at a time (read in page order, codes
 * kept once), and stops at the limit, the total, an empty, short or all-repeated page, or a page cap. A shortfall
 * is retried once (page 0 for a service counting from 0, or the whole list when the total shrank); a page that
 * repeats what was read fails at once (the service ignores `page`); what is still short is returned as
 * `shortfall` for the caller's error. Without a total, only an empty or short page ends the walk (a short
 * page 1 of unknown size is confirmed by page 2: new codes go on, page 1's codes again end the list at page 1
 * once page 2 asked with half page 1's count shows the service honours `page`, pageSize.ts `repeatCheck`);
 * so too once the pages held more codes than the total said, and full pages that end exactly on the total are
 * confirmed by one page more (a total may leave codes out).
 */

import { honoursPage, repeatCheck, servedPageSize, validCount, type RepeatCheck } from './pageSize';
import { allSettledFirst } from './taskPool';
import { shortfallReason } from './walkShortfall';

/** What page 1 tells of the page size lives in pageSize.ts; re-exported for the list readers. */
export { servedPageSize, validCount };
/** Why a walk falls short, in words, lives in walkShortfall.ts; re-exported for the change feed's walk. */
export { repeatedPageReason } from './walkShortfall';

export const MAX_PAGE_SIZE = 100;
/** Pages requested at once once the first page has told the total: the limiter still paces every request. */
export const PARALLEL_PAGES = 8;
/** Extra pages allowed beyond what the first announced total needs: codes created meanwhile. */
const SLACK_PAGES = 2;
/** Cap for a walk that never learns a total: 1,000,000 codes at 100 per page. */
const MAX_PAGES_WITHOUT_TOTAL = 10_000;

/** Page size to request: 100 for Return All, else the limit itself (1..100), so short lists cost one call. */
export function pageSizeFor(returnAll: boolean, limit?: number): number {
	if (returnAll || limit === undefined || !Number.isFinite(limit)) return MAX_PAGE_SIZE;
	return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(limit)));
}

/** One answer of the list: its codes and what it echoes (each may be absent). */
export interface ListPage<T> {
	items: T[];
	totalCount?: number;
	page?: number;
	limit?: number;
}

export interface PageWalk<T = unknown> {
	returnAll: boolean;
	limit?: number;
	/** Page size to ask for (1..100); by default 100, or the limit when it is smaller. */
	pageSize?: number;
	/**
	 * Which codes count toward the limit (all by default): the others are kept but do not fill it, so one walk goes
	 * on until the limit holds that many counted codes or the list ends (Get Many past soft-deleted codes).
	 */
	counts?: (item: T) => boolean;
}

/** Why a walk holds fewer codes than the service announced, for the caller's error. */
export interface ListShortfall {
	got: number;
	/** The codes announced (min(total, limit)); undefined when the service never said a total. */
	expected?: number;
	/** The last total the service announced, when `expected` is undefined because the pages passed it. */
	announced?: number;
	/** What the service did, in words: "page 2 held only codes of earlier pages ...". */
	reason: string;
	/** Requests the walks sent, for the message. */
	requests: number;
	/** How the last walk ended: `empty` or `short` is a list that ended before its total. */
	stop?: Stop;
}

export interface WalkResult<T> {
	items: T[];
	/** The last total the service announced; undefined when it never said one (the walk could not be checked). */
	totalCount?: number;
	/** The page size the service served. */
	servedSize: number;
	requests: number;
	shortfall?: ListShortfall;
}

type FetchPage<T> = (page: number, pageSize: number) => Promise<ListPage<T>>;

export type Stop = 'limit' | 'total' | 'empty' | 'short' | 'repeat' | 'guessRepeated' | 'cap';

/** One walk's state; pure, so that the rules can be tested page by page. */
export class PageCollector<T extends { id?: string }> {
	readonly items: T[] = [];
	private readonly seenIds = new Set<string>();
	private readonly limit: number | undefined;
	private readonly counts: ((item: T) => boolean) | undefined;
	/** Codes kept that count toward the limit (all of them without `counts`). */
	private counted = 0;
	servedSize: number;
	private readonly askedSize: number;
	private pageCap = MAX_PAGES_WITHOUT_TOTAL;
	/** Totals in the order the pages were added. */
	readonly totals: number[] = [];
	pagesAdded = 0;
	stop: { why: Stop; page: number; size: number } | undefined;
	/** Whether page 1's size was a guess (no total, no echoed limit below the one asked) that page 2 has to confirm. */
	private sizeGuessed = false;
	/** The pages held more codes than the total announced: it is not the list's end, only a page that ends it is. */
	private totalPassed = false;
	/** What page 2 asked again must show before a repeated guess ends the list (pageSize.ts `repeatCheck`), until asked. */
	private check: RepeatCheck | undefined;

	constructor(options: { limit?: number; pageSize: number; counts?: (item: T) => boolean }) {
		this.limit = options.limit === undefined ? undefined : Math.max(0, Math.floor(options.limit));
		this.counts = options.counts;
		this.askedSize = Math.max(1, Math.floor(options.pageSize));
		this.servedSize = this.askedSize;
		if (this.limit !== undefined)
			this.pageCap = Math.ceil(this.limit / this.askedSize) + SLACK_PAGES;
		if (this.limit === 0) this.stop = { why: 'limit', page: 0, size: 0 };
	}

	get done(): boolean {
		return this.stop !== undefined;
	}

	get totalCount(): number | undefined {
		return this.totals.at(-1);
	}

	/** Codes the walk must end with: min(total, limit), or undefined when no total was announced (or believed). */
	get expected(): number | undefined {
		const total = this.totalCount;
		return total === undefined || this.totalPassed
			? undefined
			: Math.min(total, this.itemLimit ?? Infinity);
	}

	/** The limit in codes kept: codes that do not count toward it raise it by one each. */
	private get itemLimit(): number | undefined {
		return this.limit === undefined ? undefined : this.limit + this.items.length - this.counted;
	}

	/** Pages the walk foresees from the first total and the served size (at least 1). */
	get foreseenPages(): number {
		const expected = this.expected ?? this.itemLimit;
		return expected === undefined ? 1 : Math.max(1, Math.ceil(expected / this.servedSize));
	}

	/** Adds the answer to page `number`; pages must come in order. */
	add(number: number, page: ListPage<T>): void {
		if (this.done) return;
		this.pagesAdded++;
		const records = Array.isArray(page.items) ? page.items : [];
		const total = validCount(page.totalCount);
		if (total !== undefined) this.totals.push(total);
		if (this.pagesAdded === 1) {
			this.learnSize(page, records.length, total);
			if (this.sizeGuessed) this.check = repeatCheck(records);
		}
		const fresh = records.filter((item) => this.keepOnce(item));
		this.keep(fresh);
		if (!this.totalPassed && this.items.length > (this.totalCount ?? Infinity)) {
			this.totalPassed = true;
			this.pageCap = this.capPages();
		}
		// codes that do not count raise the limit, and with it the pages the walk may read
		if (this.counts) this.pageCap = this.capPages();

		const why = this.stopReason(records.length, fresh.length);
		if (why) this.stop = { why, page: number, size: records.length };
	}

	/** The request a guessed size that page 2 repeated needs before the list may end at page 1: page 2 with its limit. */
	get pendingCheck(): RepeatCheck | undefined {
		return this.stop?.why === 'guessRepeated' ? this.check : undefined;
	}

	/** The answer to `pendingCheck`'s request: a service ignoring `page` turns the end into a repeat. */
	settleCheck(answer: ListPage<T>): void {
		const check = this.pendingCheck;
		this.check = undefined;
		if (check && this.stop && !honoursPage(check, answer))
			this.stop = { ...this.stop, why: 'repeat' };
	}

	/** Adds codes of a page read after the walk (page 0): new ones go first, where that page belongs. */
	addBefore(page: ListPage<T>): number {
		const fresh = (Array.isArray(page.items) ? page.items : []).filter((item) =>
			this.keepOnce(item),
		);
		const kept = this.items.splice(0);
		this.counted = 0;
		this.keep([...fresh, ...kept]);
		return fresh.length;
	}

	/** Keeps `records` in order until the limit holds its count of counted codes. */
	private keep(records: T[]): void {
		for (const record of records) {
			if (this.limit !== undefined && this.counted >= this.limit) return;
			this.items.push(record);
			if (!this.counts || this.counts(record)) this.counted++;
		}
	}

	/** Whether a total announced during the walk was lower than an earlier one (codes deleted meanwhile). */
	get totalShrank(): boolean {
		return this.totals.some((total, index) => index > 0 && total < this.totals[index - 1]);
	}

	private learnSize(page: ListPage<T>, served: number, total: number | undefined): void {
		const { size, guessed } = servedPageSize(page, served, this.askedSize, total);
		this.servedSize = size;
		if (guessed) this.sizeGuessed = true;
		this.pageCap = this.capPages();
	}

	private capPages(): number {
		const expected = this.expected ?? this.itemLimit;
		if (expected === undefined) return MAX_PAGES_WITHOUT_TOTAL;
		const pages = Math.ceil(expected / this.servedSize) + SLACK_PAGES;
		if (!this.counts) return pages;
		// Codes that do not count raise the limit page by page, so the cap is recomputed; the first total (else the
		// ceiling) bounds it, so that a total growing with every page cannot keep the walk going.
		const first = this.totalPassed ? undefined : this.totals[0];
		const bound =
			first === undefined
				? MAX_PAGES_WITHOUT_TOTAL
				: Math.ceil(first / this.servedSize) + SLACK_PAGES;
		return Math.min(pages, bound);
	}

	private stopReason(served: number, fresh: number): Stop | undefined {
		const guessedEnd = this.sizeGuessed && this.pagesAdded === 1;
		if (this.limit !== undefined && this.counted >= this.limit) return 'limit';
		if (served === 0) return 'empty';
		if (served < this.servedSize) return 'short';
		// A page 2 repeating a page 1 whose size was only guessed confirms the guess, page 1 was the whole list (a
		// service answering past the end with its last page), once `repeatCheck` rules out a service ignoring page.
		// A full page 1 repeated is a service ignoring page.
		if (fresh === 0 && this.sizeGuessed && this.pagesAdded === 2) return 'guessRepeated';
		if (fresh === 0) return 'repeat';
		const total = this.totalPassed ? undefined : this.totalCount;
		// Full pages that end exactly on the total cannot tell a whole list from a total that leaves codes out:
		// the next page does (empty: whole; codes: the total is passed). A total off the page grid costs nothing.
		if (total !== undefined && this.items.length >= total && !this.endsOnFullPage(total, fresh))
			return 'total';
		if (this.pagesAdded >= this.pageCap && !guessedEnd) return 'cap';
		return undefined;
	}

	/** The codes reached the total exactly with a full page of new codes: one page more is asked. */
	private endsOnFullPage(total: number, fresh: number): boolean {
		return this.items.length === total && fresh > 0;
	}

	/** True the first time a record is seen; records without an id cannot be compared and are always kept. */
	private keepOnce(item: T): boolean {
		if (typeof item?.id !== 'string') return true;
		if (this.seenIds.has(item.id)) return false;
		this.seenIds.add(item.id);
		return true;
	}
}

/**
 * Walks the list by the rule above: `fetchPage(page, pageSize)`. The pages after page 1 go out PARALLEL_PAGES at a
 * time so that a long list does not wait on each answer's latency in turn.
 */
export async function collectPages<T extends { id?: string }>(
	walk: PageWalk<NoInfer<T>>,
	fetchPage: FetchPage<T>,
): Promise<WalkResult<T>> {
	const counted: FetchPage<T> = async (page, size) => {
		requests++;
		return await fetchPage(page, size);
	};
	let requests = 0;
	let collector = await walkOnce(walk, counted);
	let why = shortfallReason(collector);
	if (why && collector.stop && ['empty', 'short'].includes(collector.stop.why)) {
		// A service counting pages from 0 answers page 1 with the second page: its first page is page 0.
		const first = await counted(0, collector.servedSize).catch(() => undefined);
		if (first) collector.addBefore(first);
		why = shortfallReason(collector);
	}
	if ((why && collector.stop?.why !== 'repeat') || (walk.returnAll && collector.totalShrank)) {
		const first = collector;
		collector = await walkOnce(walk, counted);
		why =
			shortfallReason(collector) ??
			(walk.returnAll && collector.totalShrank
				? `the total went down while the list was read, in two reads (from ${first.totals[0]} to ${String(collector.totalCount)}): codes were deleted meanwhile`
				: undefined);
	}
	const result: WalkResult<T> = {
		items: collector.items,
		totalCount: collector.totalCount,
		servedSize: collector.servedSize,
		requests,
	};
	if (why) {
		result.shortfall = {
			got: collector.items.length,
			expected: collector.expected,
			...(collector.expected === undefined && collector.totalCount !== undefined
				? { announced: collector.totalCount }
				: {}),
			reason: why,
			requests,
			stop: collector.stop?.why,
		};
	}
	return result;
}

async function walkOnce<T extends { id?: string }>(
	walk: PageWalk<NoInfer<T>>,
	fetchPage: FetchPage<T>,
): Promise<PageCollector<T>> {
	const pageSize = walk.pageSize ?? pageSizeFor(walk.returnAll, walk.limit);
	const collector = new PageCollector<T>({
		limit: walk.returnAll ? undefined : walk.limit,
		pageSize,
		counts: walk.counts,
	});
	if (collector.done) return collector;
	collector.add(1, await fetchPage(1, pageSize));
	let next = 2;
	while (!collector.done) {
		const foreseen = collector.foreseenPages;
		const count = next <= foreseen ? Math.min(PARALLEL_PAGES, foreseen - next + 1) : 1;
		const numbers = Array.from({ length: count }, (_, offset) => next + offset);
		const pages = await allSettledFirst(
			numbers.map(async (page) => await fetchPage(page, collector.servedSize)),
		);
		pages.forEach((page, index) => collector.add(numbers[index], page));
		next += count;
	}
	const check = collector.pendingCheck;
	if (check) collector.settleCheck(await fetchPage(2, check.limit));
	return collector;
}
