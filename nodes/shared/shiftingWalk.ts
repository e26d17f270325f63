import type { RepeatCheck } from './pageSize';

/**
 * Which page to read next in a walk over a list that other writers change meanwhile (sorted newest change first,
 * read down to a bound), judged by each answer's `totalCount`. The walk keeps only how far from the top it has
 * surely read: new and edited codes go to the top, so that stretch only moves down, and a count lower by `d` than
 * the answer before means at most `d` places of it moved up out of reach. That holds for any mix of deletions,
 * creations and edits as long as new codes are sorted first and each answer's count is the list's at that answer;
 * a code the service sorts elsewhere (one without `updatedAt`) or a count late by a page can hide a shift. A page
 * is taken only where it joins that stretch; otherwise the page that does is read next, so codes deleted between
 * every two pages, even below the bound, keep the walk re-reading. A walk re-reading more than three pages per new page (plus ten) is `restless` (a list changing all the
 * time, a count that jitters): its caller stops and says so rather than guess. Without counts, shifts cannot be
 * seen. Pure.
 */
export class ShiftingWalk {
	/** Places from the top surely read, in the list's current places. */
	private readTo = 0;
	private lastCount: number | undefined;
	/** Where the list ends, once a short page showed it; moves with the count. */
	private listEnd = Number.POSITIVE_INFINITY;
	/** The first place past the bound (a code older than it); moves down when codes come in before it. */
	private boundAt = Number.POSITIVE_INFINITY;
	private furthestPage = 0;
	private rereads = 0;

	/** The check a repeated guess awaits, once page 2 repeated page 1 (`takeCheck`). */
	private due: RepeatCheck | undefined;

	/**
	 * `pageSize` as page 1 told it (pageSize.ts `servedPageSize`); `guessed` when it is only page 1's own short
	 * size, which page 2 confirms: holding only codes read before, it shows page 1 was the whole list, once the
	 * caller has asked page 2 again as `check` (pageSize.ts `repeatCheck`) says and seen the service honour page.
	 */
	constructor(
		private readonly pageSize: number,
		private readonly guessed = false,
		private readonly check?: RepeatCheck,
	) {}

	/** The request (page 2 with its limit) a repeated guess needs before the walk may end at page 1; once. */
	takeCheck(): RepeatCheck | undefined {
		const due = this.due;
		this.due = undefined;
		return due;
	}

	/**
	 * Records page `page` (from 1): the codes it held, the list's `totalCount` it gave, the index of its first
	 * code past the bound, if any, and whether it held only codes read before. A page that holds fewer codes than
	 * a page's size ends the list there.
	 */
	record(
		page: number,
		held: number,
		count: number | undefined,
		boundIndex?: number,
		repeated = false,
	): void {
		if (page <= this.furthestPage) this.rereads++;
		this.furthestPage = Math.max(this.furthestPage, page);
		const change = this.lastCount !== undefined && count !== undefined ? count - this.lastCount : 0;
		if (count !== undefined) this.lastCount = count;
		if (change < 0) this.readTo = Math.max(0, this.readTo + change);
		else this.boundAt += change;
		this.listEnd += change;
		const start = (page - 1) * this.pageSize;
		// where the list ends and where the bound lies are facts of the list now, joined or not
		if (held < this.pageSize) this.listEnd = start + held;
		else if (this.guessed && page === 2 && this.furthestPage === 2 && repeated) {
			this.listEnd = Math.min(this.listEnd, this.pageSize);
			this.due = this.check;
		}
		if (boundIndex !== undefined) this.boundAt = Math.min(this.boundAt, start + boundIndex);
		if (start <= this.readTo) this.readTo = Math.max(this.readTo, start + held);
	}

	/** Whether the list changed too much while it was read: more than three re-reads per new page, plus ten. */
	get restless(): boolean {
		return this.rereads > 3 * this.furthestPage + 10;
	}

	/** The page to read next (from 1), or undefined when every place before the bound or the list's end is read. */
	nextPage(): number | undefined {
		if (this.readTo >= Math.min(this.boundAt, this.listEnd)) return undefined;
		return Math.floor(this.readTo / this.pageSize) + 1;
	}
}
