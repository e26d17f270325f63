/**
 * The contract's `ScanData.qrId` is optional. On Get Scans (`GET /analytics-api/detailed/{id}`) the path names the
 * code, so an event without `qrId` is that code's; on Get Scans for Codes it is too when one code was asked, and
 * cannot be attributed when several were: that read fails clearly (simulator `scansWithoutQrId`).
 */
import { runNode } from '../../support/n8nHarness';
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { runForCodes } from './scanRuns';

const suite = useSimulator({ seed: false });
const DAY = 86_400_000;

const teams = organizations(suite, 'scans-without-qrid.example');

afterEach(() => {
	suite.sim.setChangeDrift({ scansWithoutQrId: undefined });
});

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

	it('Get for Codes of one code gives its events; of several codes fails naming the reason', async () => {
		const { codes, credentials } = teams.withCodes(2);
		const now = Date.now();
		suite.sim.state.addScan(codes[0].id, { scanTime: now - DAY, city: 'Lyon' });
		suite.sim.state.addScan(codes[1].id, { scanTime: now - DAY, city: 'Nice' });
		suite.sim.setChangeDrift({ scansWithoutQrId: 'bulk' });
		const scansOf = async (qrCodeIds: string) =>
			await runForCodes(credentials, 'getScansForCodes', qrCodeIds, { timeRange: 'last7Days' });

		const one = await scansOf(codes[0].id);
		const both = await scansOf(codes.map((code) => code.id).join(','));

		expect(one.error).toBeUndefined();
		expect(one.items.map((item) => [item.json.qrId, item.json.city])).toEqual([
			[codes[0].id, 'Lyon'],
		]);
		expect(both.error?.message).toMatch(/Get Scans for Codes/);
		expect(`${both.error?.message} ${both.error?.description}`).toMatch(
			/"qrId" \(several codes were asked: an event without it cannot be attributed\)/,
		);
	});
});
