/**
 * The pure parts of Scan > Get Report: visitor keys, breakdown values and top N with "other", days of a time zone
 * across a clock change, the counters and the items of each layout, and the unique-scans notes (Compare With
 * Totals: totalsCheck.unit.test.ts; the long runs of days by search and of estimates: reportEstimates.model.test.ts).
 */
import { reportItems } from '../../../../nodes/Qrtrac/actions/analytics/getReport/reportItems';
import { ScanTally } from '../../../../nodes/Qrtrac/actions/analytics/getReport/scanTally';
import {
	breakdownField,
	topValues,
} from '../../../../nodes/Qrtrac/actions/analytics/getReport/topValues';
import { breakdownValue } from '../../../../nodes/Qrtrac/actions/analytics/scanValues';
import { visitorKey } from '../../../../nodes/Qrtrac/actions/analytics/getReport/visitorKey';
import { ZonedDays } from '../../../../nodes/Qrtrac/actions/analytics/getReport/zonedDays';

const NEW_YORK = 'America/New_York';

describe('visitorKey', () => {
	it('is the IP address (trimmed, lower case), or the address with device, OS and browser', () => {
		const scan = { ipAddress: ' 2001:DB8::1 ', device: 'mobile', os: 'iOS', browser: 'Safari' };
		expect(visitorKey(scan, 'ip')).toBe('2001:db8::1');
		expect(visitorKey(scan, 'ipDeviceOsBrowser')).toBe(
			'2001:db8::1\u0000mobile\u0000ios\u0000safari',
		);
		expect(visitorKey({ ...scan, browser: 'Chrome' }, 'ipDeviceOsBrowser')).not.toBe(
			visitorKey(scan, 'ipDeviceOsBrowser'),
		);
	});

	it('reads an address sent under another name (ip, ip_address, clientIp, any case) as Hash and Remove do', () => {
		for (const field of ['ip', 'ip_address', 'clientIp', 'CLIENT_IP'])
			expect([field, visitorKey({ [field]: ' 192.0.2.7 ', device: 'mobile' }, 'ip')]).toEqual([
				field,
				'192.0.2.7',
			]);
		expect(visitorKey({ ip: '192.0.2.7', device: 'mobile' }, 'ipDeviceOsBrowser')).toBe(
			'192.0.2.7\u0000mobile\u0000\u0000',
		);
		// the contract's field first; a blank one does not hide an address under another name
		expect(visitorKey({ ipAddress: '192.0.2.1', ip: '192.0.2.2' }, 'ip')).toBe('192.0.2.1');
		expect(visitorKey({ ipAddress: ' ', ip: '192.0.2.2' }, 'ip')).toBe('192.0.2.2');
	});

	it("is one visitor's address however the service writes it: a port, a forwarding list, IPv4 in IPv6", () => {
		// one person scanning three times, each time from another source port, through another CDN edge, or seen on
		// a dual-stack socket: before, three visitors
		const forms = [
			['203.0.113.5:51234', '203.0.113.5:60000', '203.0.113.5', '::ffff:203.0.113.5'],
			['203.0.113.5, 198.51.100.7', '203.0.113.5,198.51.100.8', '::FFFF:203.0.113.5'],
			['[2001:db8::1]:443', '[2001:DB8::1]:8443', '2001:db8::1%eth0'],
		];
		for (const [index, addresses] of forms.entries()) {
			const keys = addresses.map((ipAddress) => visitorKey({ ipAddress }, 'ip'));
			expect([index, new Set(keys).size]).toEqual([index, 1]);
		}
		expect(visitorKey({ ipAddress: '203.0.113.5:51234' }, 'ip')).toBe('203.0.113.5');
		expect(visitorKey({ ip: '[2001:db8::1]:443, 198.51.100.7' }, 'ip')).toBe('2001:db8::1');
		// text that is no address (a service's own hash of it, a placeholder) stays the key it was
		expect(visitorKey({ ipAddress: ' A1B2C3D4:E5 ' }, 'ip')).toBe('a1b2c3d4:e5');
		expect(visitorKey({ ipAddress: 'unknown, 203.0.113.5' }, 'ip')).toBe('unknown, 203.0.113.5');
	});

	it("takes a forwarding list's first public entry: a service writing its own proxies first counts each visitor", () => {
		// before: the load balancer 10.0.0.2 written first made three people one visitor
		const keys = ['203.0.113.5', '198.51.100.9', '192.0.2.44'].map((client) =>
			visitorKey({ ipAddress: `10.0.0.2, ${client}` }, 'ip'),
		);
		expect(keys).toEqual(['203.0.113.5', '198.51.100.9', '192.0.2.44']);
		// private, loopback, link-local, unique-local and carrier-grade NAT entries are proxies' (any written form)
		for (const proxies of [
			'192.168.1.4, 172.16.0.9',
			'127.0.0.1',
			'169.254.1.1',
			'[fd00::7]:443, fe80::1%eth0',
			'100.64.0.1, ::ffff:10.1.2.3',
		])
			expect([proxies, visitorKey({ ipAddress: `${proxies}, 203.0.113.5` }, 'ip')]).toEqual([
				proxies,
				'203.0.113.5',
			]);
		// the client first, as the usual order has it: still the client, whatever the proxies
		expect(visitorKey({ ipAddress: '203.0.113.5, 10.0.0.2, 198.51.100.7' }, 'ip')).toBe(
			'203.0.113.5',
		);
		// no public entry (a scan from inside the network): the first, without its port
		expect(visitorKey({ ipAddress: '10.0.0.7:5123, 10.0.0.2' }, 'ip')).toBe('10.0.0.7');
	});

	it('reads IPv4 in IPv6 however it is spelt: dotted, hex (`::ffff:cb00:7105`, older Python), uncompressed', () => {
		for (const ipAddress of [
			'::ffff:203.0.113.5',
			'::ffff:cb00:7105',
			'::FFFF:CB00:7105',
			'[::ffff:cb00:7105]:443',
			'0:0:0:0:0:ffff:cb00:7105',
			'0000:0000:0000:0000:0000:ffff:cb00:7105',
		])
			expect([ipAddress, visitorKey({ ipAddress }, 'ip')]).toEqual([ipAddress, '203.0.113.5']);
		// other IPv6 holding ffff stays as written
		expect(visitorKey({ ipAddress: '2001:db8:ffff::1' }, 'ip')).toBe('2001:db8:ffff::1');
		expect(visitorKey({ ipAddress: '::ffff:0:cb00:7105' }, 'ip')).toBe('::ffff:0:cb00:7105');
	});

	it("is one visitor's IPv6 address however it is written: zeros compressed or not, leading zeros, case", () => {
		// one phone scanning five times, each time its address written another way: before, up to five visitors
		const forms = [
			'2001:db8::1',
			'2001:0db8:0000:0000:0000:0000:0000:0001',
			'2001:DB8:0:0:0:0:0:1',
			'2001:db8:0::1',
			'[2001:0DB8::0001]:443',
		];
		for (const ipAddress of forms)
			expect([ipAddress, visitorKey({ ipAddress }, 'ip')]).toEqual([ipAddress, '2001:db8::1']);
		// the longest run of zeros is the one left out, the first of two alike (RFC 5952), as most services write it
		expect(visitorKey({ ipAddress: '2001:db8:0:0:1:0:0:1' }, 'ip')).toBe('2001:db8::1:0:0:1');
		expect(visitorKey({ ipAddress: '2001:0:0:1:0:0:0:1' }, 'ip')).toBe('2001:0:0:1::1');
		expect(visitorKey({ ipAddress: '0:0:0:0:0:FFFF:203.0.113.5' }, 'ip')).toBe('203.0.113.5');
		// and so one unique scan in the report
		const tally = new ScanTally(
			{
				qrIds: ['qr_a'],
				range: RANGE,
				breakdowns: [],
				visitorKey: 'ip',
				byDay: false,
				acrossCodes: false,
			},
			new ZonedDays(NEW_YORK),
		);
		for (const ipAddress of forms)
			tally.add({ qrId: 'qr_a', scanTime: RANGE.startTime, ipAddress });
		expect(tally.codes.get('qr_a')?.total.visitors.count()).toBe(1);
	});

	it('is none for a scan without an address', () => {
		for (const ipAddress of [undefined, null, '', '  ', 42])
			expect(visitorKey({ ipAddress }, 'ip')).toBeUndefined();
	});
});

describe('breakdowns and top values', () => {
	it('names missing values "unknown" and an empty referrer "direct"', () => {
		expect(breakdownValue({ country: ' Germany ' }, 'country')).toBe('Germany');
		expect(breakdownValue({ country: null }, 'country')).toBe('unknown');
		expect(breakdownValue({ referrer: '' }, 'referrer')).toBe('direct');
		expect(breakdownValue({}, 'referrer')).toBe('unknown');
		expect(breakdownField('os')).toBe('byOs');
	});

	it('lists the top N by scans, ties by value, and sums the rest as "other"', () => {
		const counts = new Map([
			['b', 3],
			['a', 3],
			['c', 5],
			['d', 1],
			['e', 1],
		]);
		expect(topValues(counts, 2)).toEqual([
			{ value: 'c', scans: 5 },
			{ value: 'a', scans: 3 },
			{ value: 'other', scans: 5 },
		]);
		expect(topValues(counts, 5)).toHaveLength(5);
		expect(topValues(new Map(), 3)).toEqual([]);
	});

	it('never names the rest like a real value "other" among the top', () => {
		const counts = new Map([
			['other', 9],
			['Android', 4],
			['iOS', 2],
		]);
		expect(topValues(counts, 1)).toEqual([
			{ value: 'other', scans: 9 },
			{ value: 'all other values', scans: 6 },
		]);
	});
});

describe('ZonedDays', () => {
	it("places moments on the zone's days, 23 hours on the day the clocks go forward", () => {
		const days = new ZonedDays(NEW_YORK);
		expect(days.dayOf(Date.parse('2026-03-08T04:59:59.999Z'))).toBe('2026-03-07');
		expect(days.dayOf(Date.parse('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
		expect(days.dayOf(Date.parse('2026-03-09T03:59:59.999Z'))).toBe('2026-03-08');
		expect(days.dayOf(Date.parse('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
		expect(days.dayOf(Date.parse('2026-03-08T12:00:00Z'))).toBe('2026-03-08');
		expect(
			days.daysBetween(Date.parse('2026-03-07T05:00:00Z'), Date.parse('2026-03-09T04:00:00Z'), 10),
		).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
		expect(days.daysBetween(0, Date.parse('2026-01-01T00:00:00Z'), 3)).toHaveLength(3);
		expect(days.iso(Date.parse('2026-03-09T04:30:00Z'))).toBe('2026-03-09T00:30:00.000-04:00');
	});

	it('stops searching at maxDays and converts beyond it', () => {
		const capped = new ZonedDays(NEW_YORK, { startTime: 0, endTime: 10 * 86_400_000, maxDays: 2 });
		expect(capped.dayOf(9 * 86_400_000)).toBe('1970-01-09');
	});
});

const RANGE = {
	startTime: Date.parse('2026-03-01T05:00:00Z'),
	endTime: Date.parse('2026-03-04T04:59:59.999Z'),
};

function tallyOf(byDay: boolean, acrossCodes: boolean) {
	const days = new ZonedDays(NEW_YORK);
	const tally = new ScanTally(
		{
			qrIds: ['qr_a', 'qr_b'],
			range: RANGE,
			breakdowns: ['country'],
			visitorKey: 'ip',
			byDay,
			acrossCodes,
		},
		days,
	);
	const add = (qrId: string, iso: string, ipAddress?: string, country = 'US') =>
		tally.add({ qrId, scanTime: Date.parse(iso), ipAddress, country });
	add('qr_a', '2026-03-01T05:00:00Z', '192.0.2.1');
	add('qr_a', '2026-03-02T04:59:59.999Z', '192.0.2.1', 'DE');
	add('qr_a', '2026-03-02T05:00:00Z', '192.0.2.2');
	add('qr_a', '2026-03-01T04:59:59.999Z', '192.0.2.3'); // before the range
	add('qr_b', '2026-03-03T12:00:00Z');
	add('qr_c', '2026-03-03T12:00:00Z', '192.0.2.9'); // a code not asked for
	return { tally, days };
}

/** An empty tally of qr_a alone over RANGE (no breakdowns) for `layout`, and its items when run at `asOf`. */
function codeATally(layout: 'perCodeAndDay' | 'summary') {
	const days = new ZonedDays(NEW_YORK);
	const tally = new ScanTally(
		{
			qrIds: ['qr_a'],
			range: RANGE,
			breakdowns: [],
			visitorKey: 'ip',
			byDay: layout === 'perCodeAndDay',
			acrossCodes: layout === 'summary',
		},
		days,
	);
	const items = (asOf?: number) =>
		reportItems(tally, { layout, range: RANGE, asOf, days, topN: 10, names: () => ({}) });
	return { tally, items };
}

describe('ScanTally and reportItems', () => {
	it('counts per code with the notes unique scans need', () => {
		const { tally, days } = tallyOf(false, false);
		const items = reportItems(tally, {
			layout: 'perCode',
			range: RANGE,
			days,
			topN: 1,
			names: (qrId) => ({ qrName: `Name of ${qrId}` }),
		});
		expect(tally.ignored).toBe(2);
		expect(items).toEqual([
			{
				qrId: 'qr_a',
				qrName: 'Name of qr_a',
				scans: 3,
				uniqueScans: 2,
				firstScanAt: '2026-03-01T00:00:00.000-05:00',
				lastScanAt: '2026-03-02T00:00:00.000-05:00',
				rangeStart: '2026-03-01T00:00:00.000-05:00',
				rangeEnd: '2026-03-03T23:59:59.999-05:00',
				byCountry: [
					{ value: 'US', scans: 2 },
					{ value: 'other', scans: 1 },
				],
			},
			expect.objectContaining({
				qrId: 'qr_b',
				scans: 1,
				uniqueScans: null,
				uniqueScansNote:
					'The only scan in this range carried no IP address (in ipAddress, ip, clientIp or a like top-level field), so unique scans cannot be counted',
			}),
		]);
	});

	it('gives every day of the range per code, and one summary across codes', () => {
		const byDay = tallyOf(true, false);
		const rows = reportItems(byDay.tally, {
			layout: 'perCodeAndDay',
			range: RANGE,
			days: byDay.days,
			topN: 10,
			names: () => ({}),
		});
		expect(rows.map((row) => [row.qrId, row.date, row.scans, row.uniqueScans])).toEqual([
			['qr_a', '2026-03-01', 2, 1],
			['qr_a', '2026-03-02', 1, 1],
			['qr_a', '2026-03-03', 0, 0],
			['qr_b', '2026-03-01', 0, 0],
			['qr_b', '2026-03-02', 0, 0],
			['qr_b', '2026-03-03', 1, null],
		]);

		const across = tallyOf(false, true);
		const [summary] = reportItems(across.tally, {
			layout: 'summary',
			range: RANGE,
			days: across.days,
			topN: 10,
			names: () => ({}),
		});
		expect(summary).toMatchObject({
			codes: 2,
			scans: 4,
			uniqueScans: 2,
			uniqueScansNote:
				'1 of the 4 scans carried no IP address (in ipAddress, ip, clientIp or a like top-level field) and is not counted as a visitor',
		});
		expect(summary.perCode).toHaveLength(2);
	});
});

describe('Per Code and Day rows of a range ending after the run', () => {
	/** Day rows of qr_a with scans at `scanTimes`, the report run at `asOf`. */
	function rows(asOf: number, scanTimes: string[]) {
		const { tally, items } = codeATally('perCodeAndDay');
		for (const iso of scanTimes) tally.add({ qrId: 'qr_a', scanTime: Date.parse(iso) });
		return items(asOf).map((row) => [row.date, row.partialDay, row.scans]);
	}

	it("end with the run's day, marked partial, also at 23:50", () => {
		// 2026-03-02 12:00 and 23:50 in New York
		for (const asOf of ['2026-03-02T17:00:00Z', '2026-03-03T04:50:00Z'])
			expect(rows(Date.parse(asOf), ['2026-03-01T12:00:00Z'])).toEqual([
				['2026-03-01', false, 1],
				['2026-03-02', true, 0],
			]);
	});

	it("keep the day of a scan the service stamped after the run (its clock ahead of n8n's), the run's day partial", () => {
		// run at 23:50, a scan stamped 00:10 the next day
		expect(rows(Date.parse('2026-03-03T04:50:00Z'), ['2026-03-03T05:10:00Z'])).toEqual([
			['2026-03-01', false, 0],
			['2026-03-02', true, 0],
			['2026-03-03', true, 1],
		]);
	});

	it('give a range wholly after the run its first day only', () => {
		expect(rows(RANGE.startTime - 3_600_000, [])).toEqual([['2026-03-01', true, 0]]);
	});
});

describe('ZonedDays.cutEnds', () => {
	const days = new ZonedDays(NEW_YORK);

	it("tells a range's cut first and last day from whole ones, in the zone's own midnight", () => {
		expect(days.cutEnds(RANGE.startTime, RANGE.endTime)).toEqual({ first: false, last: false });
		expect(days.cutEnds(RANGE.startTime + 1, RANGE.endTime - 1)).toEqual({
			first: true,
			last: true,
		});
		// midnight UTC is 19:00 the day before in New York: both days are cut there
		expect(
			days.cutEnds(Date.parse('2026-03-01T00:00:00Z'), Date.parse('2026-03-03T23:59:59.999Z')),
		).toEqual({ first: true, last: true });
	});
});

describe('unique scans of a part never contradict those of the whole holding it', () => {
	/** qr_a's scans: `visitors` addresses scanning twice on March 1, and `laterScans` of the first on March 2. */
	function campaign(visitors: number, laterScans: number, layout: 'perCodeAndDay' | 'summary') {
		const { tally, items } = codeATally(layout);
		const address = (index: number) => `198.51.${index >> 8}.${index & 255}`;
		for (let round = 0; round < 2; round++)
			for (let index = 0; index < visitors; index++)
				tally.add({
					qrId: 'qr_a',
					scanTime: RANGE.startTime + round * 1_000 + index,
					ipAddress: address(index),
				});
		for (let index = 0; index < laterScans; index++)
			tally.add({ qrId: 'qr_a', scanTime: RANGE.startTime + 86_400_000, ipAddress: address(0) });
		return { rows: items(), exact: tally.codes.get('qr_a')?.total.visitors.estimated === false };
	}

	it("gives a day holding every scan of the range the code's exact count, as One Item per Code does", () => {
		// 1,500 visitors in a day: past the day's exact bound (1,000), within the code's (5,000)
		const { rows, exact } = campaign(1_500, 0, 'perCodeAndDay');
		expect(exact).toBe(true);
		expect(rows[0]).toEqual({
			qrId: 'qr_a',
			date: '2026-03-01',
			partialDay: false,
			scans: 3_000,
			uniqueScans: 1_500,
		});
	});

	it("gives a Summary's only code the Summary's exact count", () => {
		// 6,000 visitors: past a code's exact bound (5,000), within the Summary's (100,000)
		const [summary] = campaign(6_000, 0, 'summary').rows;
		expect(summary).toMatchObject({ codes: 1, scans: 12_000, uniqueScans: 6_000 });
		expect(summary.uniqueScansNote).toBeUndefined();
		expect((summary.perCode as Array<Record<string, unknown>>)[0]).toMatchObject({
			scans: 12_000,
			uniqueScans: 6_000,
		});
		expect((summary.perCode as Array<Record<string, unknown>>)[0].uniqueScansNote).toBeUndefined();
	});

	it("never gives a day more visitors than the code's whole range counted exactly", () => {
		// 1,001 to 1,020 visitors on March 1 and one of them again on March 2: the day's sketch alone lands above
		// the range's exact count for these addresses (1,012 for 1,001)
		for (let visitors = 1_001; visitors <= 1_020; visitors++) {
			const { rows, exact } = campaign(visitors, 1, 'perCodeAndDay');
			const day = rows[0] as { scans: number; uniqueScans: number };
			expect([visitors, exact, day.scans]).toEqual([visitors, true, 2 * visitors]);
			expect([visitors, day.uniqueScans > 1_000 && day.uniqueScans <= visitors]).toEqual([
				visitors,
				true,
			]);
		}
	});
});
