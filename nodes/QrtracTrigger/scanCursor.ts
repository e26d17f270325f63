import { createHash, createHmac } from 'crypto';

import {
	capHighWater,
	pruneSeen,
	raiseFloor,
	type ChangeCursor,
	type CursorLimits,
} from './changeCursor';

/**
 * Which scan events a poll reports, and where the next poll starts: the change cursor's window rule on
 * `scanTime`. Scans have no id: identity is code + `scanTime`, and `seen` keeps a `qrId digest-of-content` tag
 * per scan, matched as a multiset (same content first, then one for one, since a geo lookup may fill fields in
 * later). So two identical scans in one millisecond are two events, and a scan filled in later is one. Tags
 * stored by a version before the digest was keyed (0.1.0: unkeyed, over the IP address too) are matched by that
 * digest, recomputed, before any pairing one for one.
 */

/** What a poll applies its scans with: the window's limits and the key of the tags (`scanFingerprint`). */
export type ScanCursorLimits = CursorLimits & { tagKey: Buffer; readUpTo?: number };

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

const DIGEST_LENGTH = 12;

/**
 * Code id plus a short digest of every other field but the time, the IP address too (so that scans differing in
 * it alone are told apart); stable whatever the key order. Keyed (`tagKey`, not in static data): an unkeyed
 * digest over the address would let anyone reading static data find it by trying every IPv4 address.
 */
export function scanFingerprint(scan: ScanRecord, tagKey: Buffer): string {
	const rest = Object.keys(scan)
		.filter((key) => key !== 'qrId' && key !== 'scanTime')
		.sort()
		.map((key) => [key, scan[key]]);
	const digest = createHmac('sha256', tagKey)
		.update(`qrtrac scan tag\u0000${JSON.stringify(rest)}`)
		.digest('base64url')
		.slice(0, DIGEST_LENGTH);
	return `${scan.qrId} ${digest}`;
}

/** The tag 0.1.0 stored (an unkeyed digest of the same fields): a cursor it saved is matched by it exactly. */
function legacyScanTag(scan: ScanRecord): string {
	const rest = Object.keys(scan)
		.filter((key) => key !== 'qrId' && key !== 'scanTime')
		.sort()
		.map((key) => [key, scan[key]]);
	const digest = createHash('sha256')
		.update(JSON.stringify(rest))
		.digest('base64url')
		.slice(0, DIGEST_LENGTH);
	return `${scan.qrId} ${digest}`;
}

/**
 * Where a poll stops reading scans: at `window.end` (past the service's present, with a margin), unless the cursor's
 * floor lies more than `maxSpanMs` before the present; then at the floor plus `maxSpanMs` (catching up), which is
 * in the service's past, so the floor that follows stays below the present less the overlap.
 */
export function scanWindowEnd(
	floor: number,
	window: { presentMs: number; end: number },
	maxSpanMs: number,
): { endTime: number; catchingUp: boolean } {
	const bounded = floor + maxSpanMs;
	return bounded < window.presentMs
		? { endTime: bounded, catchingUp: true }
		: { endTime: window.end, catchingUp: false };
}

/**
 * Applies one successful poll's scans: the new ones, oldest first, and the cursor to store. Pure. `readUpTo`: a
 * catching-up poll read every scan up to that time, so the cursor moves there even when it found none.
 */
export function advanceScanCursor<T extends ScanRecord>(
	cursor: ChangeCursor,
	scans: readonly T[],
	limits: ScanCursorLimits,
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
		fresh.push(...matchIdentity(group, copies, limits.tagKey));
	}
	fresh.sort((a, b) => a.scanTime - b.scanTime);
	if (limits.readUpTo !== undefined)
		highWater = Math.max(highWater ?? limits.readUpTo, limits.readUpTo);
	highWater = capHighWater(cursor.highWater, highWater, limits.ceiling);
	const floor = raiseFloor(cursor.floor, highWater, limits.overlapMs);
	return { scans: fresh, cursor: pruneSeen({ floor, highWater, seen }, limits.maxSeen) };
}

/**
 * Matches the scans of one identity (code + time) returned now against the tags seen in that millisecond
 * (`group`, updated in place): same content first (today's tag, then 0.1.0's, which a matched tag replaces), then
 * one for one. Returns the scans left over: the new ones.
 */
function matchIdentity<T extends ScanRecord>(
	group: string[],
	copies: readonly T[],
	tagKey: Buffer,
): T[] {
	const qrId = copies[0].qrId;
	// the whole tag's length too: a code id may hold a space, and "a" must not take the tags of code "a b"
	const unmatchedTags = group
		.map((tag, index) => ({ tag, index }))
		.filter(
			({ tag }) => tag.length === qrId.length + 1 + DIGEST_LENGTH && tag.startsWith(`${qrId} `),
		);
	let unmatched: Array<{ scan: T; tag: string }> = [];
	for (const scan of copies) {
		const tag = scanFingerprint(scan, tagKey);
		const same = unmatchedTags.findIndex((entry) => entry.tag === tag);
		if (same >= 0) unmatchedTags.splice(same, 1);
		else unmatched.push({ scan, tag });
	}
	// only then a stored tag of 0.1.0: a scan whose own tag is stored must not take another one's older tag
	unmatched = unmatched.filter(({ scan, tag }) => {
		const legacy = legacyScanTag(scan);
		const same = unmatchedTags.findIndex((entry) => entry.tag === legacy);
		if (same < 0) return true;
		group[unmatchedTags[same].index] = tag;
		unmatchedTags.splice(same, 1);
		return false;
	});
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
