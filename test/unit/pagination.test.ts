import { MAX_PAGE_SIZE, PageCollector, pageSizeFor } from '../../nodes/shared/pagination';

interface Code {
	id?: string;
	name: string;
}

interface Page {
	items: Code[];
	totalCount?: number;
}

/** The page walk the transport does: ask for `nextPage` until the collector is done (bounded here too). */
function walk(
	collector: PageCollector<Code>,
	serve: (page: number) => Page,
): { requestedPages: number[]; items: Code[] } {
	const requestedPages: number[] = [];
	for (let guard = 0; !collector.done && guard < 1000; guard++) {
		const page = collector.nextPage;
		requestedPages.push(page);
		collector.add({ ...serve(page), page });
	}
	return { requestedPages, items: collector.items };
}

function codes(count: number, prefix = 'qr'): Code[] {
	return Array.from({ length: count }, (_, index) => ({
		id: `${prefix}_${index + 1}`,
		name: `Code ${index + 1}`,
	}));
}

/** A list service over `records`, answering `limit`/`page` like QRTRAC's paginated list. */
function listService(records: Code[], pageSize: number): (page: number) => Page {
	return (page) => ({
		items: records.slice((page - 1) * pageSize, page * pageSize),
		totalCount: records.length,
	});
}

describe('pageSizeFor', () => {
	it('asks for the maximum page for Return All', () => {
		expect(pageSizeFor(true)).toBe(MAX_PAGE_SIZE);
		expect(pageSizeFor(true, 5)).toBe(100);
	});

	it('asks for exactly the limit up to 100, so short lists cost one request', () => {
		expect(pageSizeFor(false, 1)).toBe(1);
		expect(pageSizeFor(false, 50)).toBe(50);
		expect(pageSizeFor(false, 100)).toBe(100);
		expect(pageSizeFor(false, 250)).toBe(100);
	});

	it('keeps odd limits inside 1..100', () => {
		expect(pageSizeFor(false, 0)).toBe(1);
		expect(pageSizeFor(false, -3)).toBe(1);
		expect(pageSizeFor(false, 7.9)).toBe(7);
		expect(pageSizeFor(false, Number.NaN)).toBe(100);
		expect(pageSizeFor(false, undefined)).toBe(100);
	});
});

describe('PageCollector', () => {
	it('walks all pages of Return All and stops when totalCount records were seen', () => {
		const records = codes(250);
		const collector = new PageCollector<Code>({ pageSize: 100 });
		const { requestedPages, items } = walk(collector, listService(records, 100));
		expect(requestedPages).toEqual([1, 2, 3]);
		expect(items.map((code) => code.id)).toEqual(records.map((code) => code.id));
	});

	it('needs no extra request when the last page is exactly full', () => {
		const collector = new PageCollector<Code>({ pageSize: 100 });
		const { requestedPages, items } = walk(collector, listService(codes(200), 100));
		expect(requestedPages).toEqual([1, 2]);
		expect(items).toHaveLength(200);
	});

	it('stops at the limit and returns exactly that many', () => {
		const collector = new PageCollector<Code>({ limit: 120, pageSize: pageSizeFor(false, 120) });
		const { requestedPages, items } = walk(collector, listService(codes(500), 100));
		expect(requestedPages).toEqual([1, 2]);
		expect(items.map((code) => code.id)).toEqual(codes(120).map((code) => code.id));
	});

	it('stops on a short page even without totalCount', () => {
		const records = codes(130);
		const collector = new PageCollector<Code>({ pageSize: 50 });
		const { requestedPages, items } = walk(collector, (page) => ({
			items: records.slice((page - 1) * 50, page * 50),
		}));
		expect(requestedPages).toEqual([1, 2, 3]);
		expect(items).toHaveLength(130);
	});

	it('stops on an empty first page', () => {
		const collector = new PageCollector<Code>({ pageSize: 100 });
		const { requestedPages, items } = walk(collector, () => ({ items: [], totalCount: 0 }));
		expect(requestedPages).toEqual([1]);
		expect(items).toEqual([]);
	});

	it('returns a record once when a code created meanwhile pushes it onto the next page', () => {
		const records = codes(150);
		const collector = new PageCollector<Code>({ pageSize: 100 });
		const { items } = walk(collector, (page) => {
			// Newest first: a code created after page 1 shifts every record one place down.
			const current = page === 1 ? records : [{ id: 'qr_new', name: 'New' }, ...records];
			return { items: current.slice((page - 1) * 100, page * 100), totalCount: current.length };
		});
		const ids = items.map((code) => code.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toEqual(expect.arrayContaining(records.map((code) => code.id)));
		expect(ids.filter((id) => id === 'qr_100')).toHaveLength(1);
	});

	it('keeps records without an id, since they cannot be compared', () => {
		const collector = new PageCollector<Code>({ pageSize: 10 });
		collector.add({
			items: [{ name: 'a' }, { name: 'a' }, { id: 'x', name: 'x' }, { id: 'x', name: 'x' }],
			page: 1,
		});
		expect(collector.items).toEqual([{ name: 'a' }, { name: 'a' }, { id: 'x', name: 'x' }]);
		expect(collector.done).toBe(true);
	});

	it('terminates on a service that announces 250 records but serves new full pages forever', () => {
		const collector = new PageCollector<Code>({ pageSize: 100 });
		const { requestedPages, items } = walk(collector, (page) => ({
			items: codes(100, `p${page}`),
			totalCount: 250,
		}));
		expect(requestedPages).toEqual([1, 2, 3]);
		expect(items).toHaveLength(300);
	});

	it('terminates on a service whose totalCount grows with every page, after ceil(first total / 100) + 2 pages', () => {
		const collector = new PageCollector<Code>({ pageSize: 100 });
		const { requestedPages } = walk(collector, (page) => ({
			items: codes(100, `p${page}`),
			totalCount: page * 1000,
		}));
		expect(requestedPages).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
	});

	it('terminates on a service that repeats the same full page and never states a total', () => {
		const collector = new PageCollector<Code>({ pageSize: 100 });
		const { requestedPages, items } = walk(collector, () => ({ items: codes(100) }));
		expect(requestedPages).toEqual([1, 2]);
		expect(items).toHaveLength(100);
	});

	it('terminates on a limited walk whose service never states a total and never runs out', () => {
		const collector = new PageCollector<Code>({ limit: 1000, pageSize: 100 });
		const { requestedPages, items } = walk(collector, (page) => ({
			items: codes(100, `p${page}`),
		}));
		expect(requestedPages).toHaveLength(10);
		expect(items).toHaveLength(1000);
	});

	it('keeps counting pages forward when the service misnumbers them', () => {
		const collector = new PageCollector<Code>({ pageSize: 2 });
		collector.add({ items: codes(2, 'a'), page: 1, totalCount: 6 });
		expect(collector.nextPage).toBe(2);
		collector.add({ items: codes(2, 'b'), page: 1, totalCount: 6 });
		expect(collector.nextPage).toBe(3);
	});

	it('ignores pages added after it is done', () => {
		const collector = new PageCollector<Code>({ limit: 2, pageSize: 2 });
		collector.add({ items: codes(2), page: 1 });
		collector.add({ items: codes(2, 'late'), page: 2 });
		expect(collector.done).toBe(true);
		expect(collector.items.map((code) => code.id)).toEqual(['qr_1', 'qr_2']);
	});

	it('is done before any request for a limit of 0', () => {
		expect(new PageCollector<Code>({ limit: 0, pageSize: 1 }).done).toBe(true);
	});
});
