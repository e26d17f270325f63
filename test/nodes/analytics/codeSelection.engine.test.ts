/**
 * "All Codes of the Team" of the many-code Scan operations (Get for Codes, Get Report, Get Totals) through n8n's
 * engine against the simulator: a code deleted between the team's listing and the read of its scans or totals.
 */
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { runNode } from '../../support/n8nHarness';

const HOUR = 3_600_000;
const LIST = '/api/qrs-api/v2/teams/';
const CHANGES = '/api/qrs-api/teams/fromTime/';

/** The paths of the requests sent, after `from` (an index of the simulator's log). */
const pathsSince = (from: number) => suite.sim.requestLog.slice(from).map((entry) => entry.path);

const suite = useSimulator({ seed: false });
const teams = organizations(suite, 'selection.example');

afterEach(() => {
	suite.sim.setListDrift({});
	suite.sim.setChangeDrift({
		fromTimeLagMs: undefined,
		fromTimeCap: undefined,
		fromTimeCapKeeps: undefined,
	});
});

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
		// the deletion found in the team's changes (one request), the team not listed again
		const paths = pathsSince(0);
		expect(paths.filter((path) => path.startsWith(LIST))).toHaveLength(1);
		expect(paths.filter((path) => path.startsWith(CHANGES))).toHaveLength(1);
		const live = codes.filter((code) => suite.sim.state.getQr(code.id)?.deleted !== true);
		expect(live).toHaveLength(29);
		expect(result.items.map((item) => item.json.qrId).sort()).toEqual(
			live.map((code) => code.id).sort(),
		);
		if (operation !== 'getTotals')
			expect(result.items.every((item) => item.json.scans !== 0)).toBe(true);
		suite.expectRequestsFollowContract();
	});

	it.each([
		['a change feed lagging 60 s', { fromTimeLagMs: 60_000 }, {}],
		[
			'a changes answer capped at its oldest 10',
			{ fromTimeCap: 10, fromTimeCapKeeps: 'oldest' },
			{},
		],
		['a code deleted an hour before, still listed', {}, { deletesMidWalkAgoMs: HOUR }],
	] as const)(
		'%s: the changes do not explain the refusal, the team is listed again once and the row runs without the code',
		async (_name, changeDrift, listDrift) => {
			const { codes, credentials } = teams.withCodes(30);
			suite.sim.setListDrift({ deletesMidWalk: 1, ...listDrift });
			suite.sim.setChangeDrift(changeDrift);

			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: { resource: 'analytics', operation: 'getTotals', codeSelection: 'all' },
				credentials,
			});

			// before: "QR code not found: qr_…", a code no one named (the changes read did not hold its deletion)
			expect(result.error).toBeUndefined();
			const live = codes.filter((code) => suite.sim.state.getQr(code.id)?.deleted !== true);
			expect(live).toHaveLength(29);
			expect(result.items.map((item) => item.json.qrId).sort()).toEqual(
				live.map((code) => code.id).sort(),
			);
			const paths = pathsSince(0);
			expect(paths.filter((path) => path.startsWith(LIST))).toHaveLength(2);
			suite.expectRequestsFollowContract();
		},
	);

	it('a code the team still lists live keeps the row its refusal, after one listing again', async () => {
		const { codes, credentials } = teams.withCodes(3);
		suite.sim.faults.add({
			kind: 'status',
			status: 404,
			path: '/api/analytics-api/overviews',
			message: `QR code not found: ${codes[1].id}`,
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'analytics', operation: 'getTotals', codeSelection: 'all' },
			continueOnFail: true,
			credentials,
		});

		expect(result.items).toHaveLength(1);
		expect(String(result.items[0].json.error)).toContain('not found');
		const paths = pathsSince(0);
		expect(paths.filter((path) => path.startsWith(LIST))).toHaveLength(2);
		expect(paths.filter((path) => path.startsWith('/api/analytics-api/overviews'))).toHaveLength(1);
		suite.sim.faults.clear();
	});

	/** Every read of the codes' totals refused 400 with `message`, as a refusal of live codes. */
	const refuseOverviews = (message: string) =>
		suite.sim.faults.add({
			kind: 'status',
			status: 400,
			path: '/api/analytics-api/overviews',
			message,
		});

	it('a refusal of live codes fails each row with its own error, the team listed again once for all rows', async () => {
		const { credentials } = teams.withCodes(250);
		refuseOverviews('Service refuses this request');
		const from = suite.sim.requestLog.length;

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'analytics', operation: 'getTotals', codeSelection: 'all' },
			items: [{}, {}, {}, {}, {}],
			continueOnFail: true,
			credentials,
		});

		// before: 18 list requests (the team listed again for each row's refusal), now one check of the team's
		// changes per row and, as they explain no refusal, one listing again shared by all rows (3 pages each)
		const paths = pathsSince(from);
		expect(paths.filter((path) => path.startsWith(LIST))).toHaveLength(6);
		expect(paths.filter((path) => path.startsWith(CHANGES))).toHaveLength(5);
		expect(result.items).toHaveLength(5);
		for (const item of result.items) expect(String(item.json.error)).toContain('Service refuses');
		suite.sim.faults.clear();
	});

	it('a check of the changes that fails leaves each row its own refusal', async () => {
		const { credentials } = teams.withCodes(30);
		refuseOverviews('Refused');
		suite.sim.faults.add({
			kind: 'status',
			status: 404,
			path: CHANGES,
			message: 'No changes here',
		});
		// a second listing of the team fails too (before: the team was listed again, and its failure was every row's)
		suite.sim.faults.add({
			kind: 'status',
			status: 500,
			path: LIST,
			skip: 1,
			message: 'No changes here',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'analytics', operation: 'getTotals', codeSelection: 'all' },
			items: [{}, {}, {}],
			continueOnFail: true,
			credentials,
		});

		expect(result.items).toHaveLength(3);
		for (const item of result.items) {
			expect(String(item.json.error)).toContain('Refused');
			expect(String(item.json.error)).not.toContain('No changes');
		}
		suite.sim.faults.clear();
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
