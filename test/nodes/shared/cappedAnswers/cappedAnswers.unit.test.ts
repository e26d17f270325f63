/** The one rule for answers that may be capped: what looks capped, how a slice is split, what a walk learns. */
import {
	CapWatch,
	type ScanSlice,
	looksCapped,
	nextSpan,
	splitSlice,
} from '../../../../nodes/shared/cappedAnswers';
import { walk } from './cappedWalk';

describe('looksCapped', () => {
	it('suspects multiples of 10 and powers of two from 10 on', () => {
		expect([10, 20, 100, 1000, 16, 64, 5000].every(looksCapped)).toBe(true);
		expect([0, 1, 8, 9, 13, 99, 101, 4999].some(looksCapped)).toBe(false);
	});
});

describe('splitSlice', () => {
	it('halves the time range first (no scan times given), then the codes, and stops at one code in one millisecond', () => {
		expect(splitSlice({ qrIds: ['a', 'b'], startTime: 0, endTime: 9 })).toEqual([
			{ qrIds: ['a', 'b'], startTime: 0, endTime: 4 },
			{ qrIds: ['a', 'b'], startTime: 5, endTime: 9 },
		]);
		expect(splitSlice({ qrIds: ['a', 'b', 'c'], startTime: 7, endTime: 7 })).toEqual([
			{ qrIds: ['a', 'b'], startTime: 7, endTime: 7 },
			{ qrIds: ['c'], startTime: 7, endTime: 7 },
		]);
		expect(splitSlice({ qrIds: ['a'], startTime: 7, endTime: 7 })).toBeUndefined();
	});

	it("splits the time range where the answer's scans lie: between the median and the next, inside the slice", () => {
		const slice = { qrIds: ['a'], startTime: 0, endTime: 1_000_000 };
		// a burst late in the range: split within it, at neither scan's millisecond nor the one after
		expect(splitSlice(slice, [900_300, 900_000, 900_100, 900_200])).toEqual([
			{ qrIds: ['a'], startTime: 0, endTime: 900_150 },
			{ qrIds: ['a'], startTime: 900_151, endTime: 1_000_000 },
		]);
		// every scan on one millisecond: that millisecond starts the second half (on the first, it is the first half)
		expect(splitSlice(slice, [5, 5, 5])?.[0].endTime).toBe(4);
		expect(splitSlice(slice, [0, 0])?.[0]).toEqual({ qrIds: ['a'], startTime: 0, endTime: 0 });
		expect(splitSlice(slice, [1_000_000, 1_000_000])?.[1]).toEqual({
			qrIds: ['a'],
			startTime: 1_000_000,
			endTime: 1_000_000,
		});
		// times on the widened ends count as on the slice's ends; farther ones (a loose service) not at all
		expect(splitSlice(slice, [-1, 1_000_001])?.[0].endTime).toBe(500_000);
		expect(splitSlice(slice, [1_000_001, 1_000_001])?.[1].startTime).toBe(1_000_000);
		expect(splitSlice(slice, [-5, 2_000_000])?.[0].endTime).toBe(500_000);
	});

	it('halves a slice whose scans lie at one of its ends, as a capped answer (oldest or newest N) holds them', () => {
		const slice = { qrIds: ['a'], startTime: 0, endTime: 1_000_000 };
		expect(splitSlice(slice, [0, 3, 6, 9])?.[0].endTime).toBe(500_000);
		expect(splitSlice(slice, [999_000, 999_500, 1_000_000])?.[0].endTime).toBe(500_000);
		// less empty time than they span on one side: halved too
		expect(splitSlice(slice, [400_000, 700_000])?.[0].endTime).toBe(500_000);
	});

	it('reaches a single millisecond in a bounded number of halvings', () => {
		let slice: ScanSlice = { qrIds: ['a'], startTime: 0, endTime: 10 * 365 * 86_400_000 };
		let steps = 0;
		for (let halves = splitSlice(slice); halves; halves = splitSlice(slice)) {
			slice = halves[1];
			steps += 1;
		}
		expect(steps).toBeLessThanOrEqual(40);
	});
});

describe('splitSlice in a walk: requests before (halving) and now', () => {
	const t0 = 1_700_000_000_000;
	const DAY = 86_400_000;
	const HOUR = 3_600_000;
	const series = (count: number, from: number, apart: number) =>
		Array.from({ length: count }, (_, i) => from + i * apart);
	/** Name, scan times, cap, range [start, end], requests by halving, requests now. */
	const cases: [string, number[], number | undefined, number, number, number, number][] = [
		// a campaign's first 30 scans within a minute of a 30-day range: round, not capped (split at the median: 3)
		['burst', series(30, t0 + 28 * DAY, 1000), undefined, t0, t0 + 30 * DAY, 33, 3],
		['burst of 100', series(100, t0 + 9 * DAY, 500), undefined, t0, t0 + 30 * DAY, 31, 3],
		// 5,000 scans 3 ms apart an hour before a day's end, oldest 100 answered (split at the median: 399)
		['capped', series(5000, t0 + 23 * HOUR, 3), 100, t0, t0 + DAY, 215, 159],
		['capped, 1,000 scans', series(1000, t0 + 23 * HOUR, 3), 100, t0, t0 + DAY, 65, 47],
		['capped at 1,000', series(5000, t0 + 23 * HOUR, 3), 1000, t0, t0 + DAY, 37, 31],
		[
			'capped, two bursts',
			[...series(300, t0 + 5 * DAY, 7), ...series(500, t0 + 20 * DAY, 11)],
			100,
			t0,
			t0 + 30 * DAY,
			105,
			97,
		],
		// 20,000 scans at distinct ms filling a minute, no cap (split at the median: 19)
		['distinct', series(20_000, t0, 3), undefined, t0, t0 + 59_999, 3, 3],
		// 30 scans on one millisecond inside a 30-day range, and on its last one
		['one millisecond', series(30, t0 + 5 * DAY, 0), undefined, t0, t0 + 30 * DAY, 70, 12],
		['last millisecond', series(30, t0 + 30 * DAY, 0), undefined, t0, t0 + 30 * DAY, 65, 7],
		// a cap over scans spread through the range: halved alike
		[
			'spread',
			Array.from({ length: 20_000 }, (_, i) => t0 + ((i * 7919) % DAY)),
			1000,
			t0,
			t0 + DAY,
			57,
			57,
		],
	];
	it.each(cases)(
		'%s: every scan once, in the requests measured',
		(_, times, cap, start, end, before, now) => {
			const halved = walk(times, cap, start, end, true);
			const split = walk(times, cap, start, end);
			expect(halved).toEqual({ requests: before, complete: true });
			expect(split).toEqual({ requests: now, complete: true });
		},
	);
});

describe('CapWatch', () => {
	it('suspects round sizes until a cap is proven, then sizes at or above the cap', () => {
		const watch = new CapWatch();
		expect(watch.suspect(20)).toBe(true);
		watch.learn(20, 20); // the parts held as many: no proof
		expect(watch.knownCap).toBeUndefined();
		watch.learn(100, 230);
		expect(watch.knownCap).toBe(100);
		expect(watch.suspect(20)).toBe(false);
		expect(watch.suspect(100)).toBe(true);
		expect(watch.suspect(99)).toBe(false);
	});
});

describe('CapWatch floor', () => {
	it('stops suspecting round sizes below what answers taken showed the cap must exceed', () => {
		const watch = new CapWatch();
		watch.taken(4999); // not round: the cap is above it
		expect(watch.suspect(1000)).toBe(false);
		expect(watch.suspect(5000)).toBe(true);
		watch.learn(5000, 5000); // its parts held as many: the cap is at least 5000
		expect(watch.suspect(5000)).toBe(true);
		expect(watch.suspect(4096)).toBe(false);
		expect(watch.knownCap).toBeUndefined();
	});
});

describe('nextSpan', () => {
	it('scales the span toward the target, at most 4x per step and never below 1 ms', () => {
		expect(nextSpan(1000, 0, 5000)).toBe(4000);
		expect(nextSpan(1000, 2500, 5000)).toBe(2000);
		expect(nextSpan(1000, 100_000, 5000)).toBe(250);
		expect(nextSpan(1, 100_000, 5000)).toBe(1);
	});
});
