/**
 * Scan > Get Report's Compare With Totals on a service whose clock is set apart from n8n's (the simulator's clock,
 * and so its `Date` header, the scans' times and the totals' last scan): a scan made while the report runs is no
 * disagreement, and a scan of before the report that the events miss is one, whichever clock runs ahead. The
 * scan is added between the report's two reads (the totals and the scan events), in whichever order it makes
 * them.
 */
import type { ChangeDrift } from '../../../../simulator/changeDrift';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';
import { addScans, runForCodes } from '../scanRuns';

const suite = useSimulator({ seed: false });
const DAY = 86_400_000;
const MINUTE = 60_000;
const TOTALS_PATH = '/api/analytics-api/overviews';
const EVENTS_PATH = '/api/analytics-api/detailed/all';
const teams = organizations(suite, 'totals-clock.example');

/** A report over 17 scans and one more scan, made `scanAgoMs` before the service's present between its reads. */
async function reportWithScanBetweenReads(
	serviceAheadMs: number,
	scanAgoMs: number,
	range: Record<string, unknown> = {
		timeRange: 'custom',
		startTime: '={{ ' + String(Date.now() - 40 * DAY) + ' }}',
		endTime: '={{ ' + String(Date.now() + DAY) + ' }}',
	},
) {
	const { codes, credentials } = teams.withCodes(1, { plan: 'Enterprise' });
	suite.sim.clock.advance(serviceAheadMs);
	try {
		const end = suite.sim.clock.now() - MINUTE;
		addScans(suite.sim, codes[0].id, 17, end, 5);
		// each read's first request waits a second before it is answered
		for (const path of [TOTALS_PATH, EVENTS_PATH])
			suite.sim.faults.add({ kind: 'stall', method: 'POST', path, delayMs: 1_000, count: 1 });
		const running = runForCodes(credentials, 'getReport', codes[0].id, {
			...range,
			options: { compareWithTotals: true },
		});
		// the scan is added while the later read's first request waits: the earlier read is over by then
		const bothReadsBegan = () =>
			[TOTALS_PATH, EVENTS_PATH].every((path) =>
				suite.sim.requestLog.some((entry) => entry.path === path),
			);
		for (let wait = 0; wait < 200 && !bothReadsBegan(); wait++)
			await new Promise((resolve) => setTimeout(resolve, 25));
		suite.sim.state.addScan(codes[0].id, {
			scanTime: suite.sim.clock.now() - scanAgoMs,
			ipAddress: '198.51.100.9',
		});
		return await running;
	} finally {
		suite.sim.clock.useRealTime();
	}
}

describe('Compare With Totals on a service clock apart from n8n', () => {
	it.each([
		['10 minutes behind', -10 * MINUTE],
		['agreeing with', 0],
		['10 minutes ahead of', 10 * MINUTE],
	])(
		'notes no disagreement for a scan made while the report runs, QRTRAC %s n8n',
		async (_clock, serviceAheadMs) => {
			const report = await reportWithScanBetweenReads(serviceAheadMs, 0);

			expect(report.error).toBeUndefined();
			expect(report.items[0].json.totalsNote).toBeUndefined();
			// the totals are read first: the scan is in the events only
			expect(report.items.map((item) => [item.json.scans, item.json.allTimeScans])).toEqual([
				[18, 17],
			]);
		},
	);

	it('notes no disagreement for a scan made while the report runs before its End, QRTRAC 10 minutes behind', async () => {
		// Last 30 Days ends when the report began on n8n's clock: QRTRAC's scan made meanwhile is before it
		const report = await reportWithScanBetweenReads(-10 * MINUTE, 0, { timeRange: 'last30Days' });

		expect(report.error).toBeUndefined();
		expect(report.items[0].json.totalsNote).toBeUndefined();
	});

	it.each([
		['10 minutes behind', -10 * MINUTE],
		['agreeing with', 0],
		['10 minutes ahead of', 10 * MINUTE],
	])(
		'notes a scan of before the report that one read misses, QRTRAC %s n8n',
		async (_clock, serviceAheadMs) => {
			// recorded late: 2 minutes before the service's present, before the other scans' last one
			const report = await reportWithScanBetweenReads(serviceAheadMs, 2 * MINUTE);

			expect(report.error).toBeUndefined();
			expect(report.items[0].json.totalsNote).toEqual(expect.stringContaining('disagree'));
		},
	);
});

describe("Compare With Totals and a scan in the last scan's second", () => {
	afterEach(() => suite.sim.setChangeDrift({ overviewTimeFormat: undefined }));

	// the totals were read within the second of the last scan they counted; a scan later in that second, made while
	// the report runs, is in the events up to the second's end: no disagreement, whatever form the second comes in
	it.each([
		['epoch ms', undefined],
		['epoch seconds', 'epochSeconds'],
		['epoch ms of whole seconds', 'epochMsWholeSeconds'],
		['ISO text of whole seconds', 'isoWholeSeconds'],
		['epoch seconds for updatedAt alone, epoch ms for the others', 'updatedAtEpochSeconds'],
	] as const)(
		'notes no disagreement for a scan in that second after the totals were read (totals times in %s)',
		async (_form, format: ChangeDrift['overviewTimeFormat']) => {
			const second = Math.floor(Date.now() / 1000) * 1000 - 10_000;
			suite.sim.clock.set(second + 100);
			try {
				const { codes, credentials } = teams.withCodes(1);
				const id = codes[0].id;
				suite.sim.state.addScan(id, { scanTime: second - MINUTE, ipAddress: '198.51.100.1' });
				suite.sim.state.addScan(id, { scanTime: second + 50, ipAddress: '198.51.100.2' });
				suite.sim.setChangeDrift({ overviewTimeFormat: format });
				suite.sim.faults.add({
					kind: 'stall',
					method: 'POST',
					path: EVENTS_PATH,
					delayMs: 1_000,
					count: 1,
				});
				const running = runForCodes(credentials, 'getReport', id, {
					timeRange: 'custom',
					startTime: '={{ ' + String(Date.now() - 30 * DAY) + ' }}',
					endTime: '={{ ' + String(Date.now() + DAY) + ' }}',
					options: { compareWithTotals: true },
				});
				const bothReadsBegan = () =>
					[TOTALS_PATH, EVENTS_PATH].every((path) =>
						suite.sim.requestLog.some((entry) => entry.path === path),
					);
				for (let wait = 0; wait < 200 && !bothReadsBegan(); wait++)
					await new Promise((resolve) => setTimeout(resolve, 25));
				expect(bothReadsBegan()).toBe(true);
				// the totals were read at second + 100; a scan at second + 600 while the events read waits
				suite.sim.clock.advance(500);
				suite.sim.state.addScan(id, { scanTime: second + 600, ipAddress: '198.51.100.3' });

				const result = await running;

				expect(result.error).toBeUndefined();
				const { scans, allTimeScans, totalsNote } = result.items[0].json;
				expect([scans, allTimeScans, totalsNote]).toEqual([3, 2, undefined]);
			} finally {
				suite.sim.clock.useRealTime();
			}
		},
	);
});
