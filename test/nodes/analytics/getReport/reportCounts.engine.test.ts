/**
 * Scan > Get Report through n8n-core against the simulator: exact counts on data seeded here (scans, unique scans
 * by IP and by IP with device, OS and browser, breakdowns with "other", first and last scan), the three layouts,
 * day boundaries and a clock change in the workflow's zone (n8n's default, America/New_York), and bad input
 * refused before any request.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../../support/n8nHarness';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

const teams = organizations(suite, 'report.example');
const newTeamWithCodes = (codeCount: number) =>
	teams.withCodes(codeCount, { codeName: 'Campaign' });

const scan = (fields: Record<string, unknown>) => ({
	device: 'mobile',
	os: 'iOS',
	browser: 'Safari',
	country: 'United States',
	city: 'New York',
	referrer: '',
	...fields,
});

/**
 * Code A: six scans in March 1-10 (New York), two just outside; code B: two scans without an IP address; code C:
 * none. 2026-03-08 is the day New York moves its clocks forward.
 */
function seedCampaign() {
	const { codes, credentials } = newTeamWithCodes(3);
	const [a, b] = codes;
	const add = (qrId: string, iso: string, fields: Record<string, unknown>) =>
		suite.sim.state.addScan(qrId, scan({ scanTime: Date.parse(iso), ...fields }));
	add(a.id, '2026-03-01T04:30:00Z', { ipAddress: '192.0.2.99' }); // Feb 28, 23:30 in New York
	add(a.id, '2026-03-01T05:30:00Z', { ipAddress: '198.51.100.7' });
	add(a.id, '2026-03-01T18:00:00Z', { ipAddress: '198.51.100.7', referrer: 'https://t.co/' });
	add(a.id, '2026-03-05T12:00:00Z', {
		ipAddress: '198.51.100.7',
		device: 'desktop',
		os: 'Windows',
		browser: 'Chrome',
		city: 'Boston',
	});
	const berlin = {
		os: 'Android',
		browser: 'Chrome',
		country: 'Germany',
		city: 'Berlin',
		referrer: 'https://www.instagram.com/',
	};
	add(a.id, '2026-03-09T03:30:00Z', { ipAddress: '2001:DB8::1', ...berlin }); // Mar 8, 23:30 EDT
	add(a.id, '2026-03-09T04:30:00Z', { ipAddress: '2001:db8::1', ...berlin }); // Mar 9, 00:30 EDT
	add(a.id, '2026-03-10T20:00:00Z', { ipAddress: '', device: 'tablet' });
	add(a.id, '2026-03-11T04:30:00Z', { ipAddress: '192.0.2.98' }); // Mar 11, 00:30 EDT
	add(b.id, '2026-03-02T15:00:00Z', { ipAddress: undefined });
	add(b.id, '2026-03-03T15:00:00Z', { ipAddress: undefined });
	return { codes, credentials };
}

function reportParameters(qrIds: string[], extra: Record<string, unknown> = {}) {
	return {
		resource: 'analytics',
		operation: 'getReport',
		codeSelection: 'list',
		qrCodeIds: qrIds.join(', '),
		timeRange: 'custom',
		startTime: '2026-03-01',
		endTime: '2026-03-10',
		...extra,
	};
}

describe('Scan > Get Report: counts on known data', () => {
	it('gives a team without codes its Summary of zeros, with no scan request, and no item per code', async () => {
		const { credentials } = newTeamWithCodes(0);
		const parameters = {
			resource: 'analytics',
			operation: 'getReport',
			codeSelection: 'all',
			timeRange: 'custom',
			startTime: '2026-03-01',
			endTime: '2026-03-10',
		};

		const summary = await runNode({
			nodeType: 'qrtrac',
			credentials,
			parameters: { ...parameters, reportLayout: 'summary' },
		});
		const perCode = await runNode({ nodeType: 'qrtrac', credentials, parameters });

		expect(summary.error).toBeUndefined();
		expect(summary.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ codes: 0, scans: 0, uniqueScans: 0, perCode: [] }),
		]);
		expect(summary.items[0].pairedItem).toEqual({ item: 0 });
		expect([perCode.error, perCode.items]).toEqual([undefined, []]);
		expect(suite.sim.requestLog.filter((entry) => entry.path.includes('analytics'))).toEqual([]);
	});

	it('counts scans, unique scans, first and last scan and breakdowns per code', async () => {
		const { codes, credentials } = seedCampaign();
		const [a, b, c] = codes;

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters(
				codes.map((code) => code.id),
				{ breakdowns: ['country', 'city', 'referrer'], options: { topN: 2 } },
			),
			credentials,
		});

		expect(result.error).toBeUndefined();
		const rows = result.items.map((item) => item.json);
		expect(rows.map((row) => row.qrId)).toEqual([a.id, b.id, c.id]);
		expect(rows[0]).toEqual({
			qrId: a.id,
			qrName: 'Campaign 0',
			qrDisplayId: a.displayId,
			qrShortUrl: expect.stringContaining(String(a.displayId)),
			scans: 6,
			uniqueScans: 2,
			uniqueScansNote:
				'1 of the 6 scans carried no IP address (in ipAddress, ip, clientIp or a like top-level field) and is not counted as a visitor',
			firstScanAt: '2026-03-01T00:30:00.000-05:00',
			lastScanAt: '2026-03-10T16:00:00.000-04:00',
			rangeStart: '2026-03-01T00:00:00.000-05:00',
			rangeEnd: '2026-03-10T23:59:59.999-04:00',
			byCountry: [
				{ value: 'United States', scans: 4 },
				{ value: 'Germany', scans: 2 },
			],
			byCity: [
				{ value: 'New York', scans: 3 },
				{ value: 'Berlin', scans: 2 },
				{ value: 'other', scans: 1 },
			],
			byReferrer: [
				{ value: 'direct', scans: 3 },
				{ value: 'https://www.instagram.com/', scans: 2 },
				{ value: 'other', scans: 1 },
			],
		});
		expect(rows[1]).toMatchObject({
			qrId: b.id,
			scans: 2,
			uniqueScans: null,
			uniqueScansNote:
				'None of the 2 scans in this range carried an IP address (in ipAddress, ip, clientIp or a like top-level field), so unique scans cannot be counted',
		});
		expect(rows[2]).toMatchObject({
			qrId: c.id,
			scans: 0,
			uniqueScans: 0,
			firstScanAt: null,
			lastScanAt: null,
			byCountry: [],
		});
		expect(rows[2]).not.toHaveProperty('uniqueScansNote');
		expect(result.items.every((item) => item.pairedItem !== undefined)).toBe(true);
		suite.expectRequestsFollowContract();
	});

	it('tells visitors apart by IP address, device, OS and browser when asked', async () => {
		const { codes, credentials } = seedCampaign();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters([codes[0].id], {
				options: { uniqueVisitorKey: 'ipDeviceOsBrowser' },
			}),
			credentials,
		});

		expect(result.items.map((item) => item.json.uniqueScans)).toEqual([3]);
	});

	it("counts a forwarding list's first public entry as the visitor, IPv4 in IPv6 in hex as IPv4", async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const [code] = codes;
		// the service writes its own load balancer first; one visitor comes back on a dual-stack socket, in hex
		for (const [day, ipAddress] of [
			['02', '10.0.0.2, 203.0.113.5'],
			['03', '10.0.0.2, 198.51.100.9'],
			['04', '10.0.0.2, 192.0.2.44'],
			['04', '10.0.0.2, 198.51.100.20'],
			['05', '::ffff:cb00:7105'],
			['06', '[fd00::7]:443, 203.0.113.5'],
		])
			suite.sim.state.addScan(
				code.id,
				scan({ scanTime: Date.parse(`2026-03-${day}T15:00:00Z`), ipAddress }),
			);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters([code.id]),
			credentials,
		});

		// before: 3 (every list the load balancer's 10.0.0.2 or fd00::7, and the hex spelling one more)
		expect(result.items.map((item) => [item.json.scans, item.json.uniqueScans])).toEqual([[6, 4]]);
	});

	it("counts per code and day in the workflow's zone, days without scans included", async () => {
		const { codes, credentials } = seedCampaign();
		const [a, b] = codes;

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters([a.id, b.id], { reportLayout: 'perCodeAndDay' }),
			credentials,
		});

		const rows = result.items.map((item) => item.json);
		expect(rows).toHaveLength(20);
		const ofA = rows.filter((row) => row.qrId === a.id);
		expect(ofA.map((row) => row.date)).toEqual(
			Array.from({ length: 10 }, (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`),
		);
		expect(ofA.map((row) => [row.scans, row.uniqueScans])).toEqual([
			[2, 1],
			[0, 0],
			[0, 0],
			[0, 0],
			[1, 1],
			[0, 0],
			[0, 0],
			[1, 1],
			[1, 1],
			[1, null],
		]);
		expect(ofA[0]).toMatchObject({ qrName: 'Campaign 0', qrDisplayId: a.displayId });
		// whole days from Start to End: none of them is cut
		expect(rows.every((row) => row.partialDay === false)).toBe(true);
		expect(rows.filter((row) => row.qrId === b.id).map((row) => row.scans)).toEqual([
			0, 1, 1, 0, 0, 0, 0, 0, 0, 0,
		]);
	});

	it('marks the first and last day as partial when the range starts and ends within them', async () => {
		const { codes, credentials } = seedCampaign();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters([codes[0].id], {
				reportLayout: 'perCodeAndDay',
				startTime: '2026-03-01T12:00:00',
				endTime: '2026-03-04T08:00:00',
			}),
			credentials,
		});

		expect(result.items.map((item) => [item.json.date, item.json.partialDay])).toEqual([
			['2026-03-01', true],
			['2026-03-02', false],
			['2026-03-03', false],
			['2026-03-04', true],
		]);
	});

	it('gives no row for a day after the run, and marks the last day partial, when End lies ahead', async () => {
		const { codes, credentials } = seedCampaign();
		const zone = 'America/New_York';
		const before = DateTime.now().setZone(zone);
		const yesterday = before.minus({ days: 1 }).toISODate() as string;

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters([codes[0].id], {
				reportLayout: 'perCodeAndDay',
				startTime: yesterday,
				endTime: DateTime.now().setZone(zone).plus({ days: 3 }).toISODate(),
			}),
			credentials,
		});

		// rows reach the run's day: the day the test began, or the next when midnight passed during the run
		const runDays = [before.toISODate(), DateTime.now().setZone(zone).toISODate()];
		const rows = result.items.map((item) => [item.json.date, item.json.partialDay]);
		expect(rows[0]).toEqual([yesterday, false]);
		expect(runDays).toContain(rows[rows.length - 1][0]);
		expect(rows[rows.length - 1][1]).toBe(true);
		expect(rows.length).toBeLessThanOrEqual(3);
	});

	it('offers Compare With Totals only where a row per code can show it (not Per Code and Day)', async () => {
		const { codes, credentials } = seedCampaign();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters([codes[0].id], {
				reportLayout: 'perCodeAndDay',
				options: { compareWithTotals: true },
			}),
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.scans)).toEqual([2, 0, 0, 0, 1, 0, 0, 1, 1, 1]);
		expect(result.items.every((item) => !('allTimeScans' in item.json))).toBe(true);
		// before: the totals were read (one request per 100 codes) and shown nowhere
		expect(suite.sim.requestLog.map((entry) => entry.path)).not.toContain(
			'/api/analytics-api/overviews',
		);
	});

	it('sums every code into one summary item with the per-code rows inside', async () => {
		const { codes, credentials } = seedCampaign();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters(
				codes.map((code) => code.id),
				{ reportLayout: 'summary', breakdowns: ['device'] },
			),
			credentials,
		});

		expect(result.items).toHaveLength(1);
		const summary = result.items[0].json;
		expect(summary).toMatchObject({
			codes: 3,
			scans: 8,
			uniqueScans: 2,
			uniqueScansNote:
				'3 of the 8 scans carried no IP address (in ipAddress, ip, clientIp or a like top-level field) and are not counted as visitors',
			firstScanAt: '2026-03-01T00:30:00.000-05:00',
			lastScanAt: '2026-03-10T16:00:00.000-04:00',
			byDevice: [
				{ value: 'mobile', scans: 6 },
				{ value: 'desktop', scans: 1 },
				{ value: 'tablet', scans: 1 },
			],
		});
		expect((summary.perCode as IDataObject[]).map((row) => row.scans)).toEqual([6, 2, 0]);
	});

	it('returns the raw scan events in range without Simplify', async () => {
		const { codes, credentials } = seedCampaign();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters([codes[0].id], {
				simplify: false,
				options: { ipAddress: 'keep' },
			}),
			credentials,
		});

		expect(result.items.map((item) => item.json.ipAddress)).toEqual([
			'198.51.100.7',
			'198.51.100.7',
			'198.51.100.7',
			'2001:DB8::1',
			'2001:db8::1',
			'',
		]);
		expect(result.items[0].json).toMatchObject({ qrId: codes[0].id, qrName: 'Campaign 0' });
	});
});

describe('Scan > Get Report: long ranges', () => {
	it('counts every scan of a range longer than 3,700 days per code (only Per Code and Day is limited)', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		suite.sim.state.addScan(codes[0].id, scan({ scanTime: Date.parse('2015-06-01T12:00:00Z') }));
		suite.sim.state.addScan(codes[0].id, scan({ scanTime: Date.parse('2025-06-01T12:00:00Z') }));

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters([codes[0].id], {
				startTime: '2014-01-01',
				endTime: '2026-01-01',
			}),
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.scans)).toEqual([2]);
	});
});

describe('Scan > Get Report: bad input', () => {
	it.each([
		['a Top Values of 0', { options: { topN: 0 } }, '"Top Values" must be at least 1'],
		[
			'an End before the Start',
			{ startTime: '2026-03-10', endTime: '2026-03-01' },
			'"End" must not be before "Start"',
		],
		[
			'a Per Code and Day range longer than its 3,700 days',
			{ reportLayout: 'perCodeAndDay', startTime: '2014-01-01', endTime: '2026-01-01' },
			'"End" must be within 3700 days of "Start" for the "perCodeAndDay" layout (one row per code and day); split the range or choose another layout',
		],
		[
			'an unknown layout',
			{ reportLayout: 'perWeek' },
			'"Report Layout" must be one of "perCode", "perCodeAndDay", "summary", not "perWeek"',
		],
		[
			'an unknown breakdown',
			{ breakdowns: ['planet'] },
			'"Breakdowns" entry 1 must be one of "country", "city", "device", "os", "browser", "referrer", not "planet"',
		],
		[
			'an unknown IP mode',
			{ simplify: false, options: { ipAddress: 'mask' } },
			'"IP Address" must be one of "hash", "keep", "remove", not "mask"',
		],
	])('refuses %s before sending anything', async (_case, extra, message) => {
		const { codes, credentials } = newTeamWithCodes(1);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters([codes[0].id], extra),
			credentials,
		});

		expect(result.error?.message).toBe(`Item 0: ${message}`);
		expect(suite.sim.requestLog).toHaveLength(0);
	});

	it.each([
		['Last 7 Days', { timeRange: 'last7Days' }],
		[
			'Last 24 Hours, per code and day',
			{ timeRange: 'last24Hours', reportLayout: 'perCodeAndDay' },
		],
		['a custom range', { startTime: '2026-03-01', endTime: '2026-03-10' }],
	])(
		"fails the item, sending nothing, when the workflow's timezone is no known zone (%s)",
		async (_case, extra) => {
			const { codes, credentials } = newTeamWithCodes(1);

			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: reportParameters([codes[0].id], extra),
				credentials,
				timezone: 'Mars/Olympus_Mons',
			});

			expect(result.items).toHaveLength(0);
			expect(result.error?.message).toContain(
				'cannot be worked out: the workflow\'s timezone "Mars/Olympus_Mons" is not a known time zone',
			);
			expect(suite.sim.requestLog.some((entry) => entry.path.includes('analytics'))).toBe(false);
		},
	);

	it("refuses a Start in the future before sending anything, naming the workflow's time and zone", async () => {
		const { codes, credentials } = newTeamWithCodes(1);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters([codes[0].id], {
				startTime: '={{ Date.now() + 7200000 }}',
				endTime: '={{ Date.now() + 9000000 }}',
			}),
			credentials,
		});

		expect(result.error?.message).toMatch(
			/^Item 0: "Start" must not be in the future \(it is .+ in the workflow's timezone, America\/New_York\)/,
		);
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});
