/**
 * Get Report's long checks, run in the model project: the zone's days found by search against luxon's own
 * conversion over whole years, and unique-scan estimates past the exact bound over 100 sizes each.
 * The fast checks of the same parts: reportParts.unit.test.ts.
 */
import { reportItems } from '../../../../nodes/Qrtrac/actions/analytics/getReport/reportItems';
import { ScanTally } from '../../../../nodes/Qrtrac/actions/analytics/getReport/scanTally';
import { ZonedDays } from '../../../../nodes/Qrtrac/actions/analytics/getReport/zonedDays';

const NEW_YORK = 'America/New_York';

const RANGE = {
	startTime: Date.parse('2026-03-01T05:00:00Z'),
	endTime: Date.parse('2026-03-04T04:59:59.999Z'),
};

describe('ZonedDays by search', () => {
	it("finds a range's days by search as luxon does, in any order, where a day starts at 01:00 too", () => {
		for (const zone of [NEW_YORK, 'America/Santiago', 'Australia/Lord_Howe']) {
			const startTime = Date.parse('2026-01-01T00:00:00Z');
			const endTime = Date.parse('2027-01-01T00:00:00Z');
			const searched = new ZonedDays(zone, { startTime, endTime, maxDays: 400 });
			const converted = new ZonedDays(zone);
			// moments 7 h 1 min apart, then from the end backwards: every hour of the day, out of order
			const moments: number[] = [];
			for (let ms = startTime; ms <= endTime; ms += 25_260_000)
				moments.push(ms, endTime - (ms - startTime));
			const misses = moments.filter((ms) => searched.dayOf(ms) !== converted.dayOf(ms));
			expect(misses).toEqual([]);
			expect(searched.dayOf(endTime + 5 * 86_400_000)).toBe(
				converted.dayOf(endTime + 5 * 86_400_000),
			);
		}
	});
});

describe('unique scans past the exact bound', () => {
	/** A code whose every scan comes from another address: as many visitors as scans, past the exact bound. */
	function everyScanNew(scans: number, byDay: boolean, acrossCodes: boolean) {
		const days = new ZonedDays('UTC');
		const tally = new ScanTally(
			{
				qrIds: ['qr_a'],
				range: RANGE,
				breakdowns: [],
				visitorKey: 'ip',
				byDay,
				acrossCodes,
			},
			days,
		);
		for (let index = 0; index < scans; index++)
			tally.add({
				qrId: 'qr_a',
				scanTime: RANGE.startTime + (index % 1_000),
				ipAddress: `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`,
			});
		return { tally, days };
	}

	it('never estimates more visitors than scans with an address, nor fewer than were counted exactly', () => {
		// 5,001 to 5,100 scans from as many addresses, plus 50 without one: the sketch's estimate lands above the
		// addresses for some of them, and the 50 scans without an address must not make room for it
		let overshoots = 0;
		for (let addresses = 5_001; addresses <= 5_100; addresses++) {
			const { tally, days } = everyScanNew(addresses, false, false);
			for (let index = 0; index < 50; index++)
				tally.add({ qrId: 'qr_a', scanTime: RANGE.startTime + index });
			const [code] = tally.codes.values();
			if (code.total.visitors.count() > addresses) overshoots++;
			const [row] = reportItems(tally, {
				layout: 'perCode',
				range: RANGE,
				days,
				topN: 10,
				names: () => ({}),
			});
			expect(row.uniqueScansNote).toMatch(/^Estimated.*50 of the/);
			expect([addresses, (row.uniqueScans as number) <= addresses]).toEqual([addresses, true]);
			expect([addresses, (row.uniqueScans as number) > 5_000]).toEqual([addresses, true]);
		}
		// the data is chosen so that the upper bound is needed
		expect(overshoots).toBeGreaterThan(0);
	});

	it("keeps a day's estimate above the day's exact bound it went past", () => {
		// 1,001 to 1,100 scans of one day from as many addresses: the day's sketch alone lands at or below 1,000
		// for some of them. One of the addresses again the next day, so that the day no longer holds all of its
		// code's scans and is estimated on its own, not given the code's count
		let shortcuts = 0;
		for (let scans = 1_001; scans <= 1_100; scans++) {
			const { tally, days } = everyScanNew(scans, true, false);
			tally.add({ qrId: 'qr_a', scanTime: RANGE.startTime + 86_400_000, ipAddress: '10.0.0.0' });
			const rows = reportItems(tally, {
				layout: 'perCodeAndDay',
				range: RANGE,
				days,
				topN: 10,
				names: () => ({}),
			});
			const day = rows.find((row) => row.scans === scans) as {
				uniqueScans: number;
				uniqueScansNote?: string;
			};
			if (!/^Estimated/.test(day.uniqueScansNote ?? '')) shortcuts++;
			expect([scans, day.uniqueScans > 1_000 && day.uniqueScans <= scans]).toEqual([scans, true]);
		}
		expect(shortcuts).toBe(0);
	});
});
