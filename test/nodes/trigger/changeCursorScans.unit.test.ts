import {
	queryFromTime,
	startCursor,
	type ChangeCursor,
} from '../../../nodes/QrtracTrigger/changeCursor';
import {
	advanceScanCursor,
	scanFingerprint,
	scanWindowEnd,
	type ScanRecord,
} from '../../../nodes/QrtracTrigger/scanCursor';

const limits = { overlapMs: 1_000, maxSeen: 1_000 };

function scan(qrId: string, scanTime: number, city = 'Berlin'): ScanRecord {
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

describe('scan cursor', () => {
	it('fingerprints by code and content, not by key order or time', () => {
		const a = scan('qr_1', 10);
		const reordered = Object.fromEntries(Object.entries(a).reverse()) as ScanRecord;
		expect(scanFingerprint(reordered)).toBe(scanFingerprint(a));
		expect(scanFingerprint({ ...a, scanTime: 99 })).toBe(scanFingerprint(a));
		expect(scanFingerprint(scan('qr_1', 10, 'Paris'))).not.toBe(scanFingerprint(a));
		expect(scanFingerprint(scan('qr_2', 10))).not.toBe(scanFingerprint(a));
	});

	it("keeps nothing in the cursor from which a scan's IP address could be read back", () => {
		// the seen tags live in the workflow's static data, unkeyed: a digest over the address would let anyone who
		// reads it try every IPv4 address against the scan's other fields (in the output) and find the one scanned
		for (const field of ['ipAddress', 'ip', 'ip_address', 'clientIp', 'client_ip', 'IPAddress']) {
			const scanned: ScanRecord = { ...scan('qr_1', 5_000), [field]: '203.0.113.77' };
			if (field !== 'ipAddress') delete scanned.ipAddress;
			const { cursor } = advanceScanCursor(startCursor(4_000), [scanned], limits);
			const [stored] = cursor.seen['5000'];
			const recovered = Array.from({ length: 256 }, (_, last) => `203.0.113.${last}`).filter(
				(candidate) => scanFingerprint({ ...scanned, [field]: candidate }) === stored,
			);
			expect(recovered).toHaveLength(256);
		}
	});

	it('reports a scan once across a cursor stored with the digest of an older version', () => {
		// tags stored before the address was left out of the digest differ from today's: they pair one for one
		const stored: ChangeCursor = {
			floor: 4_000,
			highWater: 5_000,
			seen: { '5000': ['qr_1 AAAAAAAAAAAA'] },
		};
		const again = advanceScanCursor(stored, [scan('qr_1', 5_000)], limits);
		expect(again.scans).toEqual([]);
		expect(again.cursor.seen['5000']).toEqual([scanFingerprint(scan('qr_1', 5_000))]);
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

	it('reports every scan of a seeded stream exactly once across polls, overlaps and restarts', () => {
		const all: ScanRecord[] = [];
		let cursor: ChangeCursor = startCursor(0);
		const reported: string[] = [];
		let time = 1_000;
		for (let step = 0; step < 300; step++) {
			for (let i = 0; i < (step % 4) + 1; i++)
				all.push(
					scan(`qr_${i % 3}`, step % 6 === 0 ? time - 300 : time, i % 2 ? 'Paris' : 'Berlin'),
				);
			time += step % 3;
			const startTime = queryFromTime(cursor);
			const result = advanceScanCursor(
				cursor,
				all.filter((event) => event.scanTime >= startTime),
				limits,
			);
			reported.push(...result.scans.map((event) => `${event.scanTime} ${scanFingerprint(event)}`));
			cursor = JSON.parse(JSON.stringify(result.cursor)) as ChangeCursor;
		}
		expect(reported.sort()).toEqual(
			all.map((event) => `${event.scanTime} ${scanFingerprint(event)}`).sort(),
		);
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
