import { createHash } from 'crypto';

import { pruneSeen, raiseFloor, type ChangeCursor, type CursorLimits } from './changeCursor';

/**
 * Which scan events a poll of the bulk analytics endpoint reports, and where the next poll starts.
 *
 * Same window rule as the change cursor (see changeCursor.ts), in the service's time: the next query covers
 * `[floor, ...]` with `floor = highWater - overlap`, where `highWater` is the largest `scanTime` returned, so scans
 * that reach the service late (or are stamped by a clock a few seconds behind) are still found.
 * Scan events have no id, so `seen` counts fingerprints (code + every field but the time) per `scanTime`, as a
 * multiset: two identical scans in one millisecond are two events. A poll that returns a fingerprint `n` times
 * where `m` were seen reports `n - m` new ones (none when `n <= m`) and remembers `max(n, m)`.
 */

/** One scan event as the service returns it. */
export interface ScanRecord {
	qrId: string;
	scanTime: number;
	[field: string]: unknown;
}

/** Whether a scan has a code id and a usable `scanTime`. */
export function isScanRecord<T>(record: T): record is T & ScanRecord {
	const candidate = record as Partial<ScanRecord> | null;
	return (
		typeof candidate === 'object' &&
		candidate !== null &&
		typeof candidate.qrId === 'string' &&
		typeof candidate.scanTime === 'number' &&
		Number.isFinite(candidate.scanTime)
	);
}

/** Code id plus a short digest of every other field but the time; stable whatever the key order. */
export function scanFingerprint(scan: ScanRecord): string {
	const rest = Object.keys(scan)
		.filter((key) => key !== 'qrId' && key !== 'scanTime')
		.sort()
		.map((key) => [key, scan[key]]);
	const digest = createHash('sha256').update(JSON.stringify(rest)).digest('base64url').slice(0, 12);
	return `${scan.qrId} ${digest}`;
}

/** Applies one successful poll's scans: the new ones, oldest first, and the cursor to store. Pure. */
export function advanceScanCursor<T extends ScanRecord>(
	cursor: ChangeCursor,
	scans: readonly T[],
	limits: CursorLimits,
): { scans: T[]; cursor: ChangeCursor } {
	const seen: Record<string, string[]> = {};
	for (const [time, tags] of Object.entries(cursor.seen)) seen[time] = [...tags];
	const returned = new Map<string, T[]>();
	let highWater = cursor.highWater;
	const ordered = [...scans].filter(isScanRecord).sort((a, b) => a.scanTime - b.scanTime);
	for (const scan of ordered) {
		if (scan.scanTime < cursor.floor) continue;
		highWater = highWater === undefined ? scan.scanTime : Math.max(highWater, scan.scanTime);
		const key = `${scan.scanTime} ${scanFingerprint(scan)}`;
		returned.set(key, [...(returned.get(key) ?? []), scan]);
	}
	const fresh: T[] = [];
	for (const [key, copies] of returned) {
		const separator = key.indexOf(' ');
		const time = key.slice(0, separator);
		const fingerprint = key.slice(separator + 1);
		const group = (seen[time] ??= []);
		const alreadySeen = group.filter((tag) => tag === fingerprint).length;
		for (const scan of copies.slice(alreadySeen)) {
			group.push(fingerprint);
			fresh.push(scan);
		}
	}
	fresh.sort((a, b) => a.scanTime - b.scanTime);
	const floor = raiseFloor(cursor.floor, highWater, limits.overlapMs);
	return { scans: fresh, cursor: pruneSeen({ floor, highWater, seen }, limits.maxSeen) };
}
