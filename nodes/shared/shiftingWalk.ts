/**
 * Which page to read next in a walk over a list that other writers change meanwhile (sorted newest change first,
 * read down to a bound), judged only by each answer's `totalCount`: a lower count than the answer before means
 * codes left the list somewhere and the codes after them moved up, possibly onto pages already read; a higher one,
 * that codes came in and the codes after them moved down. The walk keeps the positions it has surely seen, in the
 * list's current places, and reads the page of the first position not yet seen, until every position up to the
 * bound (or the list's end) is seen. A deletion and a creation between the same two answers leave the count as it
 * was and cannot be seen. Re-reads are bounded: past three per new page (plus ten) the walk is `restless` (a list
 * changing all the time, a count that jitters), and its caller stops and says so rather than guess. Pure.
 */
export class ShiftingWalk {
	/** Positions surely seen, as sorted, disjoint half-open ranges in the list's current places. */
	private seen: Array<[number, number]> = [];
	private lastCount: number | undefined;
	/** Where the list ends, once a short page showed it; moves with the count. */
	private listEnd = Number.POSITIVE_INFINITY;
	/** The first position past the bound (a code older than it); moves down when codes come in before it. */
	private boundAt = Number.POSITIVE_INFINITY;
	private furthestPage = 0;
	private rereads = 0;

	constructor(private readonly pageSize: number) {}

	/**
	 * Records page `page` (from 1): the codes it held, the list's `totalCount` it gave, and the index of its first
	 * code past the bound, if any. A page that holds fewer codes than a page's size ends the list there.
	 */
	record(page: number, held: number, count: number | undefined, boundIndex?: number): void {
		if (page <= this.furthestPage) this.rereads++;
		this.furthestPage = Math.max(this.furthestPage, page);
		const change = this.lastCount !== undefined && count !== undefined ? count - this.lastCount : 0;
		if (count !== undefined) this.lastCount = count;
		if (change < 0) this.shrink(-change);
		if (change > 0) this.grow(change);
		const start = (page - 1) * this.pageSize;
		this.add(start, start + held);
		if (held < this.pageSize) this.listEnd = start + held;
		if (boundIndex !== undefined) this.boundAt = Math.min(this.boundAt, start + boundIndex);
	}

	/** Whether the list changed too much while it was read: more than three re-reads per new page, plus ten. */
	get restless(): boolean {
		return this.rereads > 3 * this.furthestPage + 10;
	}

	/** The page to read next (from 1), or undefined when every position before the bound or the list's end is seen. */
	nextPage(): number | undefined {
		const first = this.seen[0]?.[0] === 0 ? this.seen[0][1] : 0;
		if (first >= Math.min(this.boundAt, this.listEnd)) return undefined;
		return Math.floor(first / this.pageSize) + 1;
	}

	/**
	 * `left` codes left the list before some unknown place: the code now at a position was up to `left` places
	 * further down, so a position is surely seen only if all of those were.
	 */
	private shrink(left: number): void {
		this.seen = this.seen
			.map(([from, to]): [number, number] => [from, to - left])
			.filter(([from, to]) => from < to);
		this.listEnd -= left;
	}

	/**
	 * `came` codes came in before some unknown place: a code now at a position was up to `came` places further up.
	 * The seen range from the top stays seen (what came in is newer than the walk); later ranges shrink from above.
	 */
	private grow(came: number): void {
		this.seen = this.seen
			.map(([from, to]): [number, number] => (from === 0 ? [from, to] : [from + came, to]))
			.filter(([from, to]) => from < to);
		this.listEnd += came;
		this.boundAt += came;
	}

	private add(from: number, to: number): void {
		if (from >= to) return;
		const ranges = [...this.seen, [from, to] as [number, number]].sort((a, b) => a[0] - b[0]);
		const merged: Array<[number, number]> = [];
		for (const [start, end] of ranges) {
			const last = merged[merged.length - 1];
			if (last && start <= last[1]) last[1] = Math.max(last[1], end);
			else merged.push([start, end]);
		}
		this.seen = merged;
	}
}

/**
 * The size of the pages a list serves, from its first page, for places in it: what that page held, or the echoed
 * `limit` when it says more (page 1 was the last and short); an echo above the size asked is not believed.
 */
export function pageSizeOf(asked: number, held: number, echoed: unknown): number {
	const echo = typeof echoed === 'number' && echoed >= 1 && echoed <= asked ? echoed : 0;
	return Math.max(held, echo);
}
