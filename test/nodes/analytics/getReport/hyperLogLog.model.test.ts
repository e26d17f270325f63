/**
 * The estimator behind unique scans past the exact bound: fingerprints, the HyperLogLog sketch's error against
 * its documented standard error, and the exact-then-estimated counter.
 */
import { DistinctCounter } from '../../../../nodes/Qrtrac/actions/analytics/getReport/distinctCounter';
import {
	fingerprint,
	HyperLogLog,
	standardError,
} from '../../../../nodes/Qrtrac/actions/analytics/getReport/hyperLogLog';

const ipv4 = (index: number) =>
	`${10 + ((index >>> 24) & 0xff)}.${(index >>> 16) & 0xff}.${(index >>> 8) & 0xff}.${index & 0xff}`;

describe('fingerprint', () => {
	it('gives 53-bit integers, one per text, no collision among 200,000 addresses', () => {
		const prints = new Set<number>();
		let unsafe = 0;
		for (let index = 0; index < 200_000; index++) {
			const print = fingerprint(ipv4(index));
			if (!Number.isSafeInteger(print) || print < 0) unsafe += 1;
			prints.add(print);
		}
		expect(unsafe).toBe(0);
		expect(prints.size).toBe(200_000);
		expect(fingerprint('198.51.100.7')).toBe(fingerprint('198.51.100.7'));
	});
});

describe('HyperLogLog', () => {
	it.each([
		[14, 1_000],
		[14, 50_000],
		[14, 150_000],
		[12, 20_000],
	])('precision %i estimates %i distinct values within 3 standard errors', (precision, count) => {
		const sketch = new HyperLogLog(precision);
		for (let index = 0; index < count; index++) {
			const print = fingerprint(ipv4(index * 7 + 3));
			sketch.add(print);
			sketch.add(print); // a visitor seen twice counts once
		}
		const error = Math.abs(sketch.estimate() - count) / count;
		expect(error).toBeLessThan(3 * standardError(precision));
	});

	it('keeps its error within the documented 0.81% on average over many independent sets', () => {
		const errors: number[] = [];
		for (let set = 0; set < 12; set++) {
			const sketch = new HyperLogLog(14);
			for (let index = 0; index < 10_000; index++) sketch.add(fingerprint(`set${set}-${index}`));
			errors.push((sketch.estimate() - 10_000) / 10_000);
		}
		const rms = Math.sqrt(errors.reduce((sum, error) => sum + error * error, 0) / errors.length);
		expect(standardError(14)).toBeCloseTo(0.0081, 4);
		expect(rms).toBeLessThan(1.5 * standardError(14));
	});

	it.each([
		[14, 2.6],
		[14, 3],
		[12, 2.6],
		[12, 3],
	])(
		'has no bias where the small-range correction ends (precision %i, %f values per register)',
		(precision, perRegister) => {
			// the classic estimator switches from linear counting at 2.5 registers per value and overcounts just past
			// it: +2.1% on average at 2.6 (precision 14), 2.5 times the standard error, the same way every time
			const count = Math.round(perRegister * 2 ** precision);
			const errors: number[] = [];
			for (let set = 0; set < 24; set++) {
				const sketch = new HyperLogLog(precision);
				for (let index = 0; index < count; index++)
					sketch.add(fingerprint(`bias${precision}-${set}-${index}`));
				errors.push((sketch.estimate() - count) / count);
			}
			const mean = errors.reduce((sum, error) => sum + error, 0) / errors.length;
			// the mean of 24 unbiased estimates lies within 3 standard errors of the mean (SE / sqrt(24)) of 0
			expect(Math.abs(mean)).toBeLessThan((3 * standardError(precision)) / Math.sqrt(24));
		},
	);

	it('refuses a precision it does not support', () => {
		expect(() => new HyperLogLog(3)).toThrow(RangeError);
		expect(() => new HyperLogLog(17)).toThrow(RangeError);
	});
});

describe('DistinctCounter', () => {
	it('counts exactly up to its bound and says when it estimates', () => {
		const counter = new DistinctCounter(1_000, 14);
		for (let index = 0; index < 1_000; index++) {
			counter.add(fingerprint(ipv4(index)));
			counter.add(fingerprint(ipv4(index)));
		}
		expect(counter.count()).toBe(1_000);
		expect(counter.estimated).toBe(false);
		expect(counter.relativeError).toBe(0);

		for (let index = 1_000; index < 30_000; index++) counter.add(fingerprint(ipv4(index)));
		expect(counter.estimated).toBe(true);
		expect(counter.relativeError).toBeCloseTo(0.0081, 4);
		expect(Math.abs(counter.count() - 30_000) / 30_000).toBeLessThan(3 * 0.0081);
	});
});
