import { z } from 'zod';

import { isPublicIpAddress, oneIpv6Form } from '../localAddress';

/**
 * Which fields of a scan event carry the address of the person who scanned: the contract's `ipAddress` and the
 * names a service may use beside it (ScanData allows more fields), compared in lower case. One rule for every
 * place that must not show an address: the IP Address option (records/ipPrivacy.ts) and error excerpts
 * (answerErrors.ts). Pure.
 */
const IP_ADDRESS_FIELDS = new Set(['ipaddress', 'ip', 'ip_address', 'clientip', 'client_ip']);

export function isIpAddressField(field: string): boolean {
	return IP_ADDRESS_FIELDS.has(field.toLowerCase());
}

/**
 * Whole words of a field name that say it holds an address whatever else it says: `ipSeenAt`, `client_ip_name`,
 * `hostName`, `forwardedAt`.
 */
const ADDRESS_WORDS = new Set(['ip', 'ipv4', 'ipv6', 'addr', 'xff', 'host', 'forwarded']);
/**
 * Whole words of a field name that say it holds something else: the node's `qr…` fields, IDs, versions, builds,
 * hardware serials and MAC addresses, names, links, times, codes, hashes.
 */
const OTHER_WORDS = new Set([
	'qr',
	'id',
	'ids',
	'uuid',
	'guid',
	'version',
	'ver',
	'build',
	'release',
	'firmware',
	'serial',
	'mac',
	'name',
	'title',
	'url',
	'uri',
	'link',
	'time',
	'timestamp',
	'date',
	'code',
	'hash',
	'sku',
	'model',
]);

/**
 * What a field's name says of its value, for the IP Address option (records/ipPrivacy.ts): `address` when a whole
 * word says address (ADDRESS_WORDS), else `other` when a whole word says it is other data (OTHER_WORDS: `qrName`,
 * `browserVersion`, `deviceId`, `firmware`, `serial`), else `neutral` (the enclosing field's word decides, and at
 * the top level a value that parses as an address is one: privacy by default). Words: the name split on camelCase,
 * `_`, `-`, `.` and other non-letters, so `description`, `equipment` or `zip` say nothing. Versions
 * ("120.0.0.0"), names ("10.0.0.1"), Display IDs ("2.0.1.0") and hex IDs ("00:1A:…:70") parse as addresses: only
 * such a word keeps them.
 */
export function ipAddressNaming(field: string): IpAddressNaming {
	let naming = namings.get(field);
	if (naming === undefined) {
		naming = namingOf(field);
		// a scan row's few field names, read for every row: kept, up to a bound (field names come from the service)
		if (namings.size < 1000) namings.set(field, naming);
	}
	return naming;
}

type IpAddressNaming = 'address' | 'other' | 'neutral';
const namings = new Map<string, IpAddressNaming>();

function namingOf(field: string): IpAddressNaming {
	const words = field
		// `IPv4`, `IPv6` are one word (a camelCase split would make `i pv6`)
		.replace(/IPv([46])/g, ' ipv$1 ')
		.replace(/([a-z\d])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z\d]+/);
	if (words.some((word) => ADDRESS_WORDS.has(word))) return 'address';
	return words.some((word) => OTHER_WORDS.has(word)) ? 'other' : 'neutral';
}

/** The characters of addresses, ports, zone indexes and lists of them: most text is told apart by this alone. */
const ADDRESS_CHARACTERS = /^[0-9A-Za-z:.,%[\]\s_~-]{2,400}$/;
const IP = z.string().ip();
/** An address without its port and zone holds only these: hex digits, dots and colons. */
const ADDRESS_SHAPE = /^[0-9A-Fa-f:.]{2,}$/;

/**
 * Whether a value is text holding only IP addresses (v4, v6, each maybe with a port or an IPv6 zone index such as
 * `%eth0`; one or a comma-separated list, as a forwarding header): ScanData allows fields of any name, so an
 * address the names above do not list (`ipv6`, `remoteAddr`, `host`, a list of hops) is known by its value, in
 * outputs unless a word of its field path says other data (`ipAddressNaming`), in error excerpts under any name
 * (withholding a version there loses nothing). It also tells `visitorAddress` whether an address field's text
 * is addresses to reduce to one; which field holds the visitor's is decided by its name alone (records/ipPrivacy.ts
 * `scanIpAddress`).
 */
export function isIpAddressText(value: unknown): boolean {
	if (typeof value !== 'string' || !/[.:]/.test(value) || !ADDRESS_CHARACTERS.test(value))
		return false;
	return value.split(',').every((part) => {
		const address = bareAddress(part.trim());
		// a quick test first: times, versions with letters, user agents never reach the full (slower) parse
		// lower-cased: zod refuses an IPv4-mapped address in upper case (`::FFFF:192.0.2.10`)
		return ADDRESS_SHAPE.test(address) && IP.safeParse(address.toLowerCase()).success;
	});
}

/**
 * Address text that may write one address more than one way: a list, a port, brackets, a zone, IPv4 in IPv6
 * (`::ffff:…`, also uncompressed `0:0:0:0:0:ffff:…`).
 */
const MANY_WAYS = /[,%[]|ffff:|^[\d.]+:\d+$/i;

/**
 * The one address of a visitor in address text (lower case, trimmed): the first public entry of a list (a
 * forwarding header's client comes first, but a service may write its own load balancer or proxies before it;
 * private, loopback, link-local, unique-local, carrier-grade NAT and other unrouted entries are a network's,
 * localAddress.ts),
 * else its first entry; without its port (a new one each connection), brackets or zone, IPv4 written in IPv6
 * (`::ffff:192.0.2.1`, hex `::ffff:c000:201` as older Python writes it) as IPv4 and other IPv6 compressed
 * (`oneWay`); any other text as it is.
 */
export function visitorAddress(text: string): string {
	if (!MANY_WAYS.test(text) || !isIpAddressText(text)) return oneWay(text);
	const addresses = text.split(',').map((part) => oneWay(bareAddress(part.trim())));
	return addresses.find(isPublicIpAddress) ?? addresses[0];
}

/**
 * One address in the one way it is counted: IPv4 in IPv6 as IPv4, other IPv6 as RFC 5952 writes it (a proxy may
 * write it in full, `2001:0db8:0:0:0:0:0:1`, where another compresses it); any other text as it is.
 */
function oneWay(address: string): string {
	if (!address.includes(':')) return address;
	return oneIpv6Form(address) ?? address;
}

/** `192.0.2.6:443`, `[2001:db8::1]:443` and `fe80::1%eth0` without their port and zone; anything else as it is. */
function bareAddress(address: string): string {
	const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address);
	const inside = bracketed ? bracketed[1] : address;
	const zoned = /^([0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)%[0-9A-Za-z_.~-]+$/.exec(inside);
	if (zoned) return zoned[1];
	const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(inside);
	return v4 ? v4[1] : inside;
}

/**
 * Whether text where an answer was cut short may be the start of addresses: its whole parts are addresses and its
 * last part could begin one (`203.0.113.9, 198.51.`, `fe80::1%et`, `[2001:db8::1]:4`).
 */
export function isIpAddressTextStart(text: string): boolean {
	const parts = text.split(',');
	const last = parts.pop()!.trim();
	return (
		/[.:]/.test(text) &&
		parts.every((part) => isIpAddressText(part.trim())) &&
		/^\[?[0-9A-Fa-f:.]*(?:%[0-9A-Za-z_.~-]*)?\]?(?::\d*)?$/.test(last)
	);
}

/**
 * JSON text inside a value (a field holding a request or an event as text): parsed when it looks like an object or
 * a list, so that the addresses in it are found like those of the answer; undefined when it is no such text.
 */
export function embeddedJson(value: string): unknown {
	if (!/^\s*[[{]/.test(value)) return undefined;
	try {
		return JSON.parse(value) as unknown;
	} catch {
		return undefined;
	}
}

/** A field name in JSON text, with its colon: `"ipAddress":`. */
const FIELD_IN_TEXT = /"([A-Za-z_]+)"\s*:\s*/g;

/** Each text in quotes of JSON text, the last maybe cut short where the text ends. */
const TEXT_IN_QUOTES = /"((?:[^"\\]|\\.)*\\?)("|$)/g;

/**
 * JSON text that could not be parsed (an answer cut short) as an error may quote it: the value of each address
 * field replaced by `"(withheld)"`, whatever it holds (text, a list, an object), also when the text ends inside
 * it; so is any text in quotes that is an address, or the start of one where the text ends, also inside JSON text
 * held as a string (`"raw":"{\\"ipAddress\\":…}"`).
 */
export function withheldIpAddressText(text: string): string {
	let shown = '';
	let from = 0;
	for (const match of text.matchAll(FIELD_IN_TEXT)) {
		if (match.index < from || !isIpAddressField(match[1])) continue;
		const start = match.index + match[0].length;
		const end = endOfValue(text, start);
		if (/^(""|null)?$/.test(text.slice(start, end).trim())) continue;
		shown += `${text.slice(from, start)}"(withheld)"`;
		from = end;
	}
	return (shown + text.slice(from)).replace(
		TEXT_IN_QUOTES,
		(quoted, inside: string, end: string) => {
			if (isIpAddressText(inside) || (end === '' && isIpAddressTextStart(inside)))
				return '"(withheld)"';
			// JSON text held as a string (escaped): its addresses withheld the same way, the escaping kept
			if (!inside.includes('\\"')) return quoted;
			const unescaped = unescapedJsonText(inside);
			if (unescaped === undefined) return quoted;
			const withheld = withheldIpAddressText(unescaped);
			if (withheld === unescaped) return quoted;
			const escaped = JSON.stringify(withheld);
			return end === '' ? escaped.slice(0, -1) : escaped;
		},
	);
}

/** The text a JSON string's inside stands for (`{\\"ip\\":…` -> `{"ip":…`), also when cut short inside an escape. */
function unescapedJsonText(inside: string): string | undefined {
	const whole = /(^|[^\\])(\\\\)*\\(u[0-9A-Fa-f]{0,3})?$/.test(inside)
		? inside.replace(/\\(u[0-9A-Fa-f]{0,3})?$/, '')
		: inside;
	try {
		return JSON.parse(`"${whole}"`) as string;
	} catch {
		return undefined;
	}
}

/** Where the JSON value starting at `start` ends (exclusive): the text's end when it is cut short inside it. */
function endOfValue(text: string, start: number): number {
	let depth = 0;
	let inString = false;
	for (let index = start; index < text.length; index++) {
		const char = text[index];
		if (inString) {
			if (char === '\\') index++;
			else if (char === '"') {
				inString = false;
				if (depth === 0) return index + 1;
			}
		} else if (char === '"') inString = true;
		else if (char === '[' || char === '{') depth++;
		else if (char === ']' || char === '}') {
			if (depth === 0) return index;
			depth--;
			if (depth === 0) return index + 1;
		} else if (char === ',' && depth === 0) return index;
	}
	return text.length;
}
