import {
	listingShortfall,
	mayHaveJoined,
	planAfterFirstPage,
	planAfterPage,
	resumeAt,
	type PagePlan,
} from '../../../nodes/QrtracTrigger/codeListing';

/** A page of `count` codes numbered from `from`, as the list answers it. */
function page(from: number, count: number, totalCount?: number) {
	const items = Array.from({ length: count }, (_, index) => ({ id: `qr_${from + index}` }));
	return { items, totalCount, limit: 100 };
}

/** The pages a listing reads in one poll, each answered with `counts[page]` codes; `accounted` as listed. */
function walk(first: PagePlan, counts: Record<number, number>): number[] {
	const read: number[] = [];
	let plan = first;
	let listed = counts[1];
	while (plan.next !== undefined && read.length < 50) {
		const number = plan.next;
		read.push(number);
		listed += number === 1 ? 0 : counts[number];
		plan = planAfterPage(plan, number, counts[number], listed);
	}
	return read;
}

describe("New Scans' first listing: the order of its pages (codeListing.ts)", () => {
	it('reads past a total below the codes served, to the page that ends the list, then walks back', () => {
		// 250 codes, a total of 190: the one-poll walk reads on once the pages passed the total
		const first = planAfterFirstPage(page(0, 100, 190));
		expect(first).toEqual({ pageSize: 100, total: 190, next: 2, turn: 2 });
		expect(walk(first, { 1: 100, 2: 100, 3: 50 })).toEqual([2, 3, 1]);
	});

	it('reads one page past full pages that end on the total, and none past a total off the page grid', () => {
		const onGrid = planAfterFirstPage(page(0, 100, 300));
		expect(walk(onGrid, { 1: 100, 2: 100, 3: 100, 4: 0 })).toEqual([3, 4, 2, 1]);
		const offGrid = planAfterFirstPage(page(0, 100, 250));
		expect(walk(offGrid, { 1: 100, 2: 100, 3: 50 })).toEqual([3, 2, 1]);
	});

	it('reads past a page 1 of more codes than a total below a page', () => {
		const first = planAfterFirstPage(page(0, 100, 40));
		expect(walk(first, { 1: 100, 2: 30 })).toEqual([2, 1]);
	});

	it('reads page 0 once when page 1, read again, leaves the listing short of its total', () => {
		// a service counting pages from 0: page 1 is its second page, page 3 is empty
		const first = planAfterFirstPage(page(100, 100, 250));
		expect(walk(first, { 1: 100, 2: 50, 3: 0, 0: 100 })).toEqual([3, 2, 1, 0]);
		expect(planAfterPage({ pageSize: 100, total: 250 }, 0, 100, 250).next).toBeUndefined();
	});

	it('resumes one page back: the page read last is read again, forward and back', () => {
		expect(resumeAt({ pageSize: 100, total: 1_200, next: 7 })).toBe(8);
		expect(resumeAt({ pageSize: 100, total: 190, next: 4, turn: 2 })).toBe(3);
		expect(resumeAt({ pageSize: 100, total: 190, next: 2, turn: 2 })).toBe(2);
		expect(resumeAt({ pageSize: 100, next: 5 })).toBe(4);
		expect(resumeAt({ pageSize: 100, next: 2 })).toBe(2);
	});
});

describe("New Scans' first listing: its count against the total", () => {
	const after = 10_000;

	it('takes as joined a code created since, or changed since under a search', () => {
		expect(mayHaveJoined({ updatedAt: 12_000, createdAt: 11_000 }, after, false)).toBe(true);
		expect(mayHaveJoined({ updatedAt: 12_000, createdAt: 1_000 }, after, false)).toBe(false);
		expect(mayHaveJoined({ updatedAt: 12_000, createdAt: 1_000 }, after, true)).toBe(true);
		expect(mayHaveJoined({ updatedAt: 9_000, createdAt: 1_000 }, after, true)).toBe(false);
		expect(mayHaveJoined({ updatedAt: 12_000 }, after, false)).toBe(true);
	});

	it('does not count a joined code for a code of the start it moved into the pages read', () => {
		// 1,200 at the start; the code renamed in pushed one into the pages read: 1,199 of them listed, and it
		const listed = new Set([...Array.from({ length: 1_199 }, (_, index) => `qr_${index}`), 'qr_j']);
		const joined = new Set(['qr_j']);
		expect(
			listingShortfall(1_200, { listed, joined, deletedMeanwhile: [], joinedAfter: after }),
		).toBe(1);
		// codes deleted since the start count; one created and deleted since does not
		const deleted = [{ id: 'qr_d' }, { id: 'qr_c', createdAt: 11_000 }];
		expect(
			listingShortfall(1_201, { listed, joined, deletedMeanwhile: deleted, joinedAfter: after }),
		).toBe(1);
		expect(listingShortfall(undefined, { listed, joined, deletedMeanwhile: [] })).toBe(0);
	});
});
