import type { ScanEvent } from '../model';
import type { Store } from '../store';
import { generateScanTraffic, type ScanTrafficOptions } from './scanTraffic';

/** What seeded scans look like (scanTraffic.ts); the range defaults to the 30 days up to the simulator clock. */
export interface SeedScansOptions extends Partial<ScanTrafficOptions> {
	/** First possible scan time (epoch ms), inclusive; default: 30 days before the simulator clock. */
	from?: number;
	/** Last possible scan time (epoch ms), inclusive; default: the simulator clock. */
	to?: number;
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

/** Events sorted by scanTime join the code's list in one merge (one insert at a time is quadratic). */
export function appendScans(store: Store, qrId: string, sorted: readonly ScanEvent[]): void {
	const held = store.scans.get(qrId) ?? [];
	const merged: ScanEvent[] = new Array(held.length + sorted.length);
	let i = 0;
	let j = 0;
	for (let k = 0; k < merged.length; k++)
		merged[k] =
			j >= sorted.length || (i < held.length && held[i].scanTime <= sorted[j].scanTime)
				? held[i++]
				: sorted[j++];
	store.scans.set(qrId, merged);
}

/** `count` realistic scans of one code (see scanTraffic.ts), deterministic per seed. */
export function seedScans(
	store: Store,
	qrId: string,
	count: number,
	options: SeedScansOptions = {},
): ScanEvent[] {
	const to = options.to ?? store.clock.now();
	const from = options.from ?? to - 30 * 86_400_000;
	if (from > to) throw new RangeError('seedScans: from must not be after to');
	const created = generateScanTraffic(qrId, count, { ...options, from, to });
	appendScans(store, qrId, created);
	return created;
}
