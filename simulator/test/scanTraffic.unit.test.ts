import { isIPv4, isIPv6 } from 'node:net';

import { generateScanTraffic } from '../domain/scanTraffic';

const DAY = 86_400_000;
/** 2027-03-05T12:00:00Z */
const TO = Date.UTC(2027, 2, 5, 12);
const FROM = TO - 30 * DAY;

/** The events without their code, as one text (compared whole: cheaper than 5,000 objects field by field). */
const strip = (events: Array<{ qrId: string }>) =>
	JSON.stringify(events.map((event) => ({ ...event, qrId: undefined })));

describe('realistic scan traffic of one code', () => {
	const events = generateScanTraffic('qr_a', 5_000, { from: FROM, to: TO, seed: 7 });

	test('a seed repeats exactly, for any code; another seed gives other events', () => {
		expect(strip(generateScanTraffic('qr_b', 5_000, { from: FROM, to: TO, seed: 7 }))).toEqual(
			strip(events),
		);
		expect(strip(generateScanTraffic('qr_a', 5_000, { from: FROM, to: TO, seed: 8 }))).not.toEqual(
			strip(events),
		);
		expect(events.every((event) => event.qrId === 'qr_a')).toBe(true);
	});

	test('every event lies in the range, bounds included, sorted by scan time', () => {
		expect(events).toHaveLength(5_000);
		expect(events.every((event) => event.scanTime >= FROM && event.scanTime <= TO)).toBe(true);
		const times = events.map((event) => event.scanTime);
		expect(times).toEqual([...times].sort((a, b) => a - b));
		// more scans by day than by night (UTC hours 11-18 against 1-4)
		const hour = (time: number) => new Date(time).getUTCHours();
		const day = times.filter((time) => hour(time) >= 11 && hour(time) < 19).length;
		const night = times.filter((time) => hour(time) >= 1 && hour(time) < 9).length;
		expect(day).toBeGreaterThan(night * 2);
	});

	test('visitors come back: distinct addresses are well below the scans, but many', () => {
		const withIp = events.filter((event) => event.ipAddress !== '');
		const distinct = new Set(withIp.map((event) => event.ipAddress)).size;
		expect(distinct).toBeLessThan(withIp.length * 0.75);
		expect(distinct).toBeGreaterThan(withIp.length * 0.4);
		// some regulars scan many times
		const perIp = new Map<string, number>();
		for (const event of withIp) perIp.set(event.ipAddress, (perIp.get(event.ipAddress) ?? 0) + 1);
		expect(Math.max(...perIp.values())).toBeGreaterThanOrEqual(10);
	});

	test('IPv4 and IPv6 addresses, and some scans without an address', () => {
		const v4 = events.filter((event) => isIPv4(event.ipAddress)).length;
		const v6 = events.filter((event) => isIPv6(event.ipAddress)).length;
		const none = events.filter((event) => event.ipAddress === '').length;
		expect(v4 + v6 + none).toBe(events.length);
		expect(v4).toBeGreaterThan(events.length * 0.5);
		expect(v6).toBeGreaterThan(events.length * 0.1);
		expect(none).toBeGreaterThan(0);
		expect(none).toBeLessThan(events.length * 0.1);
		// IPv6 from the documentation prefix; IPv4 never private or loopback
		const addresses = events.map((event) => event.ipAddress);
		expect(addresses.filter((ip) => isIPv6(ip) && !ip.startsWith('2001:db8:'))).toEqual([]);
		expect(
			addresses.filter(
				(ip) => isIPv4(ip) && /^(10|127|192\.168|172\.(1[6-9]|2\d|3[01]))\./.test(ip),
			),
		).toEqual([]);
	});

	test('some addresses are shared by several people: IP plus device, OS and browser tells more of them apart', () => {
		const withIp = events.filter((event) => event.ipAddress !== '');
		const byIp = new Set(withIp.map((event) => event.ipAddress)).size;
		const byVisitor = new Set(
			withIp.map((event) => [event.ipAddress, event.device, event.os, event.browser].join('|')),
		).size;
		expect(byVisitor).toBeGreaterThan(byIp);
	});

	test('device, OS and browser belong together; the mixes are realistic', () => {
		const count = (pick: (event: (typeof events)[number]) => boolean) => events.filter(pick).length;
		expect(count((event) => event.device === 'mobile')).toBeGreaterThan(events.length * 0.6);
		expect(count((event) => event.device === 'desktop')).toBeGreaterThan(0);
		expect(count((event) => event.device === 'tablet')).toBeGreaterThan(0);
		expect(
			count((event) => event.os === 'iOS' && !['Safari', 'Chrome'].includes(event.browser)),
		).toBe(0);
		expect(count((event) => event.browser === 'Samsung Internet' && event.os !== 'Android')).toBe(
			0,
		);
		expect(
			count((event) => event.device === 'desktop' && ['iOS', 'Android'].includes(event.os)),
		).toBe(0);
		expect(
			count(
				(event) => event.device !== 'desktop' && ['Windows', 'macOS', 'Linux'].includes(event.os),
			),
		).toBe(0);
		expect(new Set(events.map((event) => event.country)).size).toBeGreaterThanOrEqual(10);
		expect(new Set(events.map((event) => event.city)).size).toBeGreaterThanOrEqual(15);
		expect(count((event) => event.referrer === '')).toBeGreaterThan(events.length * 0.5);
		expect(new Set(events.map((event) => event.referrer)).size).toBeGreaterThanOrEqual(5);
	});

	test('a scan range of one millisecond and an empty traffic are fine; bad input is refused', () => {
		const one = generateScanTraffic('qr_a', 3, { from: TO, to: TO });
		expect(one.map((event) => event.scanTime)).toEqual([TO, TO, TO]);
		expect(generateScanTraffic('qr_a', 0, { from: FROM, to: TO })).toEqual([]);
		expect(() => generateScanTraffic('qr_a', 1, { from: TO, to: FROM })).toThrow(RangeError);
		expect(() => generateScanTraffic('qr_a', -1, { from: FROM, to: TO })).toThrow(RangeError);
	});

	test('the shares are settings: no repeat visitors and every scan with an address', () => {
		const fresh = generateScanTraffic('qr_a', 500, {
			from: FROM,
			to: TO,
			repeatShare: 0,
			noIpShare: 0,
			sharedIpShare: 0,
		});
		expect(new Set(fresh.map((event) => event.ipAddress)).size).toBe(500);
	});
});
