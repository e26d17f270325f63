import type { ScanEvent } from '../model';
import { createPrng } from '../random';

/**
 * Synthetic scan traffic of one code, shaped like what a QR code's audience produces: people (visitors) who come
 * back, so unique scans stay below total scans; a device, OS and browser that belong together; IPv4 and IPv6
 * addresses, a few visitors behind one address (an office, a carrier's NAT), and some scans without an address;
 * places and referrers with realistic weights; more scans by day than by night. Everything is drawn from a PRNG
 * seeded by `seed`, so a seed repeats exactly, and the events come back sorted by scan time.
 */
export interface ScanTrafficOptions {
	/** First possible scan time (epoch ms), inclusive. */
	from: number;
	/** Last possible scan time (epoch ms), inclusive. */
	to: number;
	/** PRNG seed; default 1. */
	seed?: number;
	/** Share of scans made by someone who scanned the code before (0..1); default 0.4. */
	repeatShare?: number;
	/** Share of new visitors whose scans carry no IP address (0..1); default 0.03. */
	noIpShare?: number;
	/** Share of new visitors who reuse an earlier visitor's IP address (shared networks, 0..1); default 0.06. */
	sharedIpShare?: number;
}

/** A person scanning the code: their network address (`''` when the service saw none), device and place. */
interface Visitor {
	ipAddress: string;
	device: string;
	os: string;
	browser: string;
	country: string;
	city: string;
	referrer: string;
}

type Weighted<T> = ReadonlyArray<readonly [T, number]>;

/** [device, os, browser]: most QR scans come from phones. */
const CLIENTS: Weighted<readonly [string, string, string]> = [
	[['mobile', 'iOS', 'Safari'], 30],
	[['mobile', 'iOS', 'Chrome'], 6],
	[['mobile', 'Android', 'Chrome'], 28],
	[['mobile', 'Android', 'Samsung Internet'], 8],
	[['mobile', 'Android', 'Firefox'], 1],
	[['tablet', 'iOS', 'Safari'], 5],
	[['tablet', 'Android', 'Chrome'], 2],
	[['desktop', 'Windows', 'Chrome'], 8],
	[['desktop', 'Windows', 'Edge'], 4],
	[['desktop', 'Windows', 'Firefox'], 2],
	[['desktop', 'macOS', 'Safari'], 3],
	[['desktop', 'macOS', 'Chrome'], 2],
	[['desktop', 'Linux', 'Firefox'], 1],
];

/** [country, city]; an empty city is a place the service located only to its country. */
const PLACES: Weighted<readonly [string, string]> = [
	[['United States', 'New York'], 12],
	[['United States', 'Los Angeles'], 8],
	[['United States', 'Chicago'], 5],
	[['United States', 'San Francisco'], 4],
	[['United States', ''], 2],
	[['United Kingdom', 'London'], 7],
	[['United Kingdom', 'Manchester'], 2],
	[['Germany', 'Berlin'], 6],
	[['Germany', 'Munich'], 4],
	[['France', 'Paris'], 6],
	[['France', 'Lyon'], 2],
	[['Spain', 'Madrid'], 3],
	[['Netherlands', 'Amsterdam'], 2],
	[['India', 'Bengaluru'], 5],
	[['India', 'Mumbai'], 4],
	[['Japan', 'Tokyo'], 5],
	[['Brazil', 'São Paulo'], 5],
	[['Mexico', 'Mexico City'], 3],
	[['Canada', 'Toronto'], 3],
	[['Australia', 'Sydney'], 3],
	[['Nigeria', 'Lagos'], 2],
];

/** A scan of a printed code has no referrer; a code shared as an image or link does. */
const REFERRERS: Weighted<string> = [
	['', 70],
	['https://www.instagram.com/', 8],
	['https://www.google.com/', 6],
	['https://l.facebook.com/', 5],
	['https://t.co/', 3],
	['https://www.linkedin.com/', 3],
	['android-app://com.google.android.gm/', 2],
	['https://www.bing.com/', 1],
];

/** First octets of public IPv4 blocks that carriers and ISPs hand out (no private, loopback or reserved ones). */
const IPV4_FIRST_OCTETS = [
	24, 31, 37, 46, 62, 73, 77, 81, 85, 91, 98, 109, 151, 176, 178, 185, 188, 212, 217,
];

/** Relative scan activity per UTC hour: quiet at night, busy by day. */
const HOURLY_ACTIVITY = [
	0.2, 0.15, 0.1, 0.1, 0.1, 0.15, 0.3, 0.5, 0.7, 0.8, 0.9, 1, 1, 0.95, 0.9, 0.9, 0.95, 1, 1, 0.95,
	0.85, 0.7, 0.5, 0.3,
];
const HOUR_MS = 3_600_000;
/** Tries to place a scan at a busy hour before the last draw is taken as it is (keeps every loop bounded). */
const TIME_TRIES = 6;

/** Picks by weight; `table` is built once per list. */
function weightedPicker<T>(items: Weighted<T>): (random: () => number) => T {
	const total = items.reduce((sum, [, weight]) => sum + weight, 0);
	const cumulative: number[] = [];
	let running = 0;
	for (const [, weight] of items) cumulative.push((running += weight / total));
	return (random) => {
		const at = random();
		const index = cumulative.findIndex((bound) => at < bound);
		return items[index < 0 ? items.length - 1 : index][0];
	};
}

const pickClient = weightedPicker(CLIENTS);
const pickPlace = weightedPicker(PLACES);
const pickReferrer = weightedPicker(REFERRERS);

function ipv4(random: () => number): string {
	const first = IPV4_FIRST_OCTETS[Math.floor(random() * IPV4_FIRST_OCTETS.length)];
	const octet = () => Math.floor(random() * 256);
	return `${first}.${octet()}.${octet()}.${1 + Math.floor(random() * 254)}`;
}

/** An address in 2001:db8::/32, the IPv6 documentation prefix: realistic shape, nobody's real address. */
function ipv6(random: () => number): string {
	const group = () => Math.floor(random() * 0x10000).toString(16);
	return `2001:db8:${group()}:${group()}:${group()}:${group()}:${group()}:${group()}`;
}

function newVisitor(
	random: () => number,
	earlier: readonly Visitor[],
	options: Required<Omit<ScanTrafficOptions, 'from' | 'to' | 'seed'>>,
): Visitor {
	const [device, os, browser] = pickClient(random);
	const [country, city] = pickPlace(random);
	const addressDraw = random();
	const sharesAddress = earlier.length > 0 && addressDraw < options.sharedIpShare;
	const ipAddress = sharesAddress
		? earlier[Math.floor(random() * earlier.length)].ipAddress
		: addressDraw < options.sharedIpShare + options.noIpShare
			? ''
			: // carriers hand phones IPv6 more often than home and office networks hand it to computers
				random() < (device === 'desktop' ? 0.15 : 0.35)
				? ipv6(random)
				: ipv4(random);
	return { ipAddress, device, os, browser, country, city, referrer: pickReferrer(random) };
}

function scanTime(random: () => number, from: number, to: number): number {
	let time = from;
	for (let attempt = 0; attempt < TIME_TRIES; attempt++) {
		time = from + Math.floor(random() * (to - from + 1));
		const hour = Math.floor((time % (24 * HOUR_MS)) / HOUR_MS);
		if (random() < HOURLY_ACTIVITY[hour]) break;
	}
	return time;
}

/** `count` scan events of `qrId` between `from` and `to`, sorted by scan time (pure). */
export function generateScanTraffic(
	qrId: string,
	count: number,
	options: ScanTrafficOptions,
): ScanEvent[] {
	const { from, to } = options;
	if (from > to) throw new RangeError('scan traffic: from must not be after to');
	if (!Number.isInteger(count) || count < 0)
		throw new RangeError('scan traffic: count must be a non-negative integer');
	const settings = {
		repeatShare: options.repeatShare ?? 0.4,
		noIpShare: options.noIpShare ?? 0.03,
		sharedIpShare: options.sharedIpShare ?? 0.06,
	};
	const random = createPrng(options.seed ?? 1);
	const visitors: Visitor[] = [];
	const events: ScanEvent[] = [];
	for (let index = 0; index < count; index++) {
		// returning visitors are drawn towards the first ones: a few regulars scan often, most people once or twice
		const returning = visitors.length > 0 && random() < settings.repeatShare;
		const visitor = returning
			? visitors[Math.floor(visitors.length * random() ** 2)]
			: newVisitor(random, visitors, settings);
		if (!returning) visitors.push(visitor);
		// the same person mostly arrives the same way; sometimes through another link
		const referrer = random() < 0.8 ? visitor.referrer : pickReferrer(random);
		events.push({
			qrId,
			scanTime: scanTime(random, from, to),
			device: visitor.device,
			browser: visitor.browser,
			os: visitor.os,
			country: visitor.country,
			city: visitor.city,
			ipAddress: visitor.ipAddress,
			referrer,
		});
	}
	return events.sort((a, b) => a.scanTime - b.scanTime);
}
