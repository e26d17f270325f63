/**
 * The contract's `ScanData.qrId` is optional. On Get Scans (`GET /analytics-api/detailed/{id}`) the path names the
 * code, so an event without `qrId` is that code's; on Get Scans for Codes it is too when one code was asked. An
 * answer about several codes holding such an event is never attributed: its events are dropped and the codes are
 * asked one per request, the rest of the walk too (simulator `scansWithoutQrId`). Results equal the runs without
 * the mode, each event once.
 */
import type { IDataObject } from 'n8n-workflow';

import { pollTrigger, runNode } from '../../support/n8nHarness';
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { addScans, runForCodes } from './scanRuns';

const suite = useSimulator({ seed: false });
const DAY = 86_400_000;
const BULK_PATH = '/api/analytics-api/detailed/all';

const teams = organizations(suite, 'scans-without-qrid.example');

afterEach(() => {
	suite.sim.setChangeDrift({ scansWithoutQrId: undefined, scanCap: undefined });
});

/** How many codes each Get Scans for Codes request since `seq` asked for. */
function codesPerBulkRequest(seq: number): number[] {
	return suite.sim.requestLog
		.filter((entry) => entry.seq > seq && entry.path === BULK_PATH)
		.map((entry) => ((entry.body as IDataObject).qrIds as string[]).length);
}

const lastSeq = () => suite.sim.requestLog.at(-1)?.seq ?? 0;

/** Output items as sorted `[qrId, scanTime, city]` rows: the order across codes is the service's. */
function events(items: { json: IDataObject }[]): unknown[][] {
	return items
		.map((item) => [item.json.qrId, item.json.scanTime, item.json.city])
		.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('scan events without qrId', () => {
	it('Get Scans gives the events of the code asked for', async () => {
		const { codes, credentials } = teams.withCodes(1);
		const now = Date.now();
		suite.sim.state.addScan(codes[0].id, { scanTime: now - 2 * DAY, city: 'Lyon' });
		suite.sim.state.addScan(codes[0].id, { scanTime: now - DAY, city: 'Nice' });
		suite.sim.setChangeDrift({ scansWithoutQrId: 'one' });

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: { __rl: true, mode: 'id', value: codes[0].id },
				timeRange: 'allTime',
				returnAll: true,
			},
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.qrId, item.json.city])).toEqual([
			[codes[0].id, 'Lyon'],
			[codes[0].id, 'Nice'],
		]);
	});

	it('Get for Codes of one code gives its events in one request', async () => {
		const { codes, credentials } = teams.withCodes(2);
		const now = Date.now();
		suite.sim.state.addScan(codes[0].id, { scanTime: now - DAY, city: 'Lyon' });
		suite.sim.state.addScan(codes[1].id, { scanTime: now - DAY, city: 'Nice' });
		suite.sim.setChangeDrift({ scansWithoutQrId: 'bulk' });
		const before = lastSeq();

		const one = await runForCodes(credentials, 'getScansForCodes', codes[0].id, {
			timeRange: 'last7Days',
		});

		expect(one.error).toBeUndefined();
		expect(one.items.map((item) => [item.json.qrId, item.json.city])).toEqual([
			[codes[0].id, 'Lyon'],
		]);
		expect(codesPerBulkRequest(before)).toEqual([1]);
	});

	it('Get for Codes of several codes gives each code exactly its events, asked one code per request', async () => {
		const { codes, credentials } = teams.withCodes(3);
		const now = Date.now();
		suite.sim.state.addScan(codes[0].id, { scanTime: now - 2 * DAY, city: 'Lyon' });
		suite.sim.state.addScan(codes[0].id, { scanTime: now - DAY, city: 'Nice' });
		suite.sim.state.addScan(codes[1].id, { scanTime: now - DAY, city: 'Rome' });
		const ids = codes.map((code) => code.id).join(',');
		const scansOf = async () =>
			await runForCodes(credentials, 'getScansForCodes', ids, { timeRange: 'last7Days' });
		const expected = await scansOf();
		suite.sim.setChangeDrift({ scansWithoutQrId: 'bulk' });
		const before = lastSeq();

		const result = await scansOf();

		expect(expected.error).toBeUndefined();
		expect(result.error).toBeUndefined();
		expect(events(result.items)).toEqual(events(expected.items));
		expect(events(result.items).map(([qrId, , city]) => [qrId, city])).toEqual(
			[
				[codes[0].id, 'Lyon'],
				[codes[0].id, 'Nice'],
				[codes[1].id, 'Rome'],
			].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
		);
		// the answer about 3 codes is dropped (its events cannot be attributed), then each code once
		expect(codesPerBulkRequest(before)).toEqual([3, 1, 1, 1]);
	});

	it('Get Report of several codes counts the scans and uniques of each as without the mode', async () => {
		const { codes, credentials } = teams.withCodes(3, { plan: 'Enterprise' });
		const end = Date.now() - 60_000;
		addScans(suite.sim, codes[0].id, 300, end, 37);
		addScans(suite.sim, codes[1].id, 45, end, 20);
		const ids = codes.map((code) => code.id).join(',');
		const report = async () =>
			await runForCodes(credentials, 'getReport', ids, { timeRange: 'last30Days' });
		const expected = await report();
		suite.sim.setChangeDrift({ scansWithoutQrId: 'bulk' });
		const before = lastSeq();

		const result = await report();

		expect(expected.error).toBeUndefined();
		expect(result.error).toBeUndefined();
		const counts = (items: { json: IDataObject }[]) =>
			items.map((item) => [item.json.qrId, item.json.scans, item.json.uniqueScans]);
		expect(counts(result.items)).toEqual(counts(expected.items));
		expect(counts(result.items)).toEqual([
			[codes[0].id, 300, 37],
			[codes[1].id, 45, 20],
			[codes[2].id, 0, 0],
		]);
		// slices without scans are attributable (no events); from the first answer that cannot be attributed on,
		// every request asks one code: the 3 codes at once only before it
		const asked = codesPerBulkRequest(before);
		const firstPerCode = asked.indexOf(1);
		expect(firstPerCode).toBeGreaterThan(0);
		expect(asked.slice(0, firstPerCode).every((count) => count === 3)).toBe(true);
		expect(asked.slice(firstPerCode).every((count) => count === 1)).toBe(true);
		expect(asked.length - firstPerCode).toBeGreaterThan(3);
	});

	it('still splits a capped answer about one code', async () => {
		const { codes, credentials } = teams.withCodes(2, { plan: 'Enterprise' });
		const end = Date.now() - 60_000;
		addScans(suite.sim, codes[0].id, 250, end, 10);
		addScans(suite.sim, codes[1].id, 30, end, 5);
		const ids = codes.map((code) => code.id).join(',');
		const scansOf = async () =>
			await runForCodes(credentials, 'getScansForCodes', ids, { timeRange: 'last30Days' });
		const expected = await scansOf();
		suite.sim.setChangeDrift({ scansWithoutQrId: 'bulk', scanCap: 64 });
		const before = lastSeq();

		const result = await scansOf();

		expect(result.error).toBeUndefined();
		expect(expected.items).toHaveLength(280);
		expect(events(result.items)).toEqual(events(expected.items));
		const asked = codesPerBulkRequest(before);
		expect(asked.filter((count) => count > 1)).toEqual([2]);
		expect(asked.length).toBeGreaterThan(6);
	});

	it('the New Scans trigger reports the scans of several codes, each once', async () => {
		const { codes, credentials } = teams.withCodes(3, { plan: 'Enterprise' });
		const parameters = { triggerOn: 'newScans' };
		suite.sim.setChangeDrift({ scansWithoutQrId: 'bulk' });
		const first = await pollTrigger({ parameters, credentials, staticData: {} });
		const scanTime = suite.sim.clock.now();
		suite.sim.state.addScan(codes[0].id, { scanTime, city: 'Paris' });
		suite.sim.state.addScan(codes[2].id, { scanTime, city: 'Tokyo' });
		suite.sim.state.addScan(codes[2].id, { scanTime: scanTime + 1, city: 'Osaka' });

		const second = await pollTrigger({ parameters, credentials, staticData: first.staticData });
		const third = await pollTrigger({ parameters, credentials, staticData: second.staticData });

		expect(first.items).toBeNull();
		expect((second.items ?? []).map((item) => [item.json.qrId, item.json.city]).sort()).toEqual(
			[
				[codes[0].id, 'Paris'],
				[codes[2].id, 'Osaka'],
				[codes[2].id, 'Tokyo'],
			].sort(),
		);
		expect(third.items).toBeNull();
	});
});
