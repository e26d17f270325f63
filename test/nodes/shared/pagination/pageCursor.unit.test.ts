/** The page-at-a-time rule of the pickers (pageCursor.ts): when a list goes on, ends, or is short. */
import {
	nextPageCursor,
	pageCursorToken,
	readPageCursor,
	type PageCursor,
} from '../../../../nodes/shared/pageCursor';

/** The cursor after a page 1 of qr_0..qr_49 served 50 a page. */
const PAGE_TWO_OF_50: PageCursor = {
	page: 2,
	got: 50,
	size: 50,
	first: 'qr_0',
	second: 'qr_1',
	previous: ['qr_0', 'qr_1'],
};

const codes = (from: number, count: number) =>
	Array.from({ length: count }, (_, index) => ({ id: `qr_${from + index}` }));

it('a token round-trips, and a missing or foreign token is page 1', () => {
	const cursor: PageCursor = { page: 3, got: 200, size: 100, first: 'qr_0', second: 'qr_1' };
	expect(readPageCursor(pageCursorToken(cursor))).toEqual(cursor);
	expect(readPageCursor(undefined)).toEqual({ page: 1, got: 0 });
	expect(readPageCursor('2')).toEqual({ page: 1, got: 0 });
});

it('follows the size served on page 1 (echoed, or fewer codes than the total)', () => {
	const echoed = nextPageCursor(
		{ page: 1, got: 0 },
		{ items: codes(0, 50), limit: 50, totalCount: 120 },
		100,
	);
	const counted = nextPageCursor(
		{ page: 1, got: 0 },
		{ items: codes(0, 50), totalCount: 120 },
		100,
	);
	expect(echoed.next).toEqual(PAGE_TWO_OF_50);
	expect(counted.next).toEqual(PAGE_TWO_OF_50);
	const second = nextPageCursor(echoed.next!, { items: codes(50, 50), totalCount: 120 }, 50);
	expect(second.next).toMatchObject({ page: 3, got: 100 });
	const last = nextPageCursor(second.next!, { items: codes(100, 20), totalCount: 120 }, 50);
	expect(last).toEqual({});
});

it("reads the served size by the list walks' one rule: fewer codes than the total beat an echoed limit", () => {
	// 50 served, the asked 100 echoed, 120 announced: Get Many reads all 120; the picker goes on too
	const served = nextPageCursor(
		{ page: 1, got: 0 },
		{ items: codes(0, 50), limit: 100, totalCount: 120 },
		100,
	);
	expect(served).toEqual({
		next: PAGE_TWO_OF_50,
	});
	// a token's size outside the contract's page limits (1..100) is no cursor of ours
	expect(readPageCursor(JSON.stringify({ page: 2, got: 100, size: 5000 }))).toEqual({
		page: 1,
		got: 0,
	});
});

it('a short page 1 saying neither total nor size is confirmed by page 2, which ends it empty', () => {
	const first = nextPageCursor({ page: 1, got: 0 }, { items: codes(0, 30) }, 100);
	expect(first.next).toMatchObject({ page: 2, size: 30 });
	expect(nextPageCursor(first.next!, { items: [] }, 30)).toEqual({});
});

it('a full page that reaches the total exactly asks one page more (a total may leave codes out)', () => {
	const full = nextPageCursor({ page: 1, got: 0 }, { items: codes(0, 100), totalCount: 100 }, 100);
	expect(full.next).toMatchObject({ page: 2, got: 100 });
	expect(nextPageCursor(full.next!, { items: [], totalCount: 100 }, 100)).toEqual({});
});

it('a short or empty page before the total, or a page repeating page 1, is a shortfall', () => {
	const cursor: PageCursor = { page: 2, got: 100, size: 100, first: 'qr_0', second: 'qr_1' };
	expect(nextPageCursor(cursor, { items: [], totalCount: 250 }, 100).shortfall).toMatchObject({
		got: 100,
		expected: 250,
	});
	expect(
		nextPageCursor(cursor, { items: codes(0, 100), totalCount: 250 }, 100).shortfall?.reason,
	).toMatch(/ignore "page"/);
});

it('a code of page 1 renamed onto a later page (the name-sorted picker) is no repeated page 1', () => {
	// 250 codes by name, the first renamed "Zebra" between scrolls: page 3 ends with it
	const cursor: PageCursor = { page: 3, got: 200, size: 100, first: 'qr_0', second: 'qr_1' };
	const page3 = [...codes(201, 49), { id: 'qr_0' }];
	expect(nextPageCursor(cursor, { items: page3, totalCount: 250 }, 100)).toEqual({});
});

it('a service ignoring "page" is caught also when a code new at the top shifts the repeated page', () => {
	const cursor: PageCursor = { page: 2, got: 100, size: 100, first: 'qr_0', second: 'qr_1' };
	const shifted = [{ id: 'qr_999' }, ...codes(0, 99)];
	expect(
		nextPageCursor(cursor, { items: shifted, totalCount: 251 }, 100).shortfall?.reason,
	).toMatch(/ignore "page"/);
});

it('a service answering past the end with its last page ends the list once the total is reached, never endless', () => {
	// 200 codes, 100 a page, pages 3 and up answered with page 2
	let cursor: PageCursor = { page: 1, got: 0 };
	const pages = [codes(0, 100), codes(100, 100), codes(100, 100)];
	const answers = pages.map((items) => ({ items, totalCount: 200 }));
	cursor = nextPageCursor(cursor, answers[0], 100).next!;
	cursor = nextPageCursor(cursor, answers[1], 100).next!;
	expect(cursor).toMatchObject({ page: 3, got: 200, previous: ['qr_100', 'qr_101'] });
	// a token carries the page before's codes
	expect(readPageCursor(pageCursorToken(cursor))).toEqual(cursor);
	expect(nextPageCursor(cursor, answers[2], 100)).toEqual({ pastEnd: true });
	// 100 codes: page 2 answered with page 1
	const full = nextPageCursor({ page: 1, got: 0 }, { items: codes(0, 100), totalCount: 100 }, 100);
	expect(nextPageCursor(full.next!, { items: codes(0, 100), totalCount: 100 }, 100)).toEqual({
		pastEnd: true,
	});
});

it('a page repeating the page before, short of the total, past it or without one, is a shortfall', () => {
	const cursor: PageCursor = {
		page: 3,
		got: 200,
		size: 100,
		first: 'qr_0',
		second: 'qr_1',
		previous: ['qr_100', 'qr_101'],
	};
	// 201: short of it; 50: passed, a total that cannot end the list (Get Many's walk fails it too)
	for (const totalCount of [201, 50, undefined])
		expect(
			nextPageCursor(cursor, { items: codes(100, 100), totalCount }, 100).shortfall?.reason,
		).toMatch(/page 3 held the first codes of page 2 again/);
});

it('a page 2 repeating page 1 after more codes than the total announced is a shortfall, not the end', () => {
	// 250 codes, a total of 50, "page" ignored: page 1's 100 codes passed the total
	const full = nextPageCursor({ page: 1, got: 0 }, { items: codes(0, 100), totalCount: 50 }, 100);
	expect(
		nextPageCursor(full.next!, { items: codes(0, 100), totalCount: 50 }, 100).shortfall?.reason,
	).toMatch(/ignore "page"/);
});

it('a page 2 repeating a page 1 whose size was a guess ends the list at page 1 (30 codes, total 20 or none)', () => {
	for (const totalCount of [20, undefined]) {
		const one = nextPageCursor(
			{ page: 1, got: 0 },
			{ items: codes(0, 30), totalCount, limit: 100 },
			100,
		);
		expect(one.next).toMatchObject({ page: 2, got: 30, size: 30, guessed: true });
		const token = readPageCursor(pageCursorToken(one.next!));
		const again = { items: codes(0, 30), totalCount, limit: 100 };
		// page 2 asked again with 15 tells a service answering past the end from one ignoring page
		const check = { limit: 15, expectedFirst: 'qr_15' };
		expect(nextPageCursor(token, again, 30)).toEqual({ check });
		expect(nextPageCursor(token, again, 30, { items: codes(15, 15) })).toEqual({ pastEnd: true });
	}
});

it('a page 2 repeating a guessed page 1 of 50 (130 codes capped at 50, page ignored, no total) is a shortfall once page 2 asked with 25 starts again at page 1', () => {
	const one = nextPageCursor({ page: 1, got: 0 }, { items: codes(0, 50), limit: 100 }, 100);
	const token = readPageCursor(pageCursorToken(one.next!));
	const again = { items: codes(0, 50), limit: 30 };
	expect(nextPageCursor(token, again, 50)).toEqual({
		check: { limit: 25, expectedFirst: 'qr_25' },
	});
	expect(
		nextPageCursor(token, again, 50, { items: codes(0, 25), limit: 25 }).shortfall?.reason,
	).toMatch(/ignore "page"/);
	// a page 1 of one code repeated is a list of one, without another request
	const single = nextPageCursor({ page: 1, got: 0 }, { items: codes(0, 1) }, 100);
	expect(
		nextPageCursor(readPageCursor(pageCursorToken(single.next!)), { items: codes(0, 1) }, 1),
	).toEqual({
		pastEnd: true,
	});
});
