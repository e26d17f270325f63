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

	it('leaves data that parses as an address as sent unless its field names an address', () => {
		// ordinary values that parse as IP addresses: a code's name and Display ID, Chrome's reduced version, an
		// 8-byte hex id, a build number, a flag
		const data = {
			qrId: 'q',
			qrName: '10.0.0.1',
			qrDisplayId: '2.0.1.0',
			browserVersion: '120.0.0.0',
			deviceId: '00:1A:2B:3C:4D:5E:6F:70',
			build: '1.2.3.4',
			flags: '::',
			tags: ['1.2.3.4'],
			client: { version: '1.2.3.4', id: '::1' },
			remotePeerId: '10.0.0.2',
		};
		const scan = {
			...data,
			ipv6: '2001:DB8::5',
			remoteAddr: '192.0.2.6:443',
			forwardedFor: '192.0.2.7, 198.51.100.8',
			hops: ['192.0.2.9', 'edge'],
			proxy: { for: '192.0.2.10' },
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
		});
		expect(withIpPrivacy(scan, ipPrivacy('remove', inputs))).toEqual({
			...data,
			hops: ['edge'],
			proxy: {},
		});
		expect(withIpPrivacy(data, privacy)).toBe(data);
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
});
