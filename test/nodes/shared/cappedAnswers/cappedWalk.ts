import { CapWatch, type ScanSlice, splitSlice } from '../../../../nodes/shared/cappedAnswers';

/**
 * A walk as api/analytics.ts `walkBulkScans` reads (each slice asked 1 ms wider, a suspect answer split, one code
 * in one millisecond checked whole), over scans at `times` of a service that answers the oldest `cap` of a range:
 * its requests, and whether it found every scan once.
 */
export function walk(
	times: number[],
	cap: number | undefined,
	startTime: number,
	endTime: number,
	halveOnly = false,
) {
	const sorted = [...times].sort((a, b) => a - b);
	const watch = new CapWatch();
	const found: number[] = [];
	let requests = 0;
	const from = (time: number) => {
		let [low, high] = [0, sorted.length];
		while (low < high) {
			const middle = (low + high) >> 1;
			if (sorted[middle] < time) low = middle + 1;
			else high = middle;
		}
		return low;
	};
	const read = (slice: ScanSlice): number => {
		requests += 1;
		if (requests > 10_000) throw new Error('endless split');
		const asked = sorted.slice(from(slice.startTime - 1), from(slice.endTime + 2));
		const answered = cap === undefined ? asked : asked.slice(0, cap);
		const scans = answered.filter((time) => time >= slice.startTime && time <= slice.endTime);
		if (watch.suspect(answered.length)) {
			const halves = halveOnly ? splitSlice(slice) : splitSlice(slice, answered);
			if (halves) {
				const count = read(halves[0]) + read(halves[1]);
				watch.learn(answered.length, count);
				return count;
			}
			requests += 1;
			const whole = sorted.filter((time) => time === slice.startTime);
			if (whole.length > scans.length) {
				watch.learn(answered.length, whole.length);
				found.push(...whole);
				return whole.length;
			}
		}
		found.push(...scans);
		watch.taken(answered.length);
		return scans.length;
	};
	read({ qrIds: ['a'], startTime, endTime });
	found.sort((a, b) => a - b);
	return {
		requests,
		complete: found.length === sorted.length && found.every((time, i) => time === sorted[i]),
	};
}
