/**
 * "All Codes of the Team" of the many-code Scan operations (Get for Codes, Get Report, Get Totals) through n8n's
 * engine against the simulator: a code deleted between the team's listing and the read of its scans or totals.
 */
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { runNode } from '../../support/n8nHarness';

const HOUR = 3_600_000;

const suite = useSimulator({ seed: false });
const teams = organizations(suite, 'selection.example');

afterEach(() => suite.sim.setListDrift({}));

describe('All Codes of the Team, a code deleted meanwhile', () => {
	it.each([
		['getScansForCodes', {}],
		['getReport', { reportLayout: 'perCode' }],
		['getTotals', {}],
	])('%s reads the codes still live, naming none that is gone', async (operation, more) => {
		const { codes, credentials } = teams.withCodes(30);
		const now = Date.now();
		for (const [index, code] of codes.entries())
			suite.sim.state.addScan(code.id, { scanTime: now - HOUR - index * 1000 });
		// another writer deletes a code just after the team's list was read (a large team is read for minutes)
		suite.sim.setListDrift({ deletesMidWalk: 1 });

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation,
				codeSelection: 'all',
				...(operation === 'getTotals' ? {} : { timeRange: 'last24Hours' }),
				...more,
			},
			credentials,
		});

		expect(result.error).toBeUndefined();
		const live = codes.filter((code) => suite.sim.state.getQr(code.id)?.deleted !== true);
		expect(live).toHaveLength(29);
		expect(result.items.map((item) => item.json.qrId).sort()).toEqual(
			live.map((code) => code.id).sort(),
		);
		if (operation !== 'getTotals')
			expect(result.items.every((item) => item.json.scans !== 0)).toBe(true);
		suite.expectRequestsFollowContract();
	});

	it('a listed code deleted meanwhile still fails the item, naming it', async () => {
		const { codes, credentials } = teams.withCodes(2);
		suite.sim.state.getQr(codes[1].id)!.deleted = true;

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScansForCodes',
				codeSelection: 'list',
				qrCodeIds: `${codes[0].id},${codes[1].id}`,
				timeRange: 'last24Hours',
			},
			credentials,
		});

		expect(result.error?.message).toBe(`Item 0: QR code not found: "${codes[1].id}"`);
	});
});
