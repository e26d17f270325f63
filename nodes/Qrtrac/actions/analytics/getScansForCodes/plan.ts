import type { IDataObject } from 'n8n-workflow';

import { ownField, setOwnField } from '../../../../shared/plainObject';
import { breakdownValue } from '../scanValues';

/**
 * Per code (pure): number of scans, first and last scan time, and counts by country and device, in the order the
 * codes were asked for. Codes without scans show 0, so a code missing from the events is never missing here.
 */
export function scansPerCode(
	qrIds: readonly string[],
	scans: readonly IDataObject[],
): IDataObject[] {
	const perCode = new Map<
		string,
		{ scans: number; first?: number; last?: number; countries: IDataObject; devices: IDataObject }
	>();
	for (const qrId of qrIds) perCode.set(qrId, { scans: 0, countries: {}, devices: {} });
	for (const scan of scans) {
		const entry = perCode.get(String(scan.qrId));
		if (!entry) continue;
		const time = typeof scan.scanTime === 'number' ? scan.scanTime : undefined;
		entry.scans += 1;
		if (time !== undefined) {
			entry.first = entry.first === undefined ? time : Math.min(entry.first, time);
			entry.last = entry.last === undefined ? time : Math.max(entry.last, time);
		}
		increment(entry.countries, breakdownValue(scan, 'country'));
		increment(entry.devices, breakdownValue(scan, 'device'));
	}
	return [...perCode.entries()].map(([qrId, entry]) => ({
		qrId,
		scans: entry.scans,
		firstScanTime: entry.first ?? null,
		lastScanTime: entry.last ?? null,
		countries: entry.countries,
		devices: entry.devices,
	}));
}

function increment(counts: IDataObject, name: string): void {
	// A device or country named `constructor` or `__proto__` is counted like any other name.
	setOwnField(counts, name, Number(ownField(counts, name) ?? 0) + 1);
}
