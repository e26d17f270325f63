/**
 * One shape per record kind (issue 25): a code, a scan and a per-code summary read the same in the QRTRAC node
 * (version 1.2) and in the QRTRAC Trigger's events, field by field, with ISO times and the short link; nodes
 * saved with 1.1 keep their output. Also the trigger's team picker (trigger version 1.1). Through n8n-core
 * against the simulator; build first (`npm run build`).
 */
import type { IDataObject } from 'n8n-workflow';

import { pollTrigger, runNode, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let accounts = 0;

function newAccount() {
	accounts += 1;
	const { org, team } = suite.sim.state.createOrganization(`Shapes Org ${accounts}`, {
		name: 'Owner',
		email: `owner${accounts}@shapes.example`,
	});
	const client = suite.sim.state.addApiClient(org.id);
	const credentials: HarnessCredentials = { baseUrl: suite.sim.url, ...client, plan: 'Enterprise' };
	return { org, team, credentials };
}

function createCode(teamId: string, name: string) {
	return suite.sim.state.createQr(teamId, {
		qrType: 'WEB',
		qrRedirectUrl: 'https://example.com/',
		name,
	});
}

/** A trigger whose static data persists between polls as n8n stores it. */
function trigger(
	credentials: HarnessCredentials,
	parameters: Record<string, unknown>,
	typeVersion?: number,
) {
	let staticData: IDataObject = {};
	return async (): Promise<IDataObject[]> => {
		const result = await pollTrigger({ parameters, typeVersion, credentials, staticData });
		staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
		return (result.items ?? []).map((item) => item.json);
	};
}

async function action(
	credentials: HarnessCredentials,
	parameters: Record<string, unknown>,
	typeVersion?: number,
): Promise<IDataObject[]> {
	const result = await runNode({ nodeType: 'qrtrac', parameters, typeVersion, credentials });
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

/** Every field of `row` has the same value in `event`. */
function expectSameFields(row: IDataObject, event: IDataObject): void {
	const shared: IDataObject = {};
	for (const key of Object.keys(row)) shared[key] = event[key];
	expect(shared).toEqual(row);
}

describe("one code shape: QR Code Get (1.2) and the trigger's Code Changes events", () => {
	it('carries the same fields, the short link and ISO times in both', async () => {
		const { team, credentials } = newAccount();
		const poll = trigger(credentials, { triggerOn: 'codeChanges' });
		expect(await poll()).toEqual([]);
		const code = createCode(team.id, 'Poster');

		const [event] = await poll();
		const [got] = await action(credentials, {
			resource: 'qrCode',
			operation: 'get',
			qrCodeId: { __rl: true, mode: 'id', value: code.id },
		});

		expect(event.event).toBe('created');
		expect(event.shortUrl).toBe(`${code.baseUrl}${code.displayId}`);
		expect(event.createdAtIso).toBe(new Date(code.createdAt).toISOString());
		expect(got.shortUrl).toBe(event.shortUrl);
		expectSameFields(got, event);
	});
});

describe("one scan shape: Scan rows (1.2) and the trigger's New Scans events", () => {
	it('names the code and gives the ISO time in Get for Codes, Get for a Code and the event alike', async () => {
		const { team, credentials } = newAccount();
		const code = createCode(team.id, 'Flyer');
		createCode(team.id, 'Unscanned');
		// one IP Hash Key: the same visitor's hash in every output (without one, each workflow has its own key)
		const ipHash = { ipAddress: 'hash', ipHashKey: 'shape-key' };
		const poll = trigger(credentials, { triggerOn: 'newScans', options: ipHash });
		expect(await poll()).toEqual([]);
		suite.sim.state.addScan(code.id, { scanTime: suite.sim.clock.now(), city: 'Paris' });

		const events = await poll();
		const forCodes = await action(credentials, {
			resource: 'analytics',
			operation: 'getScansForCodes',
			codeSelection: 'all',
			timeRange: 'last24Hours',
			options: ipHash,
		});
		const forCode = await action(credentials, {
			resource: 'analytics',
			operation: 'getScans',
			qrCodeId: { __rl: true, mode: 'id', value: code.id },
			timeRange: 'allTime',
			returnAll: true,
			options: ipHash,
		});

		expect(events).toHaveLength(1);
		expect(events[0]).toMatchObject({
			event: 'scan',
			qrId: code.id,
			qrName: 'Flyer',
			qrDisplayId: code.displayId,
			qrShortUrl: `${code.baseUrl}${code.displayId}`,
			city: 'Paris',
		});
		expect(events[0].scanTimeIso).toBe(new Date(Number(events[0].scanTime)).toISOString());
		expect(forCodes).toHaveLength(1);
		expectSameFields(forCodes[0], events[0]);
		expectSameFields(forCode[0], events[0]);
	});

	it("keeps Get for a Code without the code's names on nodes saved with 1.1", async () => {
		const { team, credentials } = newAccount();
		const code = createCode(team.id, 'Old');
		suite.sim.state.addScan(code.id, { city: 'Rome' });

		const [row] = await action(
			credentials,
			{
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: { __rl: true, mode: 'id', value: code.id },
				timeRange: 'allTime',
				returnAll: true,
			},
			1.1,
		);

		expect(row.city).toBe('Rome');
		expect(row.qrName).toBeUndefined();
		expect(row.scanTimeIso).toEqual(expect.any(String));
	});
});

describe('one summary shape: Get Totals and One Item per Code (1.2)', () => {
	it('names the code as scan rows do, with ISO times and dates and no undefined fields', async () => {
		const { team, credentials } = newAccount();
		const scanned = createCode(team.id, 'Scanned');
		const fresh = createCode(team.id, 'Fresh');
		const scanTime = suite.sim.clock.now() - 1000;
		suite.sim.state.addScan(scanned.id, { scanTime, country: 'FR' });

		const totals = await action(credentials, {
			resource: 'analytics',
			operation: 'getTotals',
			codeSelection: 'list',
			qrCodeIds: `${scanned.id},${fresh.id}`,
		});
		const perCode = await action(credentials, {
			resource: 'analytics',
			operation: 'getScansForCodes',
			codeSelection: 'list',
			qrCodeIds: `${scanned.id},${fresh.id}`,
			timeRange: 'last24Hours',
			options: { perCode: true },
		});

		const today = new Date(suite.sim.clock.now()).toISOString().slice(0, 10);
		expect(totals[0]).toMatchObject({
			qrId: scanned.id,
			qrName: 'Scanned',
			qrDisplayId: scanned.displayId,
			qrShortUrl: `${scanned.baseUrl}${scanned.displayId}`,
			totalScans: 1,
			lastScanTime: scanTime,
			lastScanTimeIso: new Date(scanTime).toISOString(),
			createdAtIso: new Date(scanned.createdAt).toISOString(),
			todayDate: today,
		});
		expect(totals[1]).toMatchObject({ qrId: fresh.id, lastScanTime: null, lastScanTimeIso: null });
		for (const row of totals) {
			expect(Object.keys(row)).not.toContain('id');
			expect(Object.keys(row)).not.toContain('updatedAt');
			expect(Object.values(row)).not.toContain(undefined);
		}
		expect(perCode[0]).toMatchObject({
			qrId: scanned.id,
			qrName: 'Scanned',
			qrShortUrl: totals[0].qrShortUrl,
			lastScanTime: scanTime,
			lastScanTimeIso: totals[0].lastScanTimeIso,
		});
		expect(perCode[1]).toMatchObject({ qrId: fresh.id, lastScanTime: null, lastScanTimeIso: null });
	});

	it("keeps `id`, `updatedAt` and the service's date on nodes saved with 1.1", async () => {
		const { team, credentials } = newAccount();
		const code = createCode(team.id, 'Old totals');

		const [row] = await action(
			credentials,
			{
				resource: 'analytics',
				operation: 'getTotals',
				codeSelection: 'list',
				qrCodeIds: code.id,
			},
			1.1,
		);

		expect(row.id).toBe(code.id);
		expect(row.qrId).toBeUndefined();
		expect(row.lastScanTime).toBeUndefined();
		expect(row.todayDate).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
	});
});

describe('the trigger picks its team as the actions do (trigger 1.1)', () => {
	it('watches the team picked By URL, and a version 1 node keeps its dropdown value', async () => {
		const main = newAccount();
		const other = suite.sim.state.createTeam(main.org.id, 'Other team');
		const byUrl = trigger(main.credentials, {
			triggerOn: 'codeChanges',
			team: {
				__rl: true,
				mode: 'url',
				value: `${main.credentials.baseUrl}/api/teams-api/${other.id}`,
			},
		});
		const byDropdown = trigger(main.credentials, { triggerOn: 'codeChanges', team: other.id }, 1);
		await byUrl();
		await byDropdown();
		const code = createCode(other.id, 'In the other team');
		createCode(main.team.id, 'In the main team');

		expect((await byUrl()).map((event) => event.id)).toEqual([code.id]);
		expect((await byDropdown()).map((event) => event.id)).toEqual([code.id]);
	});
});

describe('one member shape: Team > Get (1.2) and Team Member > Get Many', () => {
	it('lists each member with its team and status in both; Team > Get of 1.1 keeps the members as sent', async () => {
		const { team, credentials } = newAccount();
		const teamRef = { __rl: true, mode: 'id', value: team.id };

		const [got] = await action(credentials, {
			resource: 'team',
			operation: 'get',
			teamId: teamRef,
		});
		const listed = await action(credentials, {
			resource: 'teamMember',
			operation: 'getMany',
			teamId: teamRef,
			returnAll: true,
		});
		const [old] = await action(
			credentials,
			{ resource: 'team', operation: 'get', teamId: teamRef },
			1.1,
		);

		expect(listed.length).toBeGreaterThan(0);
		expect(got.members).toEqual(listed);
		expect(listed[0]).toMatchObject({ teamId: team.id, status: expect.any(String) });
		expect((old.members as IDataObject[])[0].teamId).toBeUndefined();
	});
});
