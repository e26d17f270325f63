/**
 * holdsDomains, the one comparison of a team's domains with the ones asked (a re-run's unsent change, a refused
 * retry, a change's answer): host names as a set, without case, spaces or a trailing `/`.
 */
import { holdsDomains } from '../../../../nodes/shared/api';

const asked = { domains: ['go.example.com', 'qr.example.com'], defaultDomain: 'qr.example.com' };

describe('holdsDomains', () => {
	it.each([
		['in another order', ['qr.example.com', 'go.example.com'], 'qr.example.com'],
		['in another case', ['Go.Example.com', 'QR.EXAMPLE.COM'], 'QR.example.com'],
		['with a trailing slash', ['go.example.com/', 'qr.example.com/'], 'qr.example.com/'],
		['with surrounding spaces', [' go.example.com', 'qr.example.com '], ' qr.example.com'],
		[
			'with a domain repeated',
			['go.example.com', 'qr.example.com', 'go.example.com'],
			'qr.example.com',
		],
	])('holds domains stored %s', (_case, domains, defaultDomain) => {
		expect(holdsDomains({ domains, defaultDomain }, asked)).toBe(true);
	});

	it.each([
		['a domain missing', ['qr.example.com'], 'qr.example.com'],
		['a domain more', ['go.example.com', 'qr.example.com', 'x.example.com'], 'qr.example.com'],
		['another default', ['go.example.com', 'qr.example.com'], 'go.example.com'],
		['no default', ['go.example.com', 'qr.example.com'], undefined],
		['a path', ['go.example.com/x', 'qr.example.com'], 'qr.example.com'],
	])('does not hold domains with %s', (_case, domains, defaultDomain) => {
		expect(holdsDomains({ domains, defaultDomain }, asked)).toBe(false);
	});

	it.each([
		[
			'with a trailing dot (the root)',
			['go.example.com.', 'xn--bcher-kva.example.'],
			'go.example.com.',
		],
		['in Unicode where punycode was asked', ['go.example.com', 'bücher.example'], 'go.example.com'],
	])('holds one host name written %s', (_case, domains, defaultDomain) => {
		const idn = {
			domains: ['go.example.com', 'xn--bcher-kva.example'],
			defaultDomain: 'go.example.com',
		};
		expect(holdsDomains({ domains, defaultDomain }, idn)).toBe(true);
		expect(
			holdsDomains({ domains, defaultDomain }, { ...idn, defaultDomain: 'xn--bcher-kva.example' }),
		).toBe(false);
	});

	it('does not hold a team without a list of domains', () => {
		expect(holdsDomains({ defaultDomain: 'qr.example.com' }, asked)).toBe(false);
		expect(
			holdsDomains({ domains: 'qr.example.com', defaultDomain: 'qr.example.com' }, asked),
		).toBe(false);
	});
});
