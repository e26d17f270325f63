/**
 * Whether a URL host (as WHATWG URL parsing leaves it) names this machine or a private network: the rule that
 * keeps Download Image from being a server-side request forgery path into the n8n host's network. URL parsing
 * has already turned `2130706433`, `0x7f.1`, `0177.0.0.1` and `127.1` into `127.0.0.1` and IPv6 into compressed
 * hex, so the literals below only need their canonical forms. The same ranges tell a forwarding list's proxies
 * from the visitor (api/ipAddressFields.ts). Pure: no DNS (names are resolved by the caller).
 */

/** IPv4 ranges that never reach the public internet, with what they are (shown in the error). */
const IPV4_RANGES: Array<{ base: string; bits: number; kind: string }> = [
	{ base: '0.0.0.0', bits: 8, kind: 'an unspecified address' },
	{ base: '10.0.0.0', bits: 8, kind: 'a private address' },
	{ base: '100.64.0.0', bits: 10, kind: 'a carrier-grade NAT (shared) address' },
	{ base: '127.0.0.0', bits: 8, kind: 'a loopback address (this machine)' },
	{ base: '169.254.0.0', bits: 16, kind: 'a link-local address (cloud metadata lives there)' },
	{ base: '172.16.0.0', bits: 12, kind: 'a private address' },
	{ base: '192.168.0.0', bits: 16, kind: 'a private address' },
	// Not routed on the public internet, so only a private network can answer there (n8n's SSRF defaults agree).
	{ base: '192.0.0.0', bits: 24, kind: 'an IETF protocol address (not on the public internet)' },
	{
		base: '198.18.0.0',
		bits: 15,
		kind: 'a benchmarking network address (not on the public internet)',
	},
	{ base: '240.0.0.0', bits: 4, kind: 'a reserved address (not on the public internet)' },
];

/** Name suffixes that only local resolvers answer (RFC 6761 `localhost`, mDNS `local`, `internal`, RFC 8375). */
const LOCAL_NAME_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa'];

/**
 * What makes `hostname` local (e.g. "a loopback address (this machine)"), or undefined for a public-looking
 * host. A DNS name is public-looking unless it is one label (search domains resolve those inside the network)
 * or ends in a local suffix; where it really points is for the caller to resolve.
 */
export function localAddressKind(hostname: string): string | undefined {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	if (host.startsWith('[')) return ipv6Kind(host.slice(1, -1));
	const ipv4 = parseIpv4(host);
	if (ipv4 !== undefined) return ipv4Kind(ipv4);
	if (LOCAL_NAME_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`)))
		return 'a name only local resolvers answer';
	if (!host.includes('.')) return 'a single-label name, resolved inside the local network';
	return undefined;
}

/** Whether a bare IP address (no brackets, port or zone) lies in none of the ranges above: a public one. */
export function isPublicIpAddress(address: string): boolean {
	return localAddressKind(address.includes(':') ? `[${address}]` : address) === undefined;
}

/**
 * An IPv6 address in the one way it is counted: the IPv4 address an IPv4-mapped one (`::ffff:0:0/96`) carries,
 * however it is spelt (`::ffff:192.0.2.1`, hex `::ffff:c000:201`, uncompressed), as a dotted quad; any other as
 * RFC 5952 writes it (lower case, no leading zeros, the longest run of zero groups as `::`), so one address
 * written in full or compressed is one text. Undefined for text that is no IPv6 address.
 */
export function oneIpv6Form(address: string): string | undefined {
	if (writtenOneWay(address)) return address;
	const groups = parseIpv6(address);
	if (!groups) return undefined;
	if (groups[5] === 0xffff && groups.slice(0, 5).every((group) => group === 0))
		return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
	let run = { at: 0, length: 0 };
	for (let at = 0, length = 0; at < groups.length; at++) {
		length = groups[at] === 0 ? length + 1 : 0;
		if (length > run.length) run = { at: at - length + 1, length };
	}
	const hex = groups.map((group) => group.toString(16));
	if (run.length < 2) return hex.join(':');
	return `${hex.slice(0, run.at).join(':')}::${hex.slice(run.at + run.length).join(':')}`;
}

/**
 * A quick test for text RFC 5952 already writes so (most services do): lower case, no group of zeros or with a
 * leading zero (so `::` holds the one zero run), `::` for two groups or more; no IPv4-mapped one (`ffff`).
 */
function writtenOneWay(text: string): boolean {
	if (text.length < 2 || text.length > 39 || text.includes('ffff')) return false;
	// a lone colon at an end makes no address
	if (/^:[^:]|[^:]:$/.test(text)) return false;
	let [groups, digits, doubles, afterColon] = [0, 0, 0, false];
	for (let at = 0; at < text.length; at++) {
		const code = text.charCodeAt(at);
		if (code === 58) {
			if (afterColon) doubles++;
			if (digits > 0) groups++;
			[digits, afterColon] = [0, true];
		} else if (
			(code >= 49 && code <= 57) ||
			(code >= 97 && code <= 102) ||
			(code === 48 && digits > 0)
		) {
			if (++digits > 4) return false;
			afterColon = false;
		} else return false;
	}
	if (digits > 0) groups++;
	return doubles === 1 ? groups <= 6 : doubles === 0 && groups === 8;
}

/** Whether `hostname` is an IP literal (v4 dotted quad or bracketed v6), which needs no DNS. */
export function isIpLiteral(hostname: string): boolean {
	return hostname.startsWith('[') || parseIpv4(hostname.replace(/\.$/, '')) !== undefined;
}

function ipv4Kind(address: number): string | undefined {
	const range = IPV4_RANGES.find(
		({ base, bits }) => address >>> (32 - bits) === parseIpv4(base)! >>> (32 - bits),
	);
	return range?.kind;
}

function parseIpv4(text: string): number | undefined {
	const parts = text.split('.');
	if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) < 256))
		return undefined;
	return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

function ipv6Kind(text: string): string | undefined {
	const groups = parseIpv6(text);
	if (!groups) return 'an IPv6 address that could not be read';
	const [first] = groups;
	const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
	if (zeroUpTo(8)) return 'an unspecified address';
	if (zeroUpTo(7) && groups[7] === 1) return 'a loopback address (this machine)';
	if ((first & 0xffc0) === 0xfe80) return 'a link-local address';
	if ((first & 0xffc0) === 0xfec0) return 'a site-local (private) address';
	if ((first & 0xfe00) === 0xfc00) return 'a unique local (private) address';
	// IPv4 carried inside IPv6 (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d) is judged
	// by the IPv4 address it carries.
	const mapped = zeroUpTo(5) && (groups[5] === 0xffff || groups[5] === 0);
	const nat64 = first === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
	if (mapped || nat64) return ipv4Kind(groups[6] * 0x10000 + groups[7]);
	return undefined;
}

/** Eight 16-bit groups, or undefined when the text is not an IPv6 address. */
function parseIpv6(text: string): number[] | undefined {
	let body = text.toLowerCase();
	if (body.includes('.')) {
		const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
		const ipv4 = dotted ? parseIpv4(dotted[1]) : undefined;
		if (dotted === null || ipv4 === undefined) return undefined;
		body = `${body.slice(0, dotted.index)}${(ipv4 >>> 16).toString(16)}:${(ipv4 & 0xffff).toString(16)}`;
	}
	const halves = body.split('::');
	if (halves.length > 2) return undefined;
	const head = halves[0] === '' ? [] : halves[0].split(':');
	const tail = halves.length === 2 && halves[1] !== '' ? halves[1].split(':') : [];
	const missing = 8 - head.length - tail.length;
	if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
	const groups: number[] = [];
	for (const part of head) groups.push(hexGroup(part));
	for (let zero = halves.length === 2 ? missing : 0; zero > 0; zero--) groups.push(0);
	for (const part of tail) groups.push(hexGroup(part));
	return groups.every((group) => group >= 0) ? groups : undefined;
}

/** One group of an IPv6 address (1 to 4 hex digits, lower case) as its number; -1 for anything else. */
function hexGroup(part: string): number {
	if (part.length === 0 || part.length > 4) return -1;
	let value = 0;
	for (let at = 0; at < part.length; at++) {
		const code = part.charCodeAt(at);
		const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;
		if (digit < 0) return -1;
		value = value * 16 + digit;
	}
	return value;
}
