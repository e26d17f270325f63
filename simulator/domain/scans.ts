import type { ScanEvent } from '../model';
import { createPrng, pick } from '../random';
import type { Store } from '../store';

/** Synthetic scan traffic: plausible values drawn from fixed pools by a seeded PRNG, so a seed repeats exactly. */
const DEVICES = ['mobile', 'mobile', 'mobile', 'tablet', 'desktop'];
const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Samsung Internet', 'Edge'];
const OSES = ['iOS', 'Android', 'Windows', 'macOS', 'Linux'];
const PLACES = [
	['United States', 'New York'],
	['United States', 'San Francisco'],
	['Germany', 'Berlin'],
	['France', 'Paris'],
	['India', 'Bengaluru'],
	['Brazil', 'São Paulo'],
	['Japan', 'Tokyo'],
] as const;
const REFERRERS = [
	'',
	'',
	'https://www.instagram.com/',
	'https://t.co/',
	'https://www.google.com/',
];

export interface SeedScansOptions {
	/** First possible scan time (epoch ms), inclusive; default: 30 days before the simulator clock. */
	from?: number;
	/** Last possible scan time (epoch ms), inclusive; default: the simulator clock. */
	to?: number;
	/** PRNG seed; default 1. */
	seed?: number;
}

function insertSorted(list: ScanEvent[], scan: ScanEvent): void {
	let index = list.length;
	while (index > 0 && list[index - 1].scanTime > scan.scanTime) index -= 1;
	list.splice(index, 0, scan);
}

export function appendScan(store: Store, scan: ScanEvent): ScanEvent {
	const list = store.scans.get(scan.qrId) ?? [];
	insertSorted(list, scan);
	store.scans.set(scan.qrId, list);
	return scan;
}

/** One scan; missing fields get fixed, plausible values. */
export function addScan(
	store: Store,
	qrId: string,
	scan: Partial<Omit<ScanEvent, 'qrId'>> = {},
): ScanEvent {
	return appendScan(store, {
		qrId,
		scanTime: store.clock.now(),
		device: 'mobile',
		browser: 'Safari',
		os: 'iOS',
		country: 'United States',
		city: 'New York',
		ipAddress: '203.0.113.10',
		referrer: '',
		...scan,
	});
}

export function seedScans(
	store: Store,
	qrId: string,
	count: number,
	options: SeedScansOptions = {},
): ScanEvent[] {
	const to = options.to ?? store.clock.now();
	const from = options.from ?? to - 30 * 86_400_000;
	if (from > to) throw new RangeError('seedScans: from must not be after to');
	const random = createPrng(options.seed ?? 1);
	const created: ScanEvent[] = [];
	for (let i = 0; i < count; i++) {
		const [country, city] = pick(random, PLACES);
		created.push(
			appendScan(store, {
				qrId,
				scanTime: from + Math.floor(random() * (to - from + 1)),
				device: pick(random, DEVICES),
				browser: pick(random, BROWSERS),
				os: pick(random, OSES),
				country,
				city,
				ipAddress: `198.51.100.${1 + Math.floor(random() * 254)}`,
				referrer: pick(random, REFERRERS),
			}),
		);
	}
	return created;
}
