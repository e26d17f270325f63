/**
 * Get Scans for Codes' `startTime`/`endTime` are int64 in the contract, which does not say whether the ends are
 * included. Against a service reading the range inclusively, half-open or open (the simulator's `scanRangeEnds`),
 * Get for Codes and Get Report count the scans on a slice's or the range's last and first millisecond exactly.
 */
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { runForCodes } from './scanRuns';

const suite = useSimulator({ seed: false });
const DAY = 86_400_000;
const MODES = ['inclusive', 'halfOpen', 'open'] as const;

const teams = organizations(suite, 'range-ends.example');

afterEach(() => {
	suite.sim.setChangeDrift({ scanRangeEnds: undefined, scanCap: undefined });
});

/** A custom range of epoch ms, as the form takes it from an expression. */
function customRange(startTime: number, endTime: number) {
	return {
		timeRange: 'custom',
		startTime: `={{ ${startTime} }}`,
		endTime: `={{ ${endTime} }}`,
	};
}

describe.each(MODES)('a service reading the scan range %s', (scanRangeEnds) => {
	it('gives Get for Codes the scans on the first and the last millisecond of a custom range', async () => {
		const { codes, credentials } = teams.withCodes(1, { plan: 'Enterprise' });
		const start = Date.now() - 2 * DAY;
		const end = start + 60_000;
		for (const scanTime of [start - 1, start, start + 30_000, end, end + 1])
			suite.sim.state.addScan(codes[0].id, { scanTime });
		suite.sim.setChangeDrift({ scanRangeEnds });

		const result = await runForCodes(
			credentials,
			'getScansForCodes',
			codes[0].id,
			customRange(start, end),
		);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => (item.json.scanTime as number) - start)).toEqual([
			0, 30_000, 60_000,
		]);
	});

	it('counts every scan of a report whose capped answers are split, one scan on each millisecond', async () => {
		const { codes, credentials } = teams.withCodes(2, { plan: 'Enterprise' });
		const start = Date.now() - 2 * DAY;
		const end = start + 299;
		// one scan per millisecond: every slice the split makes begins and ends on a scan
		for (let ms = start; ms <= end; ms++) {
			suite.sim.state.addScan(codes[0].id, { scanTime: ms, ipAddress: `198.51.100.${ms % 50}` });
			if (ms % 3 === 0) suite.sim.state.addScan(codes[1].id, { scanTime: ms });
		}
		suite.sim.setChangeDrift({ scanRangeEnds, scanCap: 100 });

		const result = await runForCodes(
			credentials,
			'getReport',
			codes.map((code) => code.id).join(','),
			customRange(start, end),
		);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.scans)).toEqual([
			300,
			suite.sim.state.scans.get(codes[1].id)?.length,
		]);
		expect(
			suite.sim.requestLog.filter((entry) => entry.path === '/api/analytics-api/detailed/all')
				.length,
		).toBeGreaterThan(3);
	});
});
