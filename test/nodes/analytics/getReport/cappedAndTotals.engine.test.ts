/**
 * Scan > Get Report and Get for Codes against a service whose scan answers are capped (the simulator's
 * `scanCap`: the first N events of the range, without a word): slices whose answers look capped are asked again
 * in halves and the counts stay exact; and the report's scans over a code's whole life equal Get Totals'.
 */
import { runNode } from '../../../support/n8nHarness';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';
import { addScans, runForCodes } from '../scanRuns';

const suite = useSimulator({ seed: false });
const DAY = 86_400_000;
const BULK_PATH = '/api/analytics-api/detailed/all';

const teams = organizations(suite, 'capped.example');
const newTeamWithCodes = (codeCount: number) => teams.withCodes(codeCount, { plan: 'Enterprise' });

function bulkRequests() {
	return suite.sim.requestLog.filter((entry) => entry.path === BULK_PATH);
}

afterEach(() => {
	suite.sim.setChangeDrift({ scanCap: undefined, scanRangeSlackMs: undefined });
});

describe('capped scan answers', () => {
	it('splits slices whose answers look capped and counts every scan', async () => {
		const { codes, credentials } = newTeamWithCodes(2);
		const end = Date.now() - 60_000;
		addScans(suite.sim, codes[0].id, 1234, end, 37);
		addScans(suite.sim, codes[1].id, 321, end, 200);
		suite.sim.setChangeDrift({ scanCap: 100 });

		const result = await runForCodes(
			credentials,
			'getReport',
			codes.map((code) => code.id).join(','),
			{ timeRange: 'last30Days' },
		);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.scans, item.json.uniqueScans])).toEqual([
			[1234, 37],
			[321, 200],
		]);
		const answered = bulkRequests().length;
		expect(answered).toBeGreaterThan(20);
		suite.expectRequestsFollowContract();
	});

	it('counts each scan once when the service answers beyond the asked range (neighbouring slices overlap)', async () => {
		const { codes, credentials } = newTeamWithCodes(2);
		const end = Date.now() - 60_000;
		addScans(suite.sim, codes[0].id, 1234, end, 37);
		addScans(suite.sim, codes[1].id, 321, end, 200);
		// Capped answers make the walk split its slices; two hours of slack make neighbours share events.
		suite.sim.setChangeDrift({ scanCap: 100, scanRangeSlackMs: 2 * 3_600_000 });

		const result = await runForCodes(
			credentials,
			'getReport',
			codes.map((code) => code.id).join(','),
			{ timeRange: 'last30Days' },
		);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.scans, item.json.uniqueScans])).toEqual([
			[1234, 37],
			[321, 200],
		]);
	});

	it('gives Get for Codes every event of a capped range', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const end = Date.now() - 60_000;
		addScans(suite.sim, codes[0].id, 250, end, 10);
		suite.sim.setChangeDrift({ scanCap: 64 });

		const result = await runForCodes(credentials, 'getScansForCodes', codes[0].id, {
			timeRange: 'last30Days',
		});

		const times = result.items.map((item) => item.json.scanTime as number);
		expect(times).toHaveLength(250);
		expect(new Set(times).size).toBe(250);
		expect(bulkRequests().length).toBeGreaterThan(1);
	});

	it('reads a code whose capped scans share one millisecond from its own scan list', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const at = Date.now() - DAY;
		for (let index = 0; index < 30; index++)
			suite.sim.state.addScan(codes[0].id, { scanTime: at, ipAddress: `192.0.2.${index}` });
		suite.sim.setChangeDrift({ scanCap: 20 });

		const result = await runForCodes(credentials, 'getReport', codes[0].id, {
			timeRange: 'last7Days',
		});

		expect(result.items.map((item) => [item.json.scans, item.json.uniqueScans])).toEqual([
			[30, 30],
		]);
		expect(
			suite.sim.requestLog.some(
				(entry) => entry.path === `/api/analytics-api/detailed/${codes[0].id}`,
			),
		).toBe(true);
	});
});

describe('consistency with Get Totals', () => {
	it("counts as many scans as Get Totals over a range that covers each code's whole life", async () => {
		const { codes, credentials } = newTeamWithCodes(3);
		const end = Date.now() - 60_000;
		addScans(suite.sim, codes[0].id, 1500, end, 300);
		addScans(suite.sim, codes[1].id, 17, end, 5);
		const qrCodeIds = codes.map((code) => code.id).join(',');

		const report = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getReport',
				codeSelection: 'list',
				qrCodeIds,
				timeRange: 'custom',
				startTime: '={{ ' + String(end - 40 * DAY) + ' }}',
				endTime: '={{ ' + String(Date.now() + DAY) + ' }}',
				options: { compareWithTotals: true },
			},
			credentials,
		});
		const totals = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getTotals',
				codeSelection: 'list',
				qrCodeIds,
			},
			credentials,
		});

		const scans = report.items.map((item) => item.json.scans);
		expect(scans).toEqual([1500, 17, 0]);
		expect(scans).toEqual(totals.items.map((item) => item.json.totalScans));
		expect(report.items.map((item) => item.json.allTimeScans)).toEqual(scans);
		expect(report.items.some((item) => 'totalsNote' in item.json)).toBe(false);
	});

	it('notes no disagreement for a scan made while the report runs, with an End ahead of it', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const end = Date.now() - 60_000;
		addScans(suite.sim, codes[0].id, 17, end, 5);
		// a scan made while the totals are read (before the scan walk) counts in both; one made between the two
		// reads, and QRTRAC's clock apart from n8n's: totalsServiceClock.engine.test.ts
		suite.sim.faults.add({
			kind: 'stall',
			method: 'POST',
			path: '/api/analytics-api/overviews',
			delayMs: 1_000,
		});

		const running = runForCodes(credentials, 'getReport', codes[0].id, {
			timeRange: 'custom',
			startTime: '={{ ' + String(end - 40 * DAY) + ' }}',
			endTime: '={{ ' + String(Date.now() + DAY) + ' }}',
			options: { compareWithTotals: true },
		});
		for (let wait = 0; wait < 200 && (suite.sim.faults.list()[0]?.fired ?? 0) === 0; wait++)
			await new Promise((resolve) => setTimeout(resolve, 25));
		suite.sim.state.addScan(codes[0].id, { scanTime: Date.now(), ipAddress: '198.51.100.9' });
		const report = await running;

		expect(report.error).toBeUndefined();
		expect(report.items.map((item) => [item.json.scans, item.json.allTimeScans])).toEqual([
			[18, 18],
		]);
		expect(report.items[0].json.totalsNote).toBeUndefined();
	});
});
