/**
 * @jest-environment ./test/support/newYorkEnvironment.js
 *
 * The pure rules behind "the trigger never stalls and never skips": event times read by unit, the ceiling on
 * the cursor, the capped-answer test, scans told apart by identity, one poll at a time per trigger. The file runs
 * in America/New_York, so that text without a zone read in local time would show.
 */
import { toEpochMs } from '../../../nodes/shared/api/answers';
import { EARLIEST_EVENT_MS, readEventTime } from '../../../nodes/shared/api/eventTime';
import {
	advanceCursor,
	CEILING_MARGIN_MS,
	looksCapped,
	queryFromTime,
	startCursor,
	type VersionedRecord,
} from '../../../nodes/QrtracTrigger/changeCursor';
import { runAlone, POLL_LEASE_MS } from '../../../nodes/QrtracTrigger/pollGuard';
import { advanceScanCursor, type ScanRecord } from '../../../nodes/QrtracTrigger/scanCursor';

const PRESENT = Date.UTC(2026, 10, 24, 12, 0, 0);
const limits = { overlapMs: 15_000, maxSeen: 10_000, tagKey: Buffer.from('tag key') };

describe('readEventTime', () => {
	it('reads seconds, milliseconds, microseconds and nanoseconds as the same instant', () => {
		const ms = PRESENT - 1_234;
		expect(
			[ms / 1000, ms, ms * 1000, ms * 1_000_000].map((value) => readEventTime(value, PRESENT)),
		).toEqual([ms, ms, ms, ms]);
	});

	it('refuses times before 2000, more than a day after the present, and non-numbers', () => {
		expect(readEventTime(EARLIEST_EVENT_MS - 1, PRESENT)).toBeUndefined();
		expect(readEventTime(12_345, PRESENT)).toBeUndefined();
		expect(readEventTime(PRESENT + 86_400_001, PRESENT)).toBeUndefined();
		expect(readEventTime('1732449600000', PRESENT)).toBeUndefined();
		expect(readEventTime(Number.NaN, PRESENT)).toBeUndefined();
		expect(readEventTime(PRESENT + 3_600_000, PRESENT)).toBe(PRESENT + 3_600_000);
	});

	it('reads ISO text without a zone as UTC, whatever the zone n8n runs in', () => {
		expect(new Date(PRESENT).getTimezoneOffset()).toBe(300);
		expect(toEpochMs('2026-11-24T12:00:00.000')).toBe(PRESENT);
		expect(toEpochMs('2026-11-24T12:00:00.000Z')).toBe(PRESENT);
		expect(toEpochMs('2026-11-24T13:00:00+01:00')).toBe(PRESENT);
	});
});

describe('the cursor ceiling', () => {
	it('reports a record stamped in the future but keeps the floor at the present', () => {
		const future: VersionedRecord = { id: 'ahead', updatedAt: PRESENT + 3_600_000 };
		const { changes, cursor } = advanceCursor(startCursor(PRESENT - 60_000), [future], {
			...limits,
			ceiling: PRESENT + CEILING_MARGIN_MS,
		});

		expect(changes.map((change) => change.record.id)).toEqual(['ahead']);
		expect(cursor.highWater).toBe(PRESENT + CEILING_MARGIN_MS);
		expect(cursor.floor).toBeLessThanOrEqual(PRESENT);

		const later: VersionedRecord = { id: 'now', updatedAt: PRESENT + 500 };
		const next = advanceCursor(cursor, [future, later], {
			...limits,
			ceiling: PRESENT + 2_000 + CEILING_MARGIN_MS,
		});
		expect(next.changes.map((change) => change.record.id)).toEqual(['now']);
		expect(queryFromTime(next.cursor)).toBeLessThan(PRESENT + 500);
	});
});

describe('looksCapped', () => {
	it('suspects multiples of ten and powers of two from 10 on, nothing else', () => {
		expect([10, 20, 50, 100, 500, 1000, 16, 64, 256].map(looksCapped)).toEqual(Array(9).fill(true));
		expect([0, 1, 2, 8, 9, 13, 37, 99, 101].map(looksCapped)).toEqual(Array(9).fill(false));
	});
});

describe('scan identity', () => {
	const scan = (fields: Partial<ScanRecord> = {}): ScanRecord => ({
		qrId: 'qr_1',
		scanTime: PRESENT - 1_000,
		ipAddress: '203.0.113.9',
		country: null,
		city: null,
		...fields,
	});

	it('reports a scan whose fields the service filled in later once', () => {
		const first = advanceScanCursor(startCursor(PRESENT - 60_000), [scan()], limits);
		const filled = scan({ country: 'France', city: 'Paris' });
		const second = advanceScanCursor(first.cursor, [filled], limits);
		const third = advanceScanCursor(second.cursor, [filled], limits);

		expect([first.scans.length, second.scans.length, third.scans.length]).toEqual([1, 0, 0]);
	});

	it('still counts two scans of one code in one millisecond as two, one of them filled in later', () => {
		const first = advanceScanCursor(startCursor(PRESENT - 60_000), [scan()], limits);
		const second = advanceScanCursor(
			first.cursor,
			[scan({ city: 'Paris' }), scan({ ipAddress: '198.51.100.7' })],
			limits,
		);

		expect(second.scans).toHaveLength(1);
	});
});

describe('runAlone', () => {
	it('skips a poll while another of the same trigger runs, and runs it once that one ended', async () => {
		let release: () => void = () => undefined;
		const first = runAlone(
			'wf node',
			1_000,
			() => new Promise<string>((done) => (release = () => done('first'))),
		);
		const second = await runAlone('wf node', 2_000, async () => 'second');
		const other = await runAlone('wf other-node', 2_000, async () => 'other');
		release();

		expect(second).toEqual({ ran: false, heldSinceMs: 1_000 });
		expect(other).toEqual({ ran: true, result: 'other' });
		expect(await first).toEqual({ ran: true, result: 'first' });
		expect(await runAlone('wf node', 3_000, async () => 'third')).toEqual({
			ran: true,
			result: 'third',
		});
	});

	it('lets a poll run once a poll that never ended has held the trigger for the lease', async () => {
		void runAlone('stuck', 0, () => new Promise<never>(() => undefined));

		expect(await runAlone('stuck', POLL_LEASE_MS - 1, async () => 'early')).toMatchObject({
			ran: false,
		});
		expect(await runAlone('stuck', POLL_LEASE_MS, async () => 'late')).toEqual({
			ran: true,
			result: 'late',
		});
	});

	it('lets only the first of two overlapping polls save: a slow poll the lease passed over cannot report twice', async () => {
		let releaseSlow: () => void = () => undefined;
		const slow = runAlone(
			'slow',
			0,
			async (claim) => await new Promise<boolean>((done) => (releaseSlow = () => done(claim()))),
		);
		// the lease has passed: a later poll runs beside the slow one, from the same stored cursor
		const later = await runAlone('slow', POLL_LEASE_MS, async (claim) => claim());
		releaseSlow();

		expect(later).toEqual({ ran: true, result: true });
		expect(await slow).toEqual({ ran: true, result: false });
		expect(await runAlone('slow', POLL_LEASE_MS + 1, async (claim) => claim())).toEqual({
			ran: true,
			result: true,
		});
	});

	it('lets the slow poll save when it claims first, and not the later one', async () => {
		let releaseLater: () => void = () => undefined;
		let claimSlow: () => boolean = () => false;
		const slow = runAlone('slow first', 0, async (claim) => {
			claimSlow = claim;
			return await new Promise<void>((done) => setImmediate(done));
		});
		const later = runAlone(
			'slow first',
			POLL_LEASE_MS,
			async (claim) => await new Promise<boolean>((done) => (releaseLater = () => done(claim()))),
		);
		expect(claimSlow()).toBe(true);
		releaseLater();

		expect(await later).toEqual({ ran: true, result: false });
		await slow;
	});
});
