import { seedScans } from './domain/scans';
import { createPrng } from './random';
import type { SimulatorState } from './state';

/**
 * A team full of scanned codes, for benchmarks and reports: `codes` new WEB codes, each with realistic scan
 * traffic (domain/scanTraffic.ts) over the `days` up to the simulator clock. Either every code gets
 * `scansPerCode` scans, or `totalScans` are shared out so that some codes are busier than others (the total
 * exact). The same seed gives every code the same events again; the codes' IDs are new each time. A team
 * whose quota is too small for the new codes gets a quota that fits them.
 */
export interface ScanVolume {
	codes: number;
	scansPerCode?: number;
	totalScans?: number;
	/** Length of the range the scans fall in, ending at the simulator clock; default 30. */
	days?: number;
	/** Default 1. */
	seed?: number;
	/** Name of the codes, numbered from 1; default "Campaign poster". */
	namePrefix?: string;
}

export interface SeededVolume {
	qrIds: string[];
	/** Scans per code, in the order of `qrIds`. */
	counts: number[];
	totalScans: number;
	/** The range every scan lies in (epoch ms, inclusive). */
	from: number;
	to: number;
}

const DAY_MS = 86_400_000;
/** Bounds a volume so a typo cannot exhaust the machine (1,000,000 scans take about 200 MB of the simulator). */
const MAX_SCANS = 5_000_000;
const MAX_CODES = 100_000;

/** Shares `total` out by weight, each count a whole number and their sum exactly `total` (largest remainder). */
export function shareOut(total: number, weights: readonly number[]): number[] {
	const sum = weights.reduce((acc, weight) => acc + weight, 0);
	const exact = weights.map((weight) => (total * weight) / sum);
	const counts = exact.map(Math.floor);
	let left = total - counts.reduce((acc, count) => acc + count, 0);
	const byRemainder = exact
		.map((value, index) => ({ index, remainder: value - Math.floor(value) }))
		.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
	for (const { index } of byRemainder) {
		if (left <= 0) break;
		counts[index] += 1;
		left -= 1;
	}
	return counts;
}

/** Scans per code of a volume: equal, or shared out with weights from the seed (busiest about 7 x the quietest). */
export function countsOf(volume: ScanVolume): number[] {
	const { codes, scansPerCode, totalScans } = volume;
	if (!Number.isInteger(codes) || codes < 1 || codes > MAX_CODES)
		throw new RangeError(`scan volume: codes must be an integer from 1 to ${MAX_CODES}`);
	if ((scansPerCode === undefined) === (totalScans === undefined))
		throw new RangeError('scan volume: give either scansPerCode or totalScans');
	const total = totalScans ?? (scansPerCode as number) * codes;
	if (!Number.isInteger(total) || total < 0 || total > MAX_SCANS)
		throw new RangeError(`scan volume: at most ${MAX_SCANS} scans in whole numbers`);
	if (scansPerCode !== undefined) return new Array<number>(codes).fill(scansPerCode);
	const random = createPrng((volume.seed ?? 1) ^ 0x5eed);
	return shareOut(
		total,
		Array.from({ length: codes }, () => 0.25 + 1.5 * random()),
	);
}

export function seedScanVolume(
	state: SimulatorState,
	teamId: string,
	volume: ScanVolume,
): SeededVolume {
	const counts = countsOf(volume);
	const to = state.clock.now();
	const from = to - (volume.days ?? 30) * DAY_MS;
	const seed = volume.seed ?? 1;
	const prefix = volume.namePrefix ?? 'Campaign poster';
	// room for the new codes: a volume bigger than the team's quota raises that team's quota
	const live = state.liveQrsOfTeam(teamId).length;
	if (live + counts.length > state.quotaOf(teamId)) state.setQuota(live + counts.length, teamId);
	const qrIds = counts.map((count, index) => {
		const qr = state.createQrAt(
			teamId,
			{
				qrType: 'WEB',
				name: `${prefix} ${index + 1}`,
				qrRedirectUrl: `https://example.com/campaign/${index + 1}`,
			},
			from - DAY_MS,
		);
		// every code its own stream: the same seed and index give the same events again
		seedScans(state, qr.id, count, { from, to, seed: seed * 100_003 + index + 1 });
		return qr.id;
	});
	return { qrIds, counts, totalScans: counts.reduce((a, b) => a + b, 0), from, to };
}
