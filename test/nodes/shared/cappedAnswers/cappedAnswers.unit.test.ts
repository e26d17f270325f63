/** The one rule for answers that may be capped: what looks capped, how a slice is split, what a walk learns. */
import {
	CapWatch,
	type ScanSlice,
	looksCapped,
	nextSpan,
	splitSlice,
} from '../../../../nodes/shared/cappedAnswers';

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
		// every scan on one millisecond: that millisecond ends the first half; on the last one, it is the second half
		expect(splitSlice(slice, [5, 5, 5])?.[0].endTime).toBe(5);
		expect(splitSlice(slice, [1_000_000, 1_000_000])?.[1]).toEqual({
			qrIds: ['a'],
			startTime: 1_000_000,
			endTime: 1_000_000,
		});
		// times outside the slice (its widened ends) are not where it splits
		expect(splitSlice(slice, [-1, 1_000_001])?.[0].endTime).toBe(500_000);
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
