/**
 * A listed ID the team does not hold (a typo, another team's code) where the service answers Get Scans for Codes
 * with no events for it instead of refusing it (simulator `scansOfUnheldCodes: 'none'`; the contract does not say
 * which): Get Report and Get for Codes fail the item naming the entry, never a row of 0 scans for a code that is
 * not there. A live code without scans costs no extra request.
 */
import { runNode } from '../../support/n8nHarness';
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { runForCodes } from './scanRuns';

const suite = useSimulator({ seed: false });
jest.setTimeout(30_000);
const DAY = 86_400_000;

const teams = organizations(suite, 'unheld-codes.example');

afterEach(() => suite.sim.setChangeDrift({ scansOfUnheldCodes: undefined }));

const codeReads = (since: number) =>
	suite.sim.requestLog.filter(
		(entry) => entry.seq > since && entry.path.startsWith('/api/qrs-api/teams/'),
	).length;
const lastSeq = () => suite.sim.requestLog.at(-1)?.seq ?? 0;

describe('a listed code the team does not hold, answered with no events', () => {
	it('Get Report fails the item naming an unknown ID, not a row of 0 scans', async () => {
		const { codes, credentials } = teams.withCodes(1);
		suite.sim.state.addScan(codes[0].id, { scanTime: Date.now() - DAY, ipAddress: '192.0.2.1' });
		suite.sim.setChangeDrift({ scansOfUnheldCodes: 'none' });

		const result = await runForCodes(credentials, 'getReport', `${codes[0].id}, qr_typo404`, {
			timeRange: 'last7Days',
		});

		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe('Item 0: QR code not found: "qr_typo404"');
	});

	it("Get Report (Summary) and Get for Codes fail the item naming another team's code", async () => {
		const { codes, credentials } = teams.withCodes(1);
		const other = teams.withCodes(1).codes[0];
		suite.sim.setChangeDrift({ scansOfUnheldCodes: 'none' });
		const listed = `${codes[0].id}, ${other.id}`;

		const report = await runForCodes(credentials, 'getReport', listed, {
			timeRange: 'last7Days',
			reportLayout: 'summary',
		});
		const perCode = await runForCodes(credentials, 'getScansForCodes', listed, {
			timeRange: 'last7Days',
			options: { perCode: true },
		});
		const events = await runForCodes(credentials, 'getScansForCodes', listed, {
			timeRange: 'last7Days',
		});

		for (const result of [report, perCode, events]) {
			expect(result.items).toEqual([]);
			expect(result.error?.message).toBe(`Item 0: QR code not found: "${other.id}"`);
		}
	});

	it('a live code without scans still gives 0, with no request for the code', async () => {
		const { codes, credentials } = teams.withCodes(2);
		suite.sim.state.addScan(codes[0].id, { scanTime: Date.now() - DAY, ipAddress: '192.0.2.1' });
		suite.sim.setChangeDrift({ scansOfUnheldCodes: 'none' });
		const before = lastSeq();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getReport',
				codeSelection: 'list',
				qrCodeIds: codes.map((code) => code.id).join(', '),
				timeRange: 'last7Days',
			},
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.qrId, item.json.scans])).toEqual([
			[codes[0].id, 1],
			[codes[1].id, 0],
		]);
		expect(codeReads(before)).toBe(0);
	});
});
