import type { IPollFunctions } from 'n8n-workflow';

import { startCursor, type ChangeCursor } from '../../../nodes/QrtracTrigger/changeCursor';
import { advanceScanCursor, type ScanRecord } from '../../../nodes/QrtracTrigger/scanCursor';
import {
	advancePass,
	codesLeft,
	mayReadAnotherChunk,
	DEFAULT_POLL_BUDGET_MS,
	pollBudgetOf,
	startPass,
} from '../../../nodes/QrtracTrigger/scanPass';
import { namingRequests, watchedCount } from '../../../nodes/QrtracTrigger/scanEvents';
import { MAX_SEEN } from '../../../nodes/QrtracTrigger/settings';
import type { ScanPass } from '../../../nodes/QrtracTrigger/triggerState';

const OVERLAP = 1_000;
const TAG_KEY = Buffer.from('tag key');

function scan(qrId: string, scanTime: number, city = 'Berlin'): ScanRecord {
	return { qrId, scanTime, device: 'mobile', city };
}

function tags(scans: readonly ScanRecord[]): string[] {
	return scans.map((event) => `${event.scanTime} ${event.qrId} ${String(event.city)}`).sort();
}

/** Runs a pass over `polls` (the codes each poll reads), returning what it reported and the cursor it ends with. */
function runPass(cursor: ChangeCursor, pass: ScanPass, all: ScanRecord[], polls: string[][]) {
	const watched = polls.flat();
	const reported: ScanRecord[] = [];
	let current: ScanPass | undefined = pass;
	let next: ChangeCursor | undefined;
	for (const ids of polls) {
		const step = advancePass(
			cursor,
			current!,
			all.filter((event) => ids.includes(event.qrId)),
			{ ids, watched, overlapMs: OVERLAP, tagKey: TAG_KEY },
		);
		reported.push(...step.scans);
		if ('cursor' in step.next) next = step.next.cursor;
		else current = JSON.parse(JSON.stringify(step.next.pass)) as ScanPass;
	}
	return { reported, next };
}

describe('poll budget: the stop rule', () => {
	it('reads every chunk without a budget, and always the first one', () => {
		const late = { elapsedMs: 500_000, chunksRead: 3, slowestChunkMs: 9_000, namingRequests: 50 };
		expect(mayReadAnotherChunk(late, undefined)).toBe(true);
		expect(mayReadAnotherChunk({ ...late, chunksRead: 0 }, 1_000)).toBe(true);
	});

	it('stops when the time spent, 1.5 slowest chunks and the naming requests would pass 80 % of the budget', () => {
		// 80 % of 36 s = 28.8 s
		const at = (elapsedMs: number, namingRequests = 0) =>
			mayReadAnotherChunk(
				{ elapsedMs, chunksRead: 2, slowestChunkMs: 2_000, namingRequests },
				36_000,
			);
		expect(at(25_800)).toBe(true); // 25.8 + 3 = 28.8
		expect(at(25_801)).toBe(false);
		expect(at(20_000, 3)).toBe(false); // 20 + 2 x 4.5 = 29
		expect(at(19_000, 3)).toBe(true); // 28
	});

	it("reads n8n's budget when n8n offers one as a number of ms, else n8n-core's default of 5 minutes", () => {
		const ctx = (extra: object) => extra as unknown as IPollFunctions;
		expect(DEFAULT_POLL_BUDGET_MS).toBe(300_000);
		expect(pollBudgetOf(ctx({}))).toBe(DEFAULT_POLL_BUDGET_MS);
		expect(pollBudgetOf(ctx({ getPollBudgetMs: () => 36_000 }))).toBe(36_000);
		expect(pollBudgetOf(ctx({ getPollBudgetMs: () => Number.NaN }))).toBe(DEFAULT_POLL_BUDGET_MS);
		expect(pollBudgetOf(ctx({ getPollBudgetMs: () => -1 }))).toBe(DEFAULT_POLL_BUDGET_MS);
		expect(pollBudgetOf(ctx({ getPollBudgetMs: () => '36000' }))).toBe(DEFAULT_POLL_BUDGET_MS);
	});
});

describe('poll budget: a pass over several polls', () => {
	// C: floor 10 s, a scan of "a" seen at 10.2 s; below the floor, a scan the window's start still returns
	const cursor: ChangeCursor = advanceScanCursor(startCursor(10_000), [scan('a', 10_200)], {
		overlapMs: OVERLAP,
		maxSeen: MAX_SEEN,
		tagKey: TAG_KEY,
	}).cursor;
	const all = [
		scan('a', 9_999), // below C's floor
		scan('a', 10_200), // seen by C
		scan('a', 10_200, 'Paris'), // same millisecond, new
		scan('a b', 10_200), // another code whose id starts with "a "
		scan('c', 10_500),
		scan('c', 10_500), // identical twins: two events
		scan('d', 14_000),
		scan('e', 12_100), // below the floor the pass's tail has after "d"... but not below C's
		scan('e', 20_000),
	];

	it('ends with the cursor the whole window read at once would give, reporting each new scan once', () => {
		const pass = startPass(cursor, { endTime: 99_000, catchingUp: false }, 30_000, false);
		const { reported, next } = runPass(cursor, pass, all, [['a', 'a b'], ['d'], ['c', 'e']]);
		const atOnce = advanceScanCursor(cursor, all, {
			overlapMs: OVERLAP,
			maxSeen: MAX_SEEN,
			tagKey: TAG_KEY,
			ceiling: pass.ceiling,
		});

		expect(next).toEqual(atOnce.cursor);
		expect(tags(reported)).toEqual(tags(atOnce.scans));
		expect(reported).toHaveLength(7);
	});

	it('moves a catching-up pass to its end only once every code is read', () => {
		const pass = startPass(cursor, { endTime: 50_000, catchingUp: true }, 90_000, false);
		const { next } = runPass(cursor, pass, [], [['a'], ['c']]);
		const atOnce = advanceScanCursor(cursor, [], {
			overlapMs: OVERLAP,
			maxSeen: MAX_SEEN,
			tagKey: TAG_KEY,
			readUpTo: 50_000,
		});
		expect(next).toEqual(atOnce.cursor);
		const half = advancePass(cursor, pass, [], {
			ids: ['a'],
			watched: ['a', 'c'],
			overlapMs: OVERLAP,
			tagKey: TAG_KEY,
		});
		expect('pass' in half.next && half.next.pass.tail).toEqual(cursor);
	});

	it('keeps the next cursor at or below the moment the pass began, whatever later codes hold', () => {
		// began at 12 s; "d" read in a later poll holds a scan at 14 s: the next pass must still read "a" from 12 s
		const pass = startPass(cursor, { endTime: 99_000, catchingUp: false }, 12_000, false);
		const { next } = runPass(cursor, pass, all, [
			['a', 'a b'],
			['c', 'd', 'e'],
		]);
		expect(next!.floor).toBeLessThanOrEqual(12_000);
		expect(next!.seen['20000']).toHaveLength(1);
	});

	it('on a first poll, reports nothing from before the pass began', () => {
		const pass = startPass(cursor, { endTime: 99_000, catchingUp: false }, 11_000, true);
		const { reported } = runPass(cursor, pass, all, [
			['a', 'a b'],
			['c', 'd', 'e'],
		]);
		expect(tags(reported)).toEqual(tags([scan('d', 14_000), scan('e', 12_100), scan('e', 20_000)]));
	});

	it('leaves the codes read, and reads codes added since the pass began', () => {
		const pass = startPass(cursor, { endTime: 99_000, catchingUp: false }, 12_000, false);
		const step = advancePass(cursor, pass, [], {
			ids: ['a'],
			watched: ['a', 'c'],
			overlapMs: 1,
			tagKey: TAG_KEY,
		});
		const continued = 'pass' in step.next ? step.next.pass : pass;
		expect(codesLeft(continued, ['c', 'a', 'new'])).toEqual(['c', 'new']);
	});

	it('keeps a code read as read when it is filtered out and back in during the pass', () => {
		const pass = startPass(cursor, { endTime: 99_000, catchingUp: false }, 12_000, false);
		const first = advancePass(cursor, pass, [], {
			ids: ['a'],
			watched: ['a', 'b', 'c'],
			overlapMs: 1,
			tagKey: TAG_KEY,
		});
		const afterA = 'pass' in first.next ? first.next.pass : pass;
		// 'a' is no longer watched while 'b' is read, then watched again: it must not be read a second time
		const second = advancePass(cursor, afterA, [], {
			ids: ['b'],
			watched: ['b', 'c'],
			overlapMs: 1,
			tagKey: TAG_KEY,
		});
		const afterB = 'pass' in second.next ? second.next.pass : afterA;
		expect(codesLeft(afterB, ['a', 'b', 'c'])).toEqual(['c']);
	});
});

describe('naming the scanned codes', () => {
	it('uses the list only when it holds just the watched codes and takes fewer requests', () => {
		expect(namingRequests(30, { count: 500, narrowed: false })).toBe(5);
		expect(namingRequests(3, { count: 500, narrowed: false })).toBe(3);
		// a filter: the list holds every code of the team, maybe thousands more
		expect(namingRequests(30, { count: 500, narrowed: true })).toBe(30);
	});

	it("takes the Search filter for a narrowing one: the list is read without the service's search", () => {
		const none = { qrTypes: [] };
		expect(watchedCount(500, none)).toEqual({ count: 500, narrowed: false });
		expect(watchedCount(5, { ...none, search: 'summer' })).toEqual({ count: 5, narrowed: true });
		expect(watchedCount(5, { ...none, tag: 'promo' }).narrowed).toBe(true);
		expect(watchedCount(5, { qrTypes: ['WEB'] }).narrowed).toBe(true);
		// 5 watched codes of a 1,000-code team, 2 of them scanned: each read by ID, not the team's 10 list pages
		expect(namingRequests(2, watchedCount(5, { ...none, search: 'summer' }))).toBe(2);
	});
});
