/**
 * The IP address of the person who scanned on every output that carries scan events (Scan > Get for a Code, Get
 * for Codes, Get Report without Simplify, the trigger's New Scans): hashed by default from node version 1.2
 * (trigger 1.1), kept or removed when asked, kept as before by nodes saved with older versions.
 */
import { createHmac } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { pollTrigger, runNode, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

const IPS = ['198.51.100.7', '2001:DB8::1', '198.51.100.7'];
const HOUR = 3_600_000;

let orgCount = 0;

function newScannedCode() {
	orgCount += 1;
	const { org, team } = suite.sim.state.createOrganization(
		`Privacy Org ${orgCount}`,
		{ name: 'Olivia Owner', email: `owner${orgCount}@privacy.example` },
		'Main',
	);
	const credentials: HarnessCredentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, 'owner', team.id),
		plan: 'Enterprise',
	};
	const code = suite.sim.state.createQr(team.id, {
		name: 'Flyer',
		qrType: 'WEB',
		qrRedirectUrl: 'https://example.com/',
	});
	const now = Date.now();
	IPS.forEach((ipAddress, index) =>
		suite.sim.state.addScan(code.id, { scanTime: now - (3 - index) * HOUR, ipAddress }),
	);
	return { code, credentials };
}

const hmac = (key: string, ip: string) =>
	createHmac('sha256', key).update(ip.trim().toLowerCase()).digest('hex');

/** The parameters of each action output that carries scan events, for one code. */
const actionOutputs: Record<string, (qrId: string) => Record<string, unknown>> = {
	'Get for a Code': (qrId) => ({
		resource: 'analytics',
		operation: 'getScans',
		qrCodeId: { __rl: true, mode: 'id', value: qrId },
		timeRange: 'last24Hours',
		returnAll: true,
	}),
	'Get for Codes': (qrId) => ({
		resource: 'analytics',
		operation: 'getScansForCodes',
		codeSelection: 'list',
		qrCodeIds: qrId,
		timeRange: 'last24Hours',
	}),
	'Get Report without Simplify': (qrId) => ({
		resource: 'analytics',
		operation: 'getReport',
		codeSelection: 'list',
		qrCodeIds: qrId,
		timeRange: 'last24Hours',
		simplify: false,
	}),
};

async function ipsOf(
	output: string,
	options: IDataObject,
	typeVersion?: number,
): Promise<{ ips: unknown[]; rows: IDataObject[] }> {
	const { code, credentials } = newScannedCode();
	const parameters = { ...actionOutputs[output](code.id), options };
	const result = await runNode({ nodeType: 'qrtrac', parameters, credentials, typeVersion });
	expect(result.error).toBeUndefined();
	const rows = result.items.map((item) => item.json);
	return { ips: rows.map((row) => row.ipAddress), rows };
}

describe.each(Object.keys(actionOutputs))('IP address on %s', (output) => {
	it('hashes with the IP Hash Key', async () => {
		const { ips } = await ipsOf(output, { ipAddress: 'hash', ipHashKey: 'campaign-key' });
		expect(ips).toEqual(IPS.map((ip) => hmac('campaign-key', ip)));
	});

	it('hashes by default in version 1.2, with a key of the workflow: one visitor, one value', async () => {
		const { ips } = await ipsOf(output, {});
		expect(ips).toHaveLength(3);
		expect(ips[0]).toMatch(/^[0-9a-f]{64}$/);
		expect(ips[2]).toBe(ips[0]);
		expect(ips[1]).not.toBe(ips[0]);
		expect(ips[0]).not.toBe(hmac('', IPS[0]));
	});

	it('keeps the address when asked, and by default in nodes saved as version 1.1 (Get Report: hashes)', async () => {
		expect((await ipsOf(output, { ipAddress: 'keep' })).ips).toEqual(IPS);
		const { ips } = await ipsOf(output, {}, 1.1);
		if (output === 'Get Report without Simplify') {
			// A new operation has no earlier behaviour to keep: it hashes in every version.
			expect(ips).toHaveLength(3);
			expect(ips.every((ip) => typeof ip === 'string' && /^[0-9a-f]{64}$/.test(ip))).toBe(true);
		} else expect(ips).toEqual(IPS);
	});

	it('removes the address when asked', async () => {
		const { rows } = await ipsOf(output, { ipAddress: 'remove' });
		expect(rows).toHaveLength(3);
		expect(rows.some((row) => 'ipAddress' in row)).toBe(false);
		expect(rows.every((row) => typeof row.scanTime === 'number')).toBe(true);
	});
});

describe.each(Object.keys(actionOutputs))('IP options that are no value on %s', (output) => {
	const lastSeq = () => suite.sim.requestLog.at(-1)?.seq ?? 0;

	/** The item's error with `options`, and the requests it sent. */
	async function refusal(options: IDataObject, typeVersion?: number) {
		const { code, credentials } = newScannedCode();
		const before = lastSeq();
		const parameters = { ...actionOutputs[output](code.id), options };
		const result = await runNode({ nodeType: 'qrtrac', parameters, credentials, typeVersion });
		const sent = suite.sim.requestLog.filter((entry) => entry.seq > before);
		return { error: result.error, items: result.items, sent };
	}

	// version 1.1 keeps the address by default (Get for a Code, Get for Codes): taken here, it was output as sent
	it.each(['={{ $vars.IP_ADDRESS_UNSET }}', '={{ null }}'])(
		'an IP Address written as %s (giving nothing) fails the item naming the field, before any request',
		async (ipAddress) => {
			const { error, items, sent } = await refusal({ ipAddress }, 1.1);
			expect(error?.message).toBe('Item 0: "IP Address" is an expression that gave no value');
			expect(error?.description).toMatch(/^Nothing was sent to QRTRAC for this item\./);
			expect(items).toEqual([]);
			expect(sent).toEqual([]);
		},
	);

	it('an IP Hash Key that is no text fails the item naming the field, before any request', async () => {
		const { error, sent } = await refusal({ ipAddress: 'hash', ipHashKey: '={{ 12345 }}' });
		expect(error?.message).toBe('Item 0: "IP Hash Key" must be text');
		expect(sent).toEqual([]);
	});
});

describe.each(Object.keys(actionOutputs))('IP address nested in a scan event on %s', (output) => {
	/** ScanData allows more fields: an address may also come inside one, e.g. a visitor object or a list of hops. */
	async function nestedRows(options: IDataObject) {
		const { code, credentials } = newScannedCode();
		suite.sim.state.addScan(code.id, {
			scanTime: Date.now() - HOUR / 2,
			ipAddress: '192.0.2.1',
			visitor: { ip: '192.0.2.2', agent: 'Safari' },
			hops: [{ clientIp: '192.0.2.3' }, 'edge'],
		} as never);
		const parameters = { ...actionOutputs[output](code.id), options };
		const result = await runNode({ nodeType: 'qrtrac', parameters, credentials });
		expect(result.error).toBeUndefined();
		const row = result.items.map((item) => item.json).find((json) => 'visitor' in json);
		expect(row).toBeDefined();
		return row as IDataObject;
	}

	it('hashes or removes it as the top-level address, and keeps it when asked', async () => {
		const hashed = await nestedRows({ ipAddress: 'hash', ipHashKey: 'campaign-key' });
		const removed = await nestedRows({ ipAddress: 'remove' });
		const kept = await nestedRows({ ipAddress: 'keep' });

		expect(hashed.visitor).toEqual({ ip: hmac('campaign-key', '192.0.2.2'), agent: 'Safari' });
		expect(hashed.hops).toEqual([{ clientIp: hmac('campaign-key', '192.0.2.3') }, 'edge']);
		expect(removed.visitor).toEqual({ agent: 'Safari' });
		expect(removed.hops).toEqual([{}, 'edge']);
		for (const row of [hashed, removed]) expect(JSON.stringify(row)).not.toMatch(/192\.0\.2\./);
		expect(kept.visitor).toEqual({ ip: '192.0.2.2', agent: 'Safari' });
		expect(kept.hops).toEqual([{ clientIp: '192.0.2.3' }, 'edge']);
	});
});

describe('IP address on the New Scans trigger', () => {
	/** The events of the second poll (the first learns the service's time), one scan made in between. */
	async function newScans(
		options: IDataObject,
		typeVersion?: number,
		workflowIds: [string, string] = ['wf-privacy', 'wf-privacy'],
	) {
		const { code, credentials } = newScannedCode();
		const parameters = { triggerOn: 'newScans', options };
		const first = await pollTrigger({
			parameters,
			credentials,
			staticData: {},
			typeVersion,
			workflowId: workflowIds[0],
		});
		suite.sim.state.addScan(code.id, { ipAddress: '203.0.113.5' });
		const second = await pollTrigger({
			parameters,
			credentials,
			staticData: JSON.parse(JSON.stringify(first.staticData)) as IDataObject,
			typeVersion,
			workflowId: workflowIds[1],
		});
		return (second.items ?? []).map((item) => item.json);
	}

	it('hashes by default in version 1.1, stable within the workflow and different in another', async () => {
		const { code, credentials } = newScannedCode();
		const parameters = { triggerOn: 'newScans' };
		let staticData: IDataObject = {};
		const pollIn = async (workflowId: string) => {
			const result = await pollTrigger({ parameters, credentials, staticData, workflowId });
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
			return (result.items ?? []).map((item) => item.json);
		};
		await pollIn('wf-privacy');
		const hashes: unknown[] = [];
		for (const workflowId of ['wf-privacy', 'wf-privacy', 'wf-other']) {
			suite.sim.state.addScan(code.id, { ipAddress: '203.0.113.5' });
			const events = await pollIn(workflowId);
			expect(events).toHaveLength(1);
			hashes.push(events[0].ipAddress);
		}
		expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
		expect(hashes[1]).toBe(hashes[0]);
		expect(hashes[2]).not.toBe(hashes[0]);
	});

	it('hashes as the Scan operations do with an IP Hash Key pasted with spaces or a line break around it', async () => {
		for (const ipHashKey of [' campaign-key', 'campaign-key\n']) {
			const [event] = await newScans({ ipAddress: 'hash', ipHashKey });
			const { ips } = await ipsOf('Get for a Code', { ipAddress: 'hash', ipHashKey });
			expect(event.ipAddress).toBe(hmac('campaign-key', '203.0.113.5'));
			expect(ips).toEqual(IPS.map((ip) => hmac('campaign-key', ip)));
		}
	});

	it('hashes with the IP Hash Key, keeps or removes when asked, keeps by default in version 1', async () => {
		const [keyed] = await newScans({ ipAddress: 'hash', ipHashKey: 'campaign-key' });
		const [kept] = await newScans({ ipAddress: 'keep' });
		const [removed] = await newScans({ ipAddress: 'remove' });
		const [old] = await newScans({}, 1);
		expect(keyed.ipAddress).toBe(hmac('campaign-key', '203.0.113.5'));
		expect(kept.ipAddress).toBe('203.0.113.5');
		expect(removed).toMatchObject({ event: 'scan' });
		expect(removed).not.toHaveProperty('ipAddress');
		expect(old.ipAddress).toBe('203.0.113.5');
	});
});

describe.each(Object.keys(actionOutputs))('IP address under a name of its own on %s', (output) => {
	/** ScanData allows more fields, under any name: a value that is an address is one, whatever its field. */
	async function ownNameRow(options: IDataObject) {
		const { code, credentials } = newScannedCode();
		suite.sim.state.addScan(code.id, {
			scanTime: Date.now() - HOUR / 2,
			ipAddress: '192.0.2.1',
			ipv6: '2001:DB8::5',
			remoteAddr: '192.0.2.6:443',
			forwardedFor: '192.0.2.7, 198.51.100.8',
			hops: ['192.0.2.9', 'edge'],
			referrer: 'https://example.com/',
		} as never);
		const parameters = { ...actionOutputs[output](code.id), options };
		const result = await runNode({ nodeType: 'qrtrac', parameters, credentials });
		expect(result.error).toBeUndefined();
		const row = result.items.map((item) => item.json).find((json) => 'hops' in json);
		expect(row).toBeDefined();
		return row as IDataObject;
	}

	it('hashes or removes it, and keeps it when asked', async () => {
		const hashed = await ownNameRow({ ipAddress: 'hash', ipHashKey: 'campaign-key' });
		const removed = await ownNameRow({ ipAddress: 'remove' });
		const kept = await ownNameRow({ ipAddress: 'keep' });

		expect(hashed.ipv6).toBe(hmac('campaign-key', '2001:db8::5'));
		// one visitor, one hash: the port and a forwarding list's proxies are left out (records/ipPrivacy.ts)
		expect(hashed.remoteAddr).toBe(hmac('campaign-key', '192.0.2.6'));
		expect(hashed.forwardedFor).toBe(hmac('campaign-key', '192.0.2.7'));
		expect(hashed.hops).toEqual([hmac('campaign-key', '192.0.2.9'), 'edge']);
		expect(removed.hops).toEqual(['edge']);
		for (const field of ['ipAddress', 'ipv6', 'remoteAddr', 'forwardedFor'])
			expect(field in removed).toBe(false);
		for (const row of [hashed, removed]) {
			expect(JSON.stringify(row)).not.toMatch(/192\.0\.2\.|198\.51\.100|2001:db8/i);
			expect(row.referrer).toBe('https://example.com/');
		}
		expect(kept.ipv6).toBe('2001:DB8::5');
		expect(kept.hops).toEqual(['192.0.2.9', 'edge']);
	});
});

describe.each(Object.keys(actionOutputs))('Data that parses as an IP address on %s', (output) => {
	/**
	 * A code named "10.0.0.1", Chrome's reduced version, firmware: data, kept as sent by Hash and Remove; an address
	 * under any other name (`host`, `edge.via`, `ipSeenAt`) hashed or removed.
	 */
	it('stays as sent when a word of its field path says other data, and is an address under any other name', async () => {
		const { code, credentials } = newScannedCode();
		const named = suite.sim.state.getQr(code.id)!;
		named.name = '10.0.0.1';
		named.displayId = '2.0.1.0';
		suite.sim.state.addScan(code.id, {
			scanTime: Date.now() - HOUR / 2,
			ipAddress: '192.0.2.1',
			browserVersion: '120.0.0.0',
			deviceId: '00:1A:2B:3C:4D:5E:6F:70',
			build: '1.2.3.4',
			buildFlags: '::',
			remoteAddr: '192.0.2.6:443',
			host: '192.0.2.11',
			edge: { via: '192.0.2.12' },
			ipSeenAt: '192.0.2.13',
			equipment: { firmware: '1.2.3.4' },
			client: { release: '120.0.0.0' },
		} as never);
		for (const ipAddress of ['hash', 'remove']) {
			const parameters = { ...actionOutputs[output](code.id), options: { ipAddress } };
			const result = await runNode({ nodeType: 'qrtrac', parameters, credentials });
			expect(result.error).toBeUndefined();
			const row = result.items.map((item) => item.json).find((json) => 'buildFlags' in json);
			expect(row).toMatchObject({
				browserVersion: '120.0.0.0',
				deviceId: '00:1A:2B:3C:4D:5E:6F:70',
				build: '1.2.3.4',
				buildFlags: '::',
				equipment: { firmware: '1.2.3.4' },
				client: { release: '120.0.0.0' },
			});
			if (output !== 'Get for a Code')
				expect(row).toMatchObject({ qrName: '10.0.0.1', qrDisplayId: '2.0.1.0' });
			expect(JSON.stringify(row)).not.toMatch(/192\.0\.2\./);
		}
	});
});
