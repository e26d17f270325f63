import { createHash } from 'crypto';

import {
	capHighWater,
	pruneSeen,
	raiseFloor,
	type ChangeCursor,
	type CursorLimits,
} from './changeCursor';

/**
 * Which scan events a poll of the bulk analytics endpoint reports, and where the next poll starts.
 *
 * Same window rule as the change cursor (see changeCursor.ts), in the service's time: the next query covers
 * `[floor, ...]` with `floor = highWater - overlap`, where `highWater` is the largest `scanTime` returned (never
 * past the ceiling), so scans that reach the service late (or are stamped by a clock a few seconds behind) are
 * still found.
 * Scan events have no id. A scan's identity is its code and its `scanTime`; the other fields are its content,
 * which a service may fill in later (a geo lookup). `seen` keeps one tag per scan, `qrId digest-of-content`, per
 * `scanTime`, and a poll matches the scans it returns against them per identity, as a multiset: first those
 * with the same content, then the rest one for one (the content was filled in; the tag takes the new digest).
 * Scans left over are new. So two identical scans in one millisecond are two events, and a scan whose fields
 * were filled in later is one.
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
		const identity = `${scan.scanTime} ${scan.qrId}`;
		returned.set(identity, [...(returned.get(identity) ?? []), scan]);
	}
	const fresh: T[] = [];
	for (const copies of returned.values()) {
		const group = (seen[String(copies[0].scanTime)] ??= []);
		fresh.push(...matchIdentity(group, copies));
	}
	fresh.sort((a, b) => a.scanTime - b.scanTime);
	highWater = capHighWater(cursor.highWater, highWater, limits.ceiling);
	const floor = raiseFloor(cursor.floor, highWater, limits.overlapMs);
	return { scans: fresh, cursor: pruneSeen({ floor, highWater, seen }, limits.maxSeen) };
}

/**
 * Matches the scans of one identity (code + time) returned now against the tags seen in that millisecond
 * (`group`, updated in place): same content first, then one for one. Returns the scans left over: the new ones.
 */
function matchIdentity<T extends ScanRecord>(group: string[], copies: readonly T[]): T[] {
	const qrId = copies[0].qrId;
	const unmatchedTags = group
		.map((tag, index) => ({ tag, index }))
		.filter(({ tag }) => tag.startsWith(`${qrId} `));
	const unmatched: Array<{ scan: T; tag: string }> = [];
	for (const scan of copies) {
		const tag = scanFingerprint(scan);
		const same = unmatchedTags.findIndex((entry) => entry.tag === tag);
		if (same >= 0) unmatchedTags.splice(same, 1);
		else unmatched.push({ scan, tag });
	}
	const fresh: T[] = [];
	for (const { scan, tag } of unmatched) {
		const filledIn = unmatchedTags.shift();
		if (filledIn) group[filledIn.index] = tag;
		else {
			group.push(tag);
			fresh.push(scan);
		}
	}
	return fresh;
}
