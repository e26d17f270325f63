import { isIpLiteral, localAddressKind } from '../../../../nodes/shared/localAddress';

/** The host as Download Image sees it: after WHATWG URL parsing, which normalises IPv4 and IPv6 forms. */
function kindOf(address: string): string | undefined {
	return localAddressKind(new URL(address).hostname);
}

describe('localAddressKind: hosts Download Image must not fetch', () => {
	it.each([
		['http://127.0.0.2/', 'a loopback address (this machine)'],
		['http://2130706433/', 'a loopback address (this machine)'],
		['http://0x7f.1/', 'a loopback address (this machine)'],
		['http://0177.0.0.1/', 'a loopback address (this machine)'],
		['http://127.1/', 'a loopback address (this machine)'],
		['http://127.0.0.1./', 'a loopback address (this machine)'],
		['http://[::1]/', 'a loopback address (this machine)'],
		['http://[0:0:0:0:0:0:0:1]/', 'a loopback address (this machine)'],
		['http://[::ffff:127.0.0.1]/', 'a loopback address (this machine)'],
		['http://[::127.0.0.1]/', 'a loopback address (this machine)'],
		['http://[64:ff9b::127.0.0.1]/', 'a loopback address (this machine)'],
		[
			'http://169.254.169.254/latest/meta-data/',
			'a link-local address (cloud metadata lives there)',
		],
		['http://[::ffff:169.254.169.254]/', 'a link-local address (cloud metadata lives there)'],
		['http://[fe80::1]/', 'a link-local address'],
		['http://[febf::1]/', 'a link-local address'],
		['http://[fc00::1]/', 'a unique local (private) address'],
		['http://[fd12:3456::1]/', 'a unique local (private) address'],
		['http://[fec0::1]/', 'a site-local (private) address'],
		['http://10.1.2.3/', 'a private address'],
		['http://172.16.0.1/', 'a private address'],
		['http://172.31.255.255/', 'a private address'],
		['http://192.168.1.1/', 'a private address'],
		['http://100.64.0.1/', 'a carrier-grade NAT (shared) address'],
		['http://100.127.255.255/', 'a carrier-grade NAT (shared) address'],
		['http://0.0.0.0/', 'an unspecified address'],
		['http://0/', 'an unspecified address'],
		['http://[::]/', 'an unspecified address'],
		['http://localhost/', 'a name only local resolvers answer'],
		['http://LOCALHOST./', 'a name only local resolvers answer'],
		['http://images.localhost/', 'a name only local resolvers answer'],
		['http://printer.local/', 'a name only local resolvers answer'],
		['http://metadata.google.internal/', 'a name only local resolvers answer'],
		['http://nas.home.arpa/', 'a name only local resolvers answer'],
		['http://metadata/', 'a single-label name, resolved inside the local network'],
	])('%s is %s', (address, kind) => {
		expect(kindOf(address)).toBe(kind);
	});

	it.each([
		'https://cdn.qrtrac.com/images/a.png',
		'http://8.8.8.8/',
		'http://172.32.0.1/',
		'http://172.15.255.255/',
		'http://100.128.0.1/',
		'http://169.255.0.1/',
		'http://[2606:4700::1111]/',
		'http://[::ffff:8.8.8.8]/',
		'http://[fe7f::1]/',
		'http://127.0.0.1.example.com/',
	])('%s is public-looking', (address) => {
		expect(kindOf(address)).toBeUndefined();
	});

	it('tells IP literals (judged without DNS) from names', () => {
		expect([
			isIpLiteral(new URL('http://2130706433/').hostname),
			isIpLiteral(new URL('http://[::1]/').hostname),
			isIpLiteral(new URL('http://cdn.qrtrac.com/').hostname),
			isIpLiteral(new URL('http://1.2.3.4.example/').hostname),
		]).toEqual([true, true, false, false]);
	});
});
