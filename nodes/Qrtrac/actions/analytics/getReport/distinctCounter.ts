import { HyperLogLog, standardError } from './hyperLogLog';

/**
 * Distinct visitors of one code (or one code's day, or all codes): counted exactly by fingerprint
 * (hyperLogLog.ts) up to `exactLimit` distinct keys, then estimated by a HyperLogLog sketch fed with every
 * fingerprint held so far and every one after. Memory: at most `exactLimit` numbers, then 2^precision bytes, however
 * many events come. Whether the count is an estimate is always told (`estimated`). Pure.
 */
export class DistinctCounter {
	private exact: Set<number> | undefined = new Set();
	private sketch: HyperLogLog | undefined;

	constructor(
		private readonly exactLimit: number,
		private readonly precision: number,
	) {}

	add(print: number): void {
		if (this.exact) {
			this.exact.add(print);
			if (this.exact.size > this.exactLimit) this.toSketch(this.exact);
			return;
		}
		(this.sketch as HyperLogLog).add(print);
	}

	get estimated(): boolean {
		return this.exact === undefined;
	}

	/** The standard error of the estimate as a fraction; 0 while counted exactly. */
	get relativeError(): number {
		return this.exact ? 0 : standardError(this.precision);
	}

	count(): number {
		return this.exact ? this.exact.size : Math.round((this.sketch as HyperLogLog).estimate());
	}

	private toSketch(prints: Set<number>): void {
		const sketch = new HyperLogLog(this.precision);
		for (const print of prints) sketch.add(print);
		this.sketch = sketch;
		this.exact = undefined;
	}
}

/** Distinct counts of a code, or of all codes, over the whole range: exact up to 5,000, then within 0.81%. */
export function codeVisitors(): DistinctCounter {
	return new DistinctCounter(5_000, 14);
}

/** Distinct counts of one code's day: exact up to 1,000, then within 1.63% (4 KB a day). */
export function dayVisitors(): DistinctCounter {
	return new DistinctCounter(1_000, 12);
}

/** Distinct counts across every code of the report (Summary): exact up to 100,000, then within 0.81%. */
export function reportVisitors(): DistinctCounter {
	return new DistinctCounter(100_000, 14);
}
