/** The one IP rule of every scan output: hash (keyed), keep or remove, and the derived key's scope. */
import { createHmac } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import {
	defaultIpAddressMode,
	hashIpAddress,
	ipPrivacy,
	scanIpAddress,
	withIpPrivacy,
} from '../../../../nodes/shared/records/ipPrivacy';
import { excerptOf } from '../../../../nodes/shared/api/answerErrors';
import { isIpAddressText } from '../../../../nodes/shared/api/ipAddressFields';

const inputs = { workflowId: 'wf_1', credentialIdentity: 'client-a 0123abcd' };

describe('ipPrivacy', () => {
	it('hashes with HMAC-SHA256 of the normalised address under the IP Hash Key', () => {
		const privacy = ipPrivacy('hash', { ...inputs, hashKey: 'secret' });
		const expected = createHmac('sha256', 'secret').update('2001:db8::1').digest('hex');
		expect(
			withIpPrivacy({ qrId: 'q', ipAddress: ' 2001:DB8::1 ', city: 'Berlin' }, privacy),
		).toEqual({
			qrId: 'q',
			ipAddress: expected,
			city: 'Berlin',
		});
	});

	it("gives one visitor one hash: a port, a forwarding list's proxies and IPv4 written in IPv6 left out", () => {
		const key = ipPrivacy('hash', { ...inputs, hashKey: 'secret' }).key as Buffer;
		const expected = createHmac('sha256', 'secret').update('203.0.113.5').digest('hex');
		for (const address of [
			'203.0.113.5',
			'203.0.113.5:51234',
			'203.0.113.5, 198.51.100.7',
			'::ffff:203.0.113.5',
			'[::ffff:203.0.113.5]:443',
			'::ffff:cb00:7105',
			'10.0.0.2, 203.0.113.5',
		])
			expect([address, hashIpAddress(address, key)]).toEqual([address, expected]);
	});

	it('gives one IPv6 visitor one hash however the address is written', () => {
		const key = ipPrivacy('hash', { ...inputs, hashKey: 'secret' }).key as Buffer;
		const expected = createHmac('sha256', 'secret').update('2001:db8::1').digest('hex');
		for (const address of [
			'2001:db8::1',
			'2001:0DB8:0000:0000:0000:0000:0000:0001',
			'2001:db8:0::1',
		])
			expect([address, hashIpAddress(address, key)]).toEqual([address, expected]);
	});

	it('derives a key per workflow and credential when none is set', () => {
		const hash = (workflowId: string, credentialIdentity: string) =>
			hashIpAddress(
				'198.51.100.7',
				ipPrivacy('hash', { workflowId, credentialIdentity }).key as Buffer,
			);
		expect(hash('wf_1', 'client-a x')).toBe(hash('wf_1', 'client-a x'));
		expect(hash('wf_2', 'client-a x')).not.toBe(hash('wf_1', 'client-a x'));
		expect(hash('wf_1', 'client-b y')).not.toBe(hash('wf_1', 'client-a x'));
	});

	it('keeps or removes the address, and leaves an event without one as it was', () => {
		const scan = { qrId: 'q', ipAddress: '198.51.100.7' };
		expect(withIpPrivacy(scan, ipPrivacy('keep', inputs))).toBe(scan);
		expect(withIpPrivacy(scan, ipPrivacy('remove', inputs))).toEqual({ qrId: 'q' });
		const hashing = ipPrivacy('hash', inputs);
		expect(withIpPrivacy({ qrId: 'q', ipAddress: '' }, hashing)).toEqual({
			qrId: 'q',
			ipAddress: '',
		});
		expect(withIpPrivacy({ qrId: 'q' }, hashing)).toEqual({ qrId: 'q' });
	});

	it('treats an address under another name (ip, ip_address, clientIp, any case) as the address', () => {
		const scan = {
			qrId: 'q',
			ip: '198.51.100.7',
			ip_address: '198.51.100.8',
			clientIP: '2001:DB8::1',
			IpAddress: '198.51.100.9',
			city: 'Berlin',
		};
		const privacy = ipPrivacy('hash', { ...inputs, hashKey: 'secret' });
		const hash = (address: string) => hashIpAddress(address, privacy.key as Buffer);

		expect(withIpPrivacy(scan, privacy)).toEqual({
			qrId: 'q',
			ip: hash('198.51.100.7'),
			ip_address: hash('198.51.100.8'),
			clientIP: hash('2001:db8::1'),
			IpAddress: hash('198.51.100.9'),
			city: 'Berlin',
		});
		expect(withIpPrivacy(scan, ipPrivacy('remove', inputs))).toEqual({
			qrId: 'q',
			city: 'Berlin',
		});
		expect(withIpPrivacy(scan, ipPrivacy('keep', inputs))).toBe(scan);
	});

	it('leaves data that parses as an address as sent when a word of its field path says other data', () => {
		// ordinary values that parse as IP addresses: a code's name and Display ID, Chrome's reduced version, an
		// 8-byte hex id, a build number, firmware, a serial, a release
		const data = {
			qrId: 'q',
			qrName: '10.0.0.1',
			qrDisplayId: '2.0.1.0',
			browserVersion: '120.0.0.0',
			deviceId: '00:1A:2B:3C:4D:5E:6F:70',
			build: '1.2.3.4',
			client: { version: '1.2.3.4', id: '::1', release: '120.0.0.0' },
			remotePeerId: '10.0.0.2',
			equipment: { firmware: '1.2.3.4', serial: '00:1A:2B:3C:4D:5E:6F:70' },
			macAddress: '00:1A:2B:3C:4D:5E:6F:70',
			firmware: { hops: ['1.2.3.4'] },
		};
		const scan = {
			...data,
			ipv6: '2001:DB8::5',
			remoteAddr: '192.0.2.6:443',
			forwardedFor: '192.0.2.7, 198.51.100.8',
			hops: ['192.0.2.9', 'edge'],
			proxy: { for: '192.0.2.10' },
			flags: '::',
			tags: ['1.2.3.4'],
		};
		const privacy = ipPrivacy('hash', { ...inputs, hashKey: 'secret' });
		const hash = (address: string) => hashIpAddress(address, privacy.key as Buffer);

		expect(withIpPrivacy(scan, privacy)).toEqual({
			...data,
			ipv6: hash('2001:db8::5'),
			remoteAddr: hash('192.0.2.6:443'),
			forwardedFor: hash('192.0.2.7, 198.51.100.8'),
			hops: [hash('192.0.2.9'), 'edge'],
			proxy: { for: hash('192.0.2.10') },
			flags: hash('::'),
			tags: [hash('1.2.3.4')],
		});
		expect(withIpPrivacy(scan, ipPrivacy('remove', inputs))).toEqual({
			...data,
			hops: ['edge'],
			proxy: {},
			tags: [],
		});
		expect(withIpPrivacy(data, privacy)).toBe(data);
	});

	it('hashes or removes an address under any other name: privacy by default, words matched whole', () => {
		// before: names not on the allow-list (host, source, …) and names with an `at` word kept the address, and
		// names holding `ip`, `hop` inside a word (equipment, description, zip) decided for their fields
		const addressed = {
			host: '198.51.100.7',
			source: '198.51.100.7',
			origin: '2001:db8::1',
			visitor: '198.51.100.8',
			src: '198.51.100.9',
			edge: { via: '198.51.100.10' },
			ipSeenAt: '192.0.2.1',
			forwardedAt: '192.0.2.2',
			client_ip_name: '192.0.2.3',
			hostName: '192.0.2.4',
			description: '10.0.0.1',
			recipient: '10.0.0.1',
			shipping: '10.0.0.1',
			clipboard: '10.0.0.1',
			zip: '10.0.0.1',
			tip: '10.0.0.1',
			hopper: '10.0.0.1',
			script: '10.0.0.1',
			membership: '10.0.0.1',
			chipset: '10.0.0.1',
			snippet: '10.0.0.1',
			skipped: '10.0.0.1',
			addressLine: '10.0.0.1',
		};
		const kept = {
			qrName: '10.0.0.1',
			equipment: { firmware: '1.2.3.4', serial: '00:1A:2B:3C:4D:5E:6F:70', note: 'x' },
			client: { release: '120.0.0.0', os: 'Android' },
			scanTime: '2026-01-01T00:00:00.000Z',
			userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0.0.0',
		};
		const privacy = ipPrivacy('hash', { ...inputs, hashKey: 'secret' });
		const hashed = withIpPrivacy({ ...addressed, ...kept }, privacy);
		const removed = withIpPrivacy({ ...addressed, ...kept }, ipPrivacy('remove', inputs));

		expect(hashed).toMatchObject(kept);
		expect(removed).toEqual({ edge: {}, ...kept });
		for (const [field, value] of Object.entries(addressed))
			if (typeof value === 'string')
				expect(hashed[field as keyof typeof hashed]).toBe(
					hashIpAddress(value, privacy.key as Buffer),
				);
		expect(hashed.edge).toEqual({ via: hashIpAddress('198.51.100.10', privacy.key as Buffer) });
		// an error's excerpt withholds a value that parses as an address under any name, these words too
		const excerpt = excerptOf({ ...addressed, ...kept }, [], 100_000);
		expect(excerpt).not.toMatch(
			/198\.51\.100|192\.0\.2|10\.0\.0\.1|1\.2\.3\.4|2001:db8|"120\.0\.0\.0"/,
		);
	});

	it('hashes or removes an address with a zone index, and one inside JSON text of another field', () => {
		const scan = {
			qrId: 'q',
			remote: 'fe80::0%eth0',
			raw: JSON.stringify({ ipAddress: '192.0.2.70', agent: 'x' }),
			note: '{"version": "1.2.3.4"}',
		};
		const privacy = ipPrivacy('hash', { ...inputs, hashKey: 'secret' });
		const hash = (address: string) => hashIpAddress(address, privacy.key as Buffer);

		expect(withIpPrivacy(scan, privacy)).toEqual({
			qrId: 'q',
			remote: hash('fe80::0%eth0'),
			raw: JSON.stringify({ ipAddress: hash('192.0.2.70'), agent: 'x' }),
			note: '{"version": "1.2.3.4"}',
		});
		expect(withIpPrivacy(scan, ipPrivacy('remove', inputs))).toEqual({
			qrId: 'q',
			raw: JSON.stringify({ agent: 'x' }),
			note: '{"version": "1.2.3.4"}',
		});
	});

	it('removes an address by building the copy without it: fields in order, no deleted-key object, the event untouched', () => {
		const scan = { qrId: 'q', scanTime: 1, ipAddress: '198.51.100.7', city: 'Berlin' };
		const removed = withIpPrivacy(scan, ipPrivacy('remove', inputs));
		expect(Object.keys(removed)).toEqual(['qrId', 'scanTime', 'city']);
		expect(scan.ipAddress).toBe('198.51.100.7');
		// a field named __proto__ (JSON.parse makes it an own field) stays a field
		const odd = JSON.parse('{"qrId":"q","ipAddress":"198.51.100.7","__proto__":{"edge":"x"}}');
		const oddRemoved = withIpPrivacy(odd as IDataObject, ipPrivacy('remove', inputs));
		expect(Object.keys(oddRemoved)).toEqual(['qrId', '__proto__']);
		expect(Object.getPrototypeOf(oddRemoved)).toBe(Object.prototype);
		const nested = { qrId: 'q', visitor: { ip: '198.51.100.7', agent: 'x' } };
		expect(withIpPrivacy(nested, ipPrivacy('remove', inputs))).toEqual({
			qrId: 'q',
			visitor: { agent: 'x' },
		});
	});

	it("takes the visitor's address from the top level only: a nested one may be a proxy's, not the scanner's", () => {
		expect(scanIpAddress({ ipAddress: ' 198.51.100.7 ', ip: '198.51.100.8' })).toBe('198.51.100.7');
		expect(scanIpAddress({ visitor: { ip: '198.51.100.9' }, clientIp: '198.51.100.8' })).toBe(
			'198.51.100.8',
		);
		expect(scanIpAddress({ hops: [{ ip: '10.0.0.1' }, { ip: '198.51.100.9' }] })).toBeUndefined();
		expect(scanIpAddress({ qrId: 'q', device: 'mobile' })).toBeUndefined();
	});

	it('never shows an address field whose value is no text in Hash mode', () => {
		const privacy = ipPrivacy('hash', { ...inputs, hashKey: 'secret' });
		expect(
			withIpPrivacy({ qrId: 'q', ip: { v4: '198.51.100.7' }, ipAddress: null }, privacy),
		).toEqual({ qrId: 'q', ip: null, ipAddress: null });
	});

	it('hashes by default only from the versions that introduced the option', () => {
		expect(defaultIpAddressMode(true)).toBe('hash');
		expect(defaultIpAddressMode(false)).toBe('keep');
	});

	it('knows addresses in every form, and times, versions and user agents without the full parse', () => {
		for (const address of [
			'192.0.2.1',
			'::ffff:192.0.2.1',
			'2001:DB8::1',
			'[2001:db8::1]:443',
			'192.0.2.6:443',
			'fe80::1%eth0',
			'192.0.2.7, 2001:db8::2',
			'::',
			// zod refuses the mapped form in upper case: before, kept as sent
			'::FFFF:192.0.2.10',
		])
			expect(isIpAddressText(address)).toBe(true);
		// before: these passed the character filter and each went through the full parse (an excerpt of 100,000
		// scans: 120 -> 530 ms); now a test of the characters of a bare address stops them
		for (const other of [
			'2026-01-01T00:00:00.000Z',
			'Android 14.0.1',
			'1.2.3.4.5',
			'edge-1.example',
			'192.0.2.7, proxy',
			'12:30',
		])
			expect(isIpAddressText(other)).toBe(false);
	});

	it('reads IPv4 and IPv6 in a camelCase name as one address word, which wins over qr and id', () => {
		// before: split as `i pv6`, so `qrScanIPv6` read as a qr field and kept its address under Remove
		const scan = {
			qrId: 'q',
			qrScanIPv6: '2001:db8::1',
			codeIPv4Address: '192.0.2.7',
			qr: { IPv6: '2001:db8::5' },
			deviceId: { IPv4: '192.0.2.8' },
		};

		expect(withIpPrivacy(scan, ipPrivacy('remove', inputs))).toEqual({
			qrId: 'q',
			qr: {},
			deviceId: {},
		});
	});

	it('writes JSON text held as a string again only when an address in it was hashed or removed', () => {
		// before: text without an address was written again compact (`1.50` -> `1.5`, big integers rounded, an
		// escape written as its character) and Remove dropped its empty `ip`
		const scan = {
			qrId: 'q',
			raw: '{ "ip": "", "n": 1.50, "big": 12345678901234567890, "s": "caf\\u00e9" }',
			empty: '{ "ipAddress": null, "hops": [], "dup": 1, "dup": 2 }',
		};
		for (const mode of ['hash', 'remove'] as const)
			expect(withIpPrivacy(scan, ipPrivacy(mode, { ...inputs, hashKey: 'k' }))).toBe(scan);

		const held = { qrId: 'q', raw: '{ "ip": "192.0.2.1", "n": 1.50 }' };
		const privacy = ipPrivacy('hash', { ...inputs, hashKey: 'k' });
		expect(withIpPrivacy(held, privacy).raw).toBe(
			JSON.stringify({ ip: hashIpAddress('192.0.2.1', privacy.key as Buffer), n: 1.5 }),
		);
		expect(withIpPrivacy(held, ipPrivacy('remove', inputs)).raw).toBe('{"n":1.5}');
	});
});
