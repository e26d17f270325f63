import { createClock } from '../clock';
import { countsOf, shareOut } from '../scanVolume';
import { SimulatorState } from '../state';

const NOW = Date.UTC(2027, 2, 5, 12);
const DAY = 86_400_000;

function newState() {
	const clock = createClock();
	clock.set(NOW);
	const state = new SimulatorState(clock, {
		publicUrl: 'http://127.0.0.1:1',
		quota: 10,
		fromTimeInclusive: false,
		resendLimit: 3,
		platformDomain: 'q.qrtrac.com',
		putSemantics: 'merge',
	});
	const { team } = state.createOrganization('Org', { name: 'O', email: 'o@example.com' });
	return { state, teamId: team.id };
}

describe('scan volume: many codes with realistic scans', () => {
	test('shareOut gives whole numbers that add up to the total exactly', () => {
		expect(shareOut(10, [1, 1, 1])).toEqual([4, 3, 3]);
		expect(shareOut(0, [1, 2])).toEqual([0, 0]);
		const counts = shareOut(1_000_003, [0.3, 1.7, 0.9, 1.1, 0.25]);
		expect(counts.reduce((a, b) => a + b, 0)).toBe(1_000_003);
		expect(counts.every(Number.isInteger)).toBe(true);
	});

	test('counts: equal per code, or a total shared out unevenly and repeatably', () => {
		expect(countsOf({ codes: 3, scansPerCode: 7 })).toEqual([7, 7, 7]);
		const spread = countsOf({ codes: 1_000, totalScans: 1_000_000, seed: 3 });
		expect(spread.reduce((a, b) => a + b, 0)).toBe(1_000_000);
		expect(Math.max(...spread)).toBeGreaterThan(3 * Math.min(...spread));
		expect(countsOf({ codes: 1_000, totalScans: 1_000_000, seed: 3 })).toEqual(spread);
		expect(() => countsOf({ codes: 2 })).toThrow(/either/);
		expect(() => countsOf({ codes: 2, scansPerCode: 1, totalScans: 2 })).toThrow(/either/);
		expect(() => countsOf({ codes: 0, scansPerCode: 1 })).toThrow(/codes/);
		expect(() => countsOf({ codes: 10, scansPerCode: 1_000_000 })).toThrow(/at most/);
	});

	test('seeds the codes and their scans in the range, raising a quota too small for them', () => {
		const { state, teamId } = newState();
		const seeded = state.seedScanVolume(teamId, { codes: 25, scansPerCode: 400, days: 7, seed: 5 });
		expect(seeded).toMatchObject({ totalScans: 10_000, from: NOW - 7 * DAY, to: NOW });
		expect(seeded.qrIds).toHaveLength(25);
		expect(state.quotaOf(teamId)).toBe(25);
		const codes = state.listQrs(teamId);
		expect(codes.map((code) => code.name)).toEqual(
			Array.from({ length: 25 }, (_, index) => `Campaign poster ${index + 1}`),
		);
		for (const qrId of seeded.qrIds) {
			const scans = state.scans.get(qrId)!;
			expect(scans).toHaveLength(400);
			expect(scans.every((scan) => scan.scanTime >= seeded.from && scan.scanTime <= NOW)).toBe(
				true,
			);
			const ips = new Set(scans.filter((scan) => scan.ipAddress).map((scan) => scan.ipAddress));
			expect(ips.size).toBeLessThan(scans.length);
		}
		// the codes' streams differ from one another, and the same seed repeats them
		const [first, second] = seeded.qrIds.map((qrId) => state.scans.get(qrId)!);
		expect(first.map((scan) => scan.scanTime)).not.toEqual(second.map((scan) => scan.scanTime));
		const again = newState();
		const repeated = again.state.seedScanVolume(again.teamId, {
			codes: 25,
			scansPerCode: 400,
			days: 7,
			seed: 5,
		});
		const strip = (qrId: string, scans: Array<{ qrId: string }>) =>
			scans.map((scan) => ({ ...scan, qrId: scan.qrId === qrId ? 'same' : scan.qrId }));
		expect(strip(repeated.qrIds[3], again.state.scans.get(repeated.qrIds[3])!)).toEqual(
			strip(seeded.qrIds[3], state.scans.get(seeded.qrIds[3])!),
		);
	});

	test('seeded scans join scans already held in time order', () => {
		const { state, teamId } = newState();
		const qr = state.createQr(teamId, { qrType: 'WEB', qrRedirectUrl: 'https://example.com/' });
		state.addScan(qr.id, { scanTime: NOW - DAY });
		state.addScan(qr.id, { scanTime: NOW - 20 * DAY });
		state.seedScans(qr.id, 300, { seed: 2 });
		const times = state.scans.get(qr.id)!.map((scan) => scan.scanTime);
		expect(times).toHaveLength(302);
		expect(times).toEqual([...times].sort((a, b) => a - b));
		expect(times).toEqual(expect.arrayContaining([NOW - DAY, NOW - 20 * DAY]));
	});

	test('100,000 scans over 100 codes are made in seconds, not minutes', () => {
		const { state, teamId } = newState();
		const started = Date.now();
		const seeded = state.seedScanVolume(teamId, { codes: 100, totalScans: 100_000 });
		const seconds = (Date.now() - started) / 1000;
		expect(seeded.totalScans).toBe(100_000);
		let held = 0;
		for (const qrId of seeded.qrIds) held += state.scans.get(qrId)!.length;
		expect(held).toBe(100_000);
		expect(seconds).toBeLessThan(20);
	});
});
