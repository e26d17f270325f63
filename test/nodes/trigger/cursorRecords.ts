/** Records the change cursor's and the scan cursor's tests share (their unit and model tests). */
import type { VersionedRecord } from '../../../nodes/QrtracTrigger/changeCursor';
import type { ScanRecord } from '../../../nodes/QrtracTrigger/scanCursor';

export const TAG_KEY = Buffer.from('key of the tags, not in static data');
export const scanLimits = { overlapMs: 1_000, maxSeen: 1_000, tagKey: TAG_KEY };

/** A scan of a code, with every field the contract's ScanData names. */
export function scan(qrId: string, scanTime: number, city = 'Berlin'): ScanRecord {
	return {
		qrId,
		scanTime,
		device: 'mobile',
		browser: 'Safari',
		os: 'iOS',
		country: 'Germany',
		city,
		ipAddress: '203.0.113.1',
		referrer: '',
	};
}

/** A code record as the change cursor reads it. */
export function code(
	id: string,
	updatedAt: number,
	extra: Partial<VersionedRecord> & { name?: string } = {},
): VersionedRecord & { name?: string } {
	return { id, updatedAt, createdAt: updatedAt - 500, ...extra };
}

/** What a service holding `records` answers for `fromTime`, with an inclusive or exclusive boundary. */
export function answer(
	records: VersionedRecord[],
	fromTime: number,
	inclusive: boolean,
): VersionedRecord[] {
	return records.filter((record) =>
		inclusive ? record.updatedAt >= fromTime : record.updatedAt > fromTime,
	);
}
