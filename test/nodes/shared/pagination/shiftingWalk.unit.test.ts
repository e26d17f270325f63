/**
 * ShiftingWalk against a list other writers change between the walk's requests: every code that was in the list
 * when the walk started, stayed in it, and lies before the bound is seen, whatever mix of deletions and creations
 * happened, or the walk stops as `restless` and says so; it always ends, and reads a still list as before.
 */
import { honoursPage, repeatCheck } from '../../../../nodes/shared/pageSize';
import { ShiftingWalk } from '../../../../nodes/shared/shiftingWalk';

interface Code {
	id: string;
	updatedAt: number;
}

/** A small seeded generator, so a failing case can be run again. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state * 1_664_525 + 1_013_904_223) >>> 0;
		return state / 2 ** 32;
	};
}

/** The list newest first, as a `sortBy=updatedAt&sortOrder=desc` page walk reads it. */
function sorted(list: Code[]): Code[] {
	return [...list].sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
}

/**
 * Walks `list` pages of `size` down to `bound` (codes changed at or after it), calling `between(request)` after
 * each answer, as another writer would act; returns the ids seen and the requests made.
 */
function walk(
	list: Code[],
	size: number,
	bound: number,
	between: (request: number) => void,
	countOf: (listed: number, request: number) => number | undefined = (listed) => listed,
) {
	const seen = new Set<string>();
	const shifting = new ShiftingWalk(size);
	let page: number | undefined = 1;
	let requests = 0;
	while (page !== undefined) {
		if (++requests > 10_000) throw new Error('the walk does not end');
		if (shifting.restless) return { seen, requests, restless: true };
		const all = sorted(list);
		const held = all.slice((page - 1) * size, page * size);
		for (const code of held) if (code.updatedAt >= bound) seen.add(code.id);
		const boundIndex = held.findIndex((code) => code.updatedAt < bound);
		shifting.record(
			page,
			held.length,
			countOf(all.length, requests),
			boundIndex < 0 ? undefined : boundIndex,
		);
		between(requests);
		page = shifting.nextPage();
	}
	return { seen, requests, restless: false };
}

function codes(count: number): Code[] {
	return Array.from({ length: count }, (_, index) => ({ id: `c${index}`, updatedAt: index }));
}

describe('ShiftingWalk', () => {
	it('reads a still list page by page down to the bound, one page past it at most', () => {
		const list = codes(1_000);

		const { seen, requests } = walk(list, 100, 750, () => undefined);

		expect([seen.size, requests]).toEqual([250, 3]);
	});

	it('ends at a short page, and reads an empty list once', () => {
		expect(walk(codes(250), 100, 0, () => undefined)).toMatchObject({ requests: 3 });
		expect(walk(codes(300), 100, 0, () => undefined)).toMatchObject({ requests: 4 });
		expect(walk([], 100, 0, () => undefined)).toMatchObject({ requests: 1 });
	});

	it('sees the code that slid onto a page already read when a code it read left the list', () => {
		const list = codes(1_000);
		const { seen } = walk(list, 100, 750, (request) => {
			if (request === 1)
				list.splice(
					list.findIndex((code) => code.id === 'c999'),
					1,
				);
		});

		expect(
			[...codes(1_000)].filter(
				(code) => code.updatedAt >= 750 && code.id !== 'c999' && !seen.has(code.id),
			),
		).toEqual([]);
	});

	it('sees it when a code came in and one it read left between later answers (the count back where it was)', () => {
		const list = codes(1_000);
		const { seen } = walk(list, 100, 750, (request) => {
			if (request === 1) list.push({ id: 'new', updatedAt: 5_000 });
			if (request === 2)
				list.splice(
					list.findIndex((code) => code.id === 'c999'),
					1,
				);
		});

		expect(
			codes(1_000).filter(
				(code) => code.updatedAt >= 750 && code.id !== 'c999' && !seen.has(code.id),
			),
		).toEqual([]);
	});

	it.each([
		['oldest', (list: Code[]) => sorted(list)[list.length - 1]],
		['newest', (list: Code[]) => sorted(list)[0]],
	])(
		'stops, saying so, when the %s code leaves after every answer: it cannot tell where, and misses none that stayed',
		(_, leaving) => {
			const list = codes(2_000);
			const before = codes(2_000);
			const gone = new Set<string>();
			const { seen, requests, restless } = walk(list, 100, 1_000, () => {
				const code = leaving(list);
				gone.add(code.id);
				list.splice(list.indexOf(code), 1);
			});

			expect(restless).toBe(true);
			expect(requests).toBeLessThanOrEqual(25);
			// a stop is no list: what was seen so far is not offered as complete
			expect(seen.size).toBeLessThan(
				before.filter((code) => code.updatedAt >= 1_000 && !gone.has(code.id)).length,
			);
		},
	);

	it('misses no code that stayed, or stops saying so, when codes are deleted and created between every two answers', () => {
		const misses: string[] = [];
		let completed = 0;
		for (let seed = 1; seed <= 100; seed++) {
			const next = random(seed);
			const list = codes(2_000);
			const start = new Map(list.map((code) => [code.id, code]));
			const gone = new Set<string>();
			let created = 0;
			const deletions = 1 + (seed % 8);
			const { seen, restless } = walk(list, 100, 1_500, () => {
				// after one answer in three: more deletions than creations, both between the same two answers
				if (next() > 1 / 3) return;
				for (let index = 0; index < deletions; index++) {
					const [code] = list.splice(Math.floor(next() * list.length), 1);
					gone.add(code.id);
				}
				for (let index = 0; index < Math.ceil(deletions / 2); index++)
					list.push({ id: `n${created++}`, updatedAt: 1_000_000 + created });
			});
			if (restless) continue;
			completed++;
			for (const [id, code] of start)
				if (code.updatedAt >= 1_500 && !gone.has(id) && !seen.has(id))
					misses.push(`seed ${seed}: ${id}`);
		}

		expect(misses).toEqual([]);
		expect(completed).toBeGreaterThan(50);
	});

	it.each([
		['after one answer in three, on up to a page of codes', 1 / 3, 1],
		['after every answer, on up to three pages of codes', 1, 3],
	])(
		'misses no code that stayed, or stops saying so, over 400 lists another writer changes %s',
		(_, share, pages) => {
			const misses: string[] = [];
			let completed = 0;
			let most = 0;
			for (let seed = 1; seed <= 400; seed++) {
				const next = random(seed);
				const size = [10, 25, 100][seed % 3];
				const list = codes(50 + Math.floor(next() * 500));
				const bound = Math.floor(next() * list.length);
				const start = new Map(list.map((code) => [code.id, code]));
				const gone = new Set<string>();
				let created = 0;
				const { seen, requests, restless } = walk(list, size, bound, () => {
					if (next() > share) return;
					const kind = next();
					const many = 1 + Math.floor(next() * pages * size * next());
					for (let index = 0; index < many && list.length > 0; index++) {
						if (kind < 0.45) {
							const [code] = list.splice(Math.floor(next() * list.length), 1);
							gone.add(code.id);
						} else if (kind < 0.7)
							list.push({ id: `n${created++}`, updatedAt: 1_000_000 + created });
					}
				});
				most = Math.max(most, requests);
				if (restless) continue;
				completed++;
				for (const [id, code] of start)
					if (code.updatedAt >= bound && !gone.has(id) && !seen.has(id))
						misses.push(`seed ${seed}: ${id}`);
			}

			expect(misses).toEqual([]);
			// most walks end with the whole list, not with a stop
			expect(completed).toBeGreaterThan(300);
			expect(most).toBeLessThan(1_000);
		},
	);

	it('reads a list without counts as pages come: a shift cannot be seen there', () => {
		const list = codes(1_000);
		const { seen, requests } = walk(
			list,
			100,
			750,
			(request) => {
				if (request === 1)
					list.splice(
						list.findIndex((code) => code.id === 'c999'),
						1,
					);
			},
			() => undefined,
		);

		// the code that slid onto page 1 (c899) is missed, as before counts were followed
		expect([seen.size, seen.has('c899'), requests]).toEqual([249, false, 3]);
	});

	it('stops, saying so, on a list whose count jitters by one at every answer, within its re-read bound', () => {
		const list = codes(1_000);

		const { restless, requests } = walk(
			list,
			100,
			750,
			() => undefined,
			(listed, request) => (request % 2 === 0 ? listed - 1 : listed),
		);

		expect(restless).toBe(true);
		expect(requests).toBeLessThanOrEqual(3 * 3 + 10 + 3);
	});

	it('misses no code that stayed, or stops saying so, when another writer creates and deletes in turn', () => {
		const list = codes(1_000);
		const before = codes(1_000);
		const gone = new Set<string>();
		const { seen, requests, restless } = walk(list, 100, 500, (request) => {
			if (request % 2 === 1) list.push({ id: `n${request}`, updatedAt: 10_000 + request });
			else {
				const newest = sorted(list)[0];
				gone.add(newest.id);
				list.splice(list.indexOf(newest), 1);
			}
		});
		const missed = before.filter(
			(code) => code.updatedAt >= 500 && !gone.has(code.id) && !seen.has(code.id),
		);

		expect(restless || missed.length === 0).toBe(true);
		expect(requests).toBeLessThanOrEqual(3 * 6 + 10 + 6);
	});
});

describe('a page size page 1 only guessed (servedPageSize)', () => {
	it('is confirmed by page 2: new codes go on, only page 1 again ends the list at page 1', () => {
		const goesOn = new ShiftingWalk(50, true);
		goesOn.record(1, 50, undefined);
		goesOn.record(2, 50, undefined, undefined, false);
		const repeats = new ShiftingWalk(50, true);
		repeats.record(1, 50, undefined);
		expect(repeats.nextPage()).toBe(2);
		repeats.record(2, 50, undefined, undefined, true);
		const known = new ShiftingWalk(50);
		known.record(1, 50, undefined);
		known.record(2, 50, undefined, undefined, true);
		expect([goesOn.nextPage(), repeats.nextPage(), known.nextPage()]).toEqual([3, undefined, 3]);
	});

	it("asks page 2 again with half page 1's count before it ends the list at page 1 (repeatCheck)", () => {
		const pageOne = Array.from({ length: 50 }, (_, index) => ({ id: `c${index}` }));
		const check = repeatCheck(pageOne)!;
		expect(check).toEqual({ limit: 25, expectedFirst: 'c25' });
		const walk = new ShiftingWalk(50, true, check);
		walk.record(1, 50, undefined);
		expect(walk.takeCheck()).toBeUndefined();
		walk.record(2, 50, undefined, undefined, true);
		expect(walk.takeCheck()).toEqual(check);
		expect(walk.takeCheck()).toBeUndefined();
		// honouring page: page 1's codes from the 26th on; ignoring it: page 1's first codes
		expect(honoursPage(check, { items: pageOne.slice(25, 50) })).toBe(true);
		expect(honoursPage(check, { items: pageOne.slice(0, 25) })).toBe(false);
		expect(repeatCheck(pageOne.slice(0, 1))).toBeUndefined();
	});
});
