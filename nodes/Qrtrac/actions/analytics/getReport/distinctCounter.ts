import { HyperLogLog, standardError } from './hyperLogLog';

/**
 * Distinct visitors of one code (or one code's day, or all codes): counted exactly by fingerprint
 * (hyperLogLog.ts) up to `exactLimit` distinct keys, then estimated by a HyperLogLog sketch fed with every
 * fingerprint held so far and every one after. Memory: at most 4 x `exactLimit` x 8 bytes, then 2^precision
 * bytes, however many events come. Whether the count is an estimate is always told (`estimated`). Pure.
 */
export class DistinctCounter {
	private exact: FingerprintSet | undefined = new FingerprintSet();
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

	/**
	 * The distinct count; an estimate never below the exact bound it went past (more distinct keys than that were
	 * seen). The caller bounds it from above by the scans it counted (reportItems.ts `uniqueScans`).
	 */
	count(): number {
		if (this.exact) return this.exact.size;
		return Math.max(this.exactLimit + 1, Math.round((this.sketch as HyperLogLog).estimate()));
	}

	private toSketch(prints: FingerprintSet): void {
		const sketch = new HyperLogLog(this.precision);
		prints.forEach((print) => sketch.add(print));
		this.sketch = sketch;
		this.exact = undefined;
	}
}

const TWO_32 = 4_294_967_296;

/**
 * A set of fingerprints in one typed array (open addressing, linear probing, kept at most half full): no object
 * per entry, so a report over millions of events does not keep the garbage collector busy. Fingerprints are
 * uniform, so their low bits are the slot; 0 marks an empty slot and the fingerprint 0 is held aside.
 */
class FingerprintSet {
	private slots = new Float64Array(16);
	private count = 0;
	private holdsZero = false;

	get size(): number {
		return this.count + (this.holdsZero ? 1 : 0);
	}

	add(print: number): void {
		if (print === 0) {
			this.holdsZero = true;
			return;
		}
		if (this.place(this.slots, print)) {
			this.count += 1;
			if (this.count * 2 > this.slots.length) this.grow();
		}
	}

	forEach(visit: (print: number) => void): void {
		if (this.holdsZero) visit(0);
		for (const print of this.slots) if (print !== 0) visit(print);
	}

	/** Puts a fingerprint in its slot or the next free one; false when it is there already. */
	private place(slots: Float64Array, print: number): boolean {
		const mask = slots.length - 1;
		let index = (print % TWO_32) & mask;
		while (slots[index] !== 0) {
			if (slots[index] === print) return false;
			index = (index + 1) & mask;
		}
		slots[index] = print;
		return true;
	}

	private grow(): void {
		const larger = new Float64Array(this.slots.length * 2);
		for (const print of this.slots) if (print !== 0) this.place(larger, print);
		this.slots = larger;
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
