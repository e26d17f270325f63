import { startCursor, type ChangeCursor } from '../../../nodes/QrtracTrigger/changeCursor';
import {
	advanceScanCursor,
	scanFingerprint,
	scanWindowEnd,
	type ScanRecord,
} from '../../../nodes/QrtracTrigger/scanCursor';

import { createHash } from 'crypto';
import { scanLimits as limits, scan, TAG_KEY } from './cursorRecords';

/** The tag an older version stored: an unkeyed digest, over the IP address (before 0.1.1) or without it. */
function olderTag(event: ScanRecord, withIpAddress: boolean): string {
	const rest = Object.keys(event)
		.filter((key) => key !== 'qrId' && key !== 'scanTime' && (withIpAddress || key !== 'ipAddress'))
		.sort()
		.map((key) => [key, event[key]]);
	const digest = createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
	return `${event.qrId} ${digest.slice(0, 12)}`;
}

describe('scan cursor', () => {
	it('fingerprints by code and content, not by key order or time', () => {
		const a = scan('qr_1', 10);
		const reordered = Object.fromEntries(Object.entries(a).reverse()) as ScanRecord;
		expect(scanFingerprint(reordered, TAG_KEY)).toBe(scanFingerprint(a, TAG_KEY));
		expect(scanFingerprint({ ...a, scanTime: 99 }, TAG_KEY)).toBe(scanFingerprint(a, TAG_KEY));
		expect(scanFingerprint(scan('qr_1', 10, 'Paris'), TAG_KEY)).not.toBe(
			scanFingerprint(a, TAG_KEY),
		);
		expect(scanFingerprint(scan('qr_2', 10), TAG_KEY)).not.toBe(scanFingerprint(a, TAG_KEY));
	});

	it("keeps nothing in the cursor from which a scan's IP address could be read back", () => {
		// the seen tags live in the workflow's static data: an unkeyed digest over the address would let anyone who
		// reads it try every IPv4 address against the scan's other fields (in the output) and find the one scanned
		for (const field of ['ipAddress', 'ip', 'ip_address', 'clientIp', 'client_ip', 'IPAddress']) {
			const scanned: ScanRecord = { ...scan('qr_1', 5_000), [field]: '203.0.113.77' };
			if (field !== 'ipAddress') delete scanned.ipAddress;
			const { cursor } = advanceScanCursor(startCursor(4_000), [scanned], limits);
			const [stored] = cursor.seen['5000'];
			const candidates = Array.from({ length: 256 }, (_, last) => `203.0.113.${last}`);
			const unkeyed = candidates.filter((candidate) =>
				[true, false].some(
					(withIp) => olderTag({ ...scanned, [field]: candidate }, withIp) === stored,
				),
			);
			const otherKey = candidates.filter(
				(candidate) =>
					scanFingerprint({ ...scanned, [field]: candidate }, Buffer.from('a guess')) === stored,
			);
			expect([unkeyed, otherKey]).toEqual([[], []]);
			// with the key alone the address is in the tag: what tells apart two scans differing only by it
			const withKey = candidates.filter(
				(candidate) => scanFingerprint({ ...scanned, [field]: candidate }, TAG_KEY) === stored,
			);
			expect(withKey).toEqual(['203.0.113.77']);
		}
	});

	it('reports a scan once across a cursor stored with the digest of an older version', () => {
		// tags stored before the digest was keyed (over the address, unkeyed) differ from today's: one for one
		const a = scan('qr_1', 5_000);
		const stored: ChangeCursor = {
			floor: 4_000,
			highWater: 5_000,
			seen: { '5000': [olderTag(a, true), 'qr_1 AAAAAAAAAAAA'] },
		};
		const again = advanceScanCursor(stored, [a, a], limits);
		expect(again.scans).toEqual([]);
		expect(again.cursor.seen['5000']).toEqual([
			scanFingerprint(a, TAG_KEY),
			scanFingerprint(a, TAG_KEY),
		]);
		const b = { ...a, ipAddress: '198.51.100.9' };
		const twice: ChangeCursor = {
			...stored,
			seen: { '5000': [olderTag(a, true), olderTag(a, true)] },
		};
		const added = advanceScanCursor(twice, [b, a, a], limits);
		expect(added.scans.map((event) => event.ipAddress)).toEqual(['198.51.100.9']);
		expect(advanceScanCursor(added.cursor, [b, a, a], limits).scans).toEqual([]);
	});

	it('after an upgrade from 0.1.0, reports the twin differing only by IP address, whatever the answer order', () => {
		// 0.1.0 stored an unkeyed digest over the address: recomputed, it tells which of the two was reported
		const a = scan('qr_1', 5_000);
		const b = { ...a, ipAddress: '198.51.100.9' };
		const stored: ChangeCursor = {
			floor: 4_000,
			highWater: 5_000,
			seen: { '5000': [olderTag(a, true)] },
		};
		for (const answer of [
			[b, a],
			[a, b],
		]) {
			const added = advanceScanCursor(stored, answer, limits);
			expect(added.scans.map((event) => event.ipAddress)).toEqual(['198.51.100.9']);
			expect(advanceScanCursor(added.cursor, answer, limits).scans).toEqual([]);
		}
	});

	it('reports a scan once across a cursor stored by the version whose digest left the IP address out', () => {
		// that version (never released) left the address out: its tags of two scans differing only by it are alike,
		// so which of the two it reported cannot be told; one of them is reported, once
		const a = scan('qr_1', 5_000);
		const b = { ...a, ipAddress: '198.51.100.9' };
		const stored: ChangeCursor = {
			floor: 4_000,
			highWater: 5_000,
			seen: { '5000': [olderTag(a, false)] },
		};
		const again = advanceScanCursor(stored, [a], limits);
		expect(again.scans).toEqual([]);
		expect(again.cursor.seen['5000']).toEqual([scanFingerprint(a, TAG_KEY)]);
		const added = advanceScanCursor(stored, [b, a], limits);
		expect(added.scans).toHaveLength(1);
		const after = advanceScanCursor(added.cursor, [b, a], limits);
		expect(after.scans).toEqual([]);
		expect([...after.cursor.seen['5000']].sort()).toEqual(
			[scanFingerprint(a, TAG_KEY), scanFingerprint(b, TAG_KEY)].sort(),
		);
	});

	it('reports each of two scans in one millisecond that differ only by IP address, the answer newest first', () => {
		const a: ScanRecord = scan('qr_1', 5_000);
		const b: ScanRecord = { ...a, ipAddress: '198.51.100.9' };
		const first = advanceScanCursor(startCursor(4_000), [a], limits);
		expect(first.scans.map((event) => event.ipAddress)).toEqual(['203.0.113.1']);
		const second = advanceScanCursor(first.cursor, [b, a], limits);
		expect(second.scans.map((event) => event.ipAddress)).toEqual(['198.51.100.9']);
		expect(advanceScanCursor(second.cursor, [b, a], limits).scans).toEqual([]);
	});

	it('reports the twin differing only by IP address when the first scan is filled in later', () => {
		const a: ScanRecord = { ...scan('qr_1', 5_000), country: null, city: null };
		const first = advanceScanCursor(startCursor(4_000), [a], limits);
		const filledIn: ScanRecord = { ...a, country: 'Germany', city: 'Berlin' };
		const b: ScanRecord = { ...a, ipAddress: '198.51.100.9' };
		const second = advanceScanCursor(first.cursor, [filledIn, b], limits);
		expect(second.scans.map((event) => event.ipAddress)).toEqual(['198.51.100.9']);
	});

	it('counts identical scans in one millisecond as separate events, and reports each once', () => {
		const twins = [scan('qr_1', 5_000), scan('qr_1', 5_000)];
		const first = advanceScanCursor(startCursor(4_000), twins, limits);
		expect(first.scans).toHaveLength(2);
		const second = advanceScanCursor(first.cursor, [...twins, scan('qr_1', 5_000)], limits);
		expect(second.scans).toHaveLength(1);
		const third = advanceScanCursor(second.cursor, [...twins, scan('qr_1', 5_000)], limits);
		expect(third.scans).toHaveLength(0);
	});

	it('does not lose count when a later poll returns fewer copies (an exclusive boundary)', () => {
		const first = advanceScanCursor(startCursor(0), [scan('a', 5_000), scan('a', 5_000)], limits);
		const fewer = advanceScanCursor(first.cursor, [], limits);
		const again = advanceScanCursor(fewer.cursor, [scan('a', 5_000), scan('a', 5_000)], limits);
		expect(again.scans).toHaveLength(0);
	});

	it('never takes a scan of one code for a filled-in scan of another whose id starts the same', () => {
		// code ids are plain strings in the contract: "a" and "a b" are two codes
		const first = advanceScanCursor(startCursor(0), [scan('a b', 5_000)], limits);
		const next = advanceScanCursor(
			first.cursor,
			[scan('a b', 5_000), scan('a', 5_000, 'Paris')],
			limits,
		);
		expect(next.scans.map((event) => event.qrId)).toEqual(['a']);
	});

	it('finds scans that arrive late below the high-water mark, within the overlap', () => {
		const first = advanceScanCursor(startCursor(0), [scan('a', 10_000)], limits);
		expect(first.cursor.floor).toBe(9_000);
		const late = advanceScanCursor(first.cursor, [scan('a', 10_000), scan('b', 9_100)], limits);
		expect(late.scans.map((event) => event.qrId)).toEqual(['b']);
	});
});

describe('scan window after a pause', () => {
	const DAY = 86_400_000;

	it('reads one day at a time while the floor is more than a day behind, then up to the present', () => {
		expect(scanWindowEnd(0, { presentMs: 7 * DAY, end: 7 * DAY + 3_600_000 }, DAY)).toEqual({
			endTime: DAY,
			catchingUp: true,
		});
		expect(scanWindowEnd(6.5 * DAY, { presentMs: 7 * DAY, end: 7 * DAY + 3_600_000 }, DAY)).toEqual(
			{
				endTime: 7 * DAY + 3_600_000,
				catchingUp: false,
			},
		);
	});

	it('moves the cursor to the end of a day read without scans, and reports a scan at its end once', () => {
		const cursor = startCursor(1_000);
		const empty = advanceScanCursor(cursor, [], { ...limits, readUpTo: DAY });
		expect(empty.cursor.floor).toBe(DAY - limits.overlapMs);

		const atEnd = advanceScanCursor(cursor, [scan('qr_1', DAY)], { ...limits, readUpTo: DAY });
		const again = advanceScanCursor(atEnd.cursor, [scan('qr_1', DAY)], limits);
		expect([atEnd.scans.length, again.scans.length]).toEqual([1, 0]);
	});
});
