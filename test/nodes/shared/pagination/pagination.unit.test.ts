import {
	collectPages,
	MAX_PAGE_SIZE,
	PageCollector,
	pageSizeFor,
	type ListPage,
	type PageWalk,
} from '../../../../nodes/shared/pagination';

interface Code {
	id?: string;
	name: string;
}

function codes(count: number, prefix = 'qr'): Code[] {
	return Array.from({ length: count }, (_, index) => ({
		id: `${prefix}_${index + 1}`,
		name: `Code ${index + 1}`,
	}));
}

const ids = (list: Code[]) => list.map((code) => code.id);

interface Served {
	page: number;
	size: number;
}

/**
 * A list service over `records()` (read at each request, so a test can change the list between pages): pages of
 * the asked size from 1, `totalCount`, `page` and `limit` echoed, unless `options` read them another way.
 */
function listService(
	records: () => Code[],
	options: {
		cap?: number;
		zeroBased?: boolean;
		ignorePage?: boolean;
		noTotal?: boolean;
		noEcho?: boolean;
		/** Echoes the `limit` asked, not the page size served (a service echoing its query). */
		echoAsked?: boolean;
		/** The total announced, whatever the list holds. */
		total?: number;
		/** A page asked past the end is answered with the last page. */
		lastPageBeyondEnd?: boolean;
		beforeEach?: (request: number) => void;
	} = {},
) {
	const requests: Served[] = [];
	let inFlight = 0;
	let maxInFlight = 0;
	const fetchPage = async (page: number, size: number): Promise<ListPage<Code>> => {
		requests.push({ page, size });
		options.beforeEach?.(requests.length);
		inFlight++;
		maxInFlight = Math.max(maxInFlight, inFlight);
		await Promise.resolve();
		inFlight--;
		if (page < 1 && !options.zeroBased) throw new Error('400: "page" must be at least 1');
		const served = Math.min(size, options.cap ?? size);
		const asked = options.ignorePage ? 0 : options.zeroBased ? page : page - 1;
		const all = records();
		const lastIndex = Math.max(0, Math.ceil(all.length / served) - 1);
		const index = options.lastPageBeyondEnd ? Math.min(asked, lastIndex) : asked;
		return {
			items: all.slice(index * served, (index + 1) * served),
			totalCount: options.noTotal ? undefined : (options.total ?? all.length),
			page: options.noEcho ? undefined : options.ignorePage ? 1 : page,
			limit: options.noEcho ? undefined : options.echoAsked ? size : served,
		};
	};
	return {
		fetchPage,
		requests,
		get maxInFlight() {
			return maxInFlight;
		},
	};
}

const returnAll: PageWalk = { returnAll: true };

describe('pageSizeFor', () => {
	it('asks for the maximum page for Return All', () => {
		expect(pageSizeFor(true)).toBe(MAX_PAGE_SIZE);
		expect(pageSizeFor(true, 5)).toBe(100);
	});

	it('asks for exactly the limit up to 100, so short lists cost one request', () => {
		expect(pageSizeFor(false, 1)).toBe(1);
		expect(pageSizeFor(false, 50)).toBe(50);
		expect(pageSizeFor(false, 250)).toBe(100);
	});

	it('keeps odd limits inside 1..100', () => {
		expect(pageSizeFor(false, 0)).toBe(1);
		expect(pageSizeFor(false, 7.9)).toBe(7);
		expect(pageSizeFor(false, Number.NaN)).toBe(100);
	});
});

describe('collectPages on a service that pages as the contract says', () => {
	it('walks all pages of Return All and stops when totalCount codes were read', async () => {
		const records = codes(250);
		const service = listService(() => records);
		const result = await collectPages(returnAll, service.fetchPage);
		expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3]);
		expect(ids(result.items)).toEqual(ids(records));
		expect(result.shortfall).toBeUndefined();
	});

	it('asks one page more when full pages bring the count exactly to the total: the total may leave codes out', async () => {
		const service = listService(() => codes(200));
		const result = await collectPages(returnAll, service.fetchPage);
		expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3]);
		expect(result.items).toHaveLength(200);
		expect(result.shortfall).toBeUndefined();
	});

	it('costs no extra request for a total that is not a multiple of the served page', async () => {
		for (const [count, cap, pages] of [
			[250, undefined, [1, 2, 3]],
			[99, undefined, [1]],
			[120, 50, [1, 2, 3]],
		] as const) {
			const service = listService(() => codes(count), { cap });
			const result = await collectPages(returnAll, service.fetchPage);
			expect(result.items).toHaveLength(count);
			expect(service.requests.map((request) => request.page)).toEqual(pages);
		}
	});

	it('stops at the limit and returns exactly that many', async () => {
		const service = listService(() => codes(500));
		const result = await collectPages({ returnAll: false, limit: 120 }, service.fetchPage);
		expect(service.requests.map((request) => request.page)).toEqual([1, 2]);
		expect(ids(result.items)).toEqual(ids(codes(120)));
	});

	it('stops on an empty first page', async () => {
		const service = listService(() => []);
		const result = await collectPages(returnAll, service.fetchPage);
		expect(service.requests).toHaveLength(1);
		expect(result.items).toEqual([]);
		expect(result.shortfall).toBeUndefined();
	});

	it('reads 10,000 codes in 101 requests (the last confirms the end), at most 8 at a time', async () => {
		const service = listService(() => codes(10_000));
		const result = await collectPages(returnAll, service.fetchPage);
		expect(result.items).toHaveLength(10_000);
		expect(service.requests).toHaveLength(101);
		expect(service.maxInFlight).toBe(8);
	});

	it("fails with a page's error only once the pages asked with it have settled: none is left running", async () => {
		const service = listService(() => codes(1000));
		let running = 0;
		const fetchPage = async (page: number, size: number) => {
			running++;
			try {
				if (page === 3) throw new Error('page 3 refused');
				// the other pages wait for their slots and answers a while longer
				await new Promise((resolve) => setTimeout(resolve, 20));
				return await service.fetchPage(page, size);
			} finally {
				running--;
			}
		};

		const failure = await collectPages(returnAll, fetchPage).catch((error: Error) => ({
			message: error.message,
			runningThen: running,
		}));

		expect(failure).toEqual({ message: 'page 3 refused', runningThen: 0 });
	});

	it('is done before any request for a limit of 0', async () => {
		const service = listService(() => codes(5));
		const result = await collectPages({ returnAll: false, limit: 0 }, service.fetchPage);
		expect(service.requests).toHaveLength(0);
		expect(result.items).toEqual([]);
	});

	it('keeps records without an id, since they cannot be compared', () => {
		const collector = new PageCollector<Code>({ pageSize: 10 });
		collector.add(1, {
			items: [{ name: 'a' }, { name: 'a' }, { id: 'x', name: 'x' }, { id: 'x', name: 'x' }],
		});
		expect(collector.items).toEqual([{ name: 'a' }, { name: 'a' }, { id: 'x', name: 'x' }]);
	});
});

describe('collectPages on a service that pages another way', () => {
	it('follows a served page size below the asked one (echoed in limit): 250 of 250, not 50', async () => {
		const service = listService(() => codes(250), { cap: 50 });
		const result = await collectPages(returnAll, service.fetchPage);
		expect(result.items).toHaveLength(250);
		expect(result.shortfall).toBeUndefined();
		expect(service.requests).toEqual([
			{ page: 1, size: 100 },
			// 250 ends on a page of 50: page 6 confirms the end.
			...[2, 3, 4, 5, 6].map((page) => ({ page, size: 50 })),
		]);
	});

	it('infers the served size from the total when the answer does not echo limit', async () => {
		const service = listService(() => codes(250), { cap: 50, noEcho: true });
		const result = await collectPages(returnAll, service.fetchPage);
		expect(ids(result.items)).toEqual(ids(codes(250)));
		expect(service.requests).toHaveLength(6);
	});

	it('fills a limit of 250 from a service serving 50 a page', async () => {
		const service = listService(() => codes(1000), { cap: 50 });
		const result = await collectPages({ returnAll: false, limit: 250 }, service.fetchPage);
		expect(ids(result.items)).toEqual(ids(codes(250)));
		expect(service.requests).toHaveLength(5);
	});

	it('reads page 0 of a service that counts pages from 0, once the pages from 1 fall short', async () => {
		const records = codes(250);
		const service = listService(() => records, { zeroBased: true });
		const result = await collectPages(returnAll, service.fetchPage);
		expect(ids(result.items)).toEqual(ids(records));
		expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3, 0]);
	});

	it('reports a service that ignores page: got 100 of 250, without a second walk', async () => {
		const service = listService(() => codes(250), { ignorePage: true });
		const result = await collectPages(returnAll, service.fetchPage);
		expect(result.shortfall).toMatchObject({ got: 100, expected: 250 });
		expect(result.shortfall?.reason).toMatch(/ignore "page"/);
		expect(service.requests).toHaveLength(3);
	});

	it('reports a service that repeats its full first page and never states a total', async () => {
		const service = listService(() => codes(100), { ignorePage: true, noTotal: true });
		const result = await collectPages(returnAll, service.fetchPage);
		expect(result.shortfall).toMatchObject({ got: 100, expected: undefined });
		expect(service.requests).toHaveLength(2);
	});

	it('without any total, asks page 2 to confirm the end after a short first page', async () => {
		const service = listService(() => codes(130), { cap: 50, noTotal: true, noEcho: true });
		const result = await collectPages(returnAll, service.fetchPage);
		expect(result.items).toHaveLength(130);
		expect(result.totalCount).toBeUndefined();
		expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3]);
	});

	it('without any total, a short first page whose echoed limit is the one asked is no end either: page 2 confirms it', async () => {
		const service = listService(() => codes(130), { cap: 50, noTotal: true, echoAsked: true });
		const result = await collectPages(returnAll, service.fetchPage);
		expect(result.items).toHaveLength(130);
		expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3]);

		const limited = listService(() => codes(130), { cap: 50, noTotal: true, echoAsked: true });
		const first = await collectPages({ returnAll: false, limit: 80 }, limited.fetchPage);
		expect(first.items).toHaveLength(80);
	});

	it('takes a guessed page size that page 2 repeats for the whole list: 30 of 30 (past the end answered with the last page)', async () => {
		// 30 codes, the asked limit echoed; page 2 is past the end and answered with page 1 (lastPageBeyondEnd)
		for (const options of [{ noTotal: true }, { total: 20 }]) {
			const service = listService(() => codes(30), {
				...options,
				echoAsked: true,
				lastPageBeyondEnd: true,
			});
			const result = await collectPages(returnAll, service.fetchPage);
			expect(result.shortfall).toBeUndefined();
			expect(ids(result.items)).toEqual(ids(codes(30)));
			// page 2 asked again with half page 1's count starts at page 1's 16th code: the service honours page
			expect(service.requests).toEqual([
				{ page: 1, size: 100 },
				{ page: 2, size: 30 },
				{ page: 2, size: 15 },
			]);
		}
		// a full page 1 repeated on page 2 is still a service ignoring "page"
		const full = listService(() => codes(100), { total: 20, ignorePage: true });
		expect((await collectPages(returnAll, full.fetchPage)).shortfall?.reason).toMatch(
			/ignore "page"/,
		);
	});

	it('fails a service capping pages at 50 silently and ignoring page (no total, asked limit echoed or none): 50 of 130 is no whole list', async () => {
		for (const echo of [{ echoAsked: true }, { noEcho: true }]) {
			const service = listService(() => codes(130), {
				...echo,
				cap: 50,
				ignorePage: true,
				noTotal: true,
			});
			const result = await collectPages(returnAll, service.fetchPage);
			expect(result.shortfall?.reason).toMatch(/page 2 .*the service seems to ignore "page"/);
			expect(service.requests).toEqual([
				{ page: 1, size: 100 },
				{ page: 2, size: 50 },
				{ page: 2, size: 25 },
			]);
		}
	});

	it('takes a page 1 of one code that page 2 repeats as a list of one, without a third request', async () => {
		for (const drift of [{ ignorePage: true }, { lastPageBeyondEnd: true }]) {
			const service = listService(() => codes(1), { ...drift, noTotal: true });
			const result = await collectPages(returnAll, service.fetchPage);
			expect(result.shortfall).toBeUndefined();
			expect(ids(result.items)).toEqual(ids(codes(1)));
			expect(service.requests).toHaveLength(2);
		}
	});

	it('names the total a walk passed in its shortfall, never "no total"', async () => {
		const service = listService(() => codes(100), { total: 20, ignorePage: true });
		const result = await collectPages(returnAll, service.fetchPage);
		expect(result.shortfall).toMatchObject({ got: 100, expected: undefined, announced: 20 });
	});

	it('reads the list once more when codes were deleted during the walk, and returns the list as it stands', async () => {
		let records = codes(250);
		const service = listService(() => records, {
			// Another writer deletes qr_10 after page 1 was answered: every later code moves up one place.
			beforeEach: (request) => {
				if (request === 2) records = records.filter((code) => code.id !== 'qr_10');
			},
		});
		const result = await collectPages(returnAll, service.fetchPage);
		expect(ids(result.items)).toEqual(ids(records));
		expect(result.shortfall).toBeUndefined();
		expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3, 1, 2, 3]);
	});

	it('reads codes created during the walk at the end, without a second walk', async () => {
		let records = codes(250);
		const service = listService(() => records, {
			beforeEach: (request) => {
				if (request === 2) records = [...records, ...codes(60, 'new')];
			},
		});
		const result = await collectPages(returnAll, service.fetchPage);
		expect(result.items).toHaveLength(310);
		expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3, 4]);
	});

	it('fails, after two walks each capped by its first total, on a service whose total grows with every page', async () => {
		let request = 0;
		const result = await collectPages<Code>(returnAll, async (page) => {
			request++;
			return { items: codes(100, `r${request}p${page}`), totalCount: request * 1000 };
		});
		expect(result.shortfall?.reason).toMatch(/stopped after/);
		// Walk 1: total 1,000 caps it at 12 pages (17 requested, 8 at a time); walk 2 starts at 18,000: 185 pages.
		expect(request).toBe(202);
	});

	it('walks on past a total lower than its pages served, to the page that ends the list: 400 of 400, not 200', async () => {
		const service = listService(() => codes(400), { total: 150 });
		const result = await collectPages(returnAll, service.fetchPage);
		expect(ids(result.items)).toEqual(ids(codes(400)));
		expect(result.shortfall).toBeUndefined();
		expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3, 4, 5]);
	});

	it('walks on past a total below the codes that lands on a page boundary: 250 of 250 with a total of 200', async () => {
		const service = listService(() => codes(250), { total: 200 });
		const result = await collectPages(returnAll, service.fetchPage);
		expect(ids(result.items)).toEqual(ids(codes(250)));
		expect(result.shortfall).toBeUndefined();
		expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3]);

		const limited = listService(() => codes(250), { total: 100 });
		const first150 = await collectPages({ returnAll: false, limit: 150 }, limited.fetchPage);
		expect(ids(first150.items)).toEqual(ids(codes(150)));
		expect(first150.shortfall).toBeUndefined();
	});

	it('takes a short first page holding more codes than the total for no end either: page 2 confirms it (130 of 130, not 50)', async () => {
		const service = listService(() => codes(130), { cap: 50, total: 40, echoAsked: true });
		const result = await collectPages(returnAll, service.fetchPage);
		expect(ids(result.items)).toEqual(ids(codes(130)));
		expect(result.shortfall).toBeUndefined();
		expect(service.requests).toEqual([
			{ page: 1, size: 100 },
			{ page: 2, size: 50 },
			{ page: 3, size: 50 },
		]);

		const withoutEcho = listService(() => codes(130), { cap: 50, total: 40, noEcho: true });
		expect((await collectPages(returnAll, withoutEcho.fetchPage)).items).toHaveLength(130);
	});

	it('fills a limit of 120 when page 1 already holds more codes than the total announced', async () => {
		const service = listService(() => codes(400), { total: 50 });
		const result = await collectPages({ returnAll: false, limit: 120 }, service.fetchPage);
		expect(ids(result.items)).toEqual(ids(codes(120)));
		expect(result.shortfall).toBeUndefined();
	});

	it('reports a walk whose pages pass the total and never end as incomplete, stopped by its cap', async () => {
		// Full pages of 100 that overlap (25 new codes each), announcing 120: the list never ends.
		const result = await collectPages<Code>({ returnAll: false, limit: 300 }, async (page) => ({
			items: codes(100).map((_, index) => ({ id: `qr_${(page - 1) * 25 + index + 1}`, name: '' })),
			totalCount: 120,
		}));
		expect(result.items).toHaveLength(200);
		expect(result.shortfall).toMatchObject({ got: 200, expected: undefined });
		expect(result.shortfall?.reason).toMatch(
			/stopped after 5 pages of 100 without reaching the end/,
		);
	});

	it('returns a record once when a code created meanwhile pushes it onto the next page', async () => {
		const records = codes(150);
		let created = false;
		const service = listService(
			() => (created ? [{ id: 'qr_new', name: 'New' }, ...records] : records),
			{
				beforeEach: (request) => {
					created = request >= 2;
				},
			},
		);
		const result = await collectPages(returnAll, service.fetchPage);
		const got = ids(result.items);
		expect(new Set(got).size).toBe(got.length);
		expect(got).toEqual(expect.arrayContaining(ids(records)));
	});
});

describe('collectPages with codes that do not count toward the limit (counts)', () => {
	const deleted = (code: Code) => code.name.startsWith('Deleted');
	const live = (code: Code) => !deleted(code);
	/** `dead` codes that do not count, then `alive` that do. */
	function list(dead: number, alive: number): Code[] {
		return [
			...codes(dead, 'gone').map((code) => ({ ...code, name: `Deleted ${code.name}` })),
			...codes(alive),
		];
	}

	it('reads on in one walk, each page once, until the limit holds that many counted codes', async () => {
		const records = list(250, 50);
		const service = listService(() => records);
		const result = await collectPages(
			{ returnAll: false, limit: 5, pageSize: 100, counts: live },
			service.fetchPage,
		);
		expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3]);
		expect(result.items.filter(live).map((code) => code.id)).toEqual(ids(codes(5)));
		expect(result.items.filter(live)).toHaveLength(5);
		expect(result.shortfall).toBeUndefined();
	});

	it('ends at the end of the list when it holds fewer counted codes than the limit', async () => {
		const service = listService(() => list(30, 4), { cap: 10 });
		const result = await collectPages(
			{ returnAll: false, limit: 10, counts: live },
			service.fetchPage,
		);
		expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3, 4]);
		expect(result.items).toHaveLength(34);
		expect(result.shortfall).toBeUndefined();
	});

	it('still fails a list that ends before its announced total', async () => {
		const service = listService(() => list(30, 4), { cap: 10, total: 60 });
		const result = await collectPages(
			{ returnAll: false, limit: 10, counts: live },
			service.fetchPage,
		);
		// the limit of 10 counted codes after the 30 that do not count: 40 codes of the 60 announced
		expect(result.shortfall).toMatchObject({ got: 34, expected: 40 });
	});

	it('still fails a service that ignores "page"', async () => {
		const service = listService(() => list(30, 4), { cap: 10, ignorePage: true });
		const result = await collectPages(
			{ returnAll: false, limit: 10, counts: live },
			service.fetchPage,
		);
		expect(result.shortfall?.reason).toMatch(/ignore "page"/);
	});

	it.each([
		// Get Many's Return All passes no counts (it reads the whole list whatever it holds)
		['Return All, as Get Many asks it', { returnAll: true }],
		['a Limit no live code fills', { returnAll: false, limit: 5, pageSize: 100, counts: live }],
	])(
		'ends by itself, capped by its first total, on a total that grows a page with every page read (%s)',
		async (_name, walk) => {
			let total = 0;
			let requests = 0;
			const result = await collectPages<Code>(walk, async (page, size) => {
				requests++;
				// a guard only, so that a walk without end fails instead of hanging
				if (requests > 1_000) throw new Error('more than 1,000 requests');
				total = Math.max(total, page * size + size);
				return await Promise.resolve({
					items: codes(size, `p${page}`).map((code) => ({ ...code, name: `Deleted ${code.name}` })),
					totalCount: total,
				});
			});
			// two walks (a shortfall is read again), each capped by its first total: 200 (4 pages), then 500 (7 pages)
			expect(result.shortfall?.reason).toMatch(
				/stopped after 7 pages of 100, while the total kept growing/,
			);
			expect(requests).toBe(11);
		},
	);
});
