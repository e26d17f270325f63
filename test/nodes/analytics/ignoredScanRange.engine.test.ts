/**
 * Get Scans for Codes against a service that does not keep to the asked `startTime`/`endTime` (the simulator's
 * `scanRangeSlackMs`: a century of slack answers every event of the codes, whatever the range). An answer whose
 * size looks capped is asked again in halves; when both halves get the very events of their slice, some of them
 * far outside it, splitting cannot make the answers smaller, and the walk fails at once saying so instead of
 * splitting down to single milliseconds (up to MAX_SCAN_WALK_REQUESTS requests). An answer that does not look
 * capped is taken, its events outside the range dropped; a service comparing the range coarsely (a quarter
 * second) still reads a capped burst whole. Engine tests against the simulator; build first (`npm run build`).
 */
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { addScans, runForCodes } from './scanRuns';

const suite = useSimulator({ seed: false });
const DAY = 86_400_000;
/** Slack wider than any scan's distance from any range: the service answers every event of the codes. */
const IGNORES_RANGE_MS = 100 * 365 * DAY;

const teams = organizations(suite, 'ignored-range.example');
const newTeamWithCodes = (codeCount: number) => teams.withCodes(codeCount, { plan: 'Enterprise' });

afterEach(() =>
	suite.sim.setChangeDrift({
		scanRangeSlackMs: undefined,
		scanCap: undefined,
		scanCapOfOne: undefined,
	}),
);

/** A custom range of epoch ms, as the form takes it from an expression. */
function customRange(startTime: number, endTime: number) {
	return { timeRange: 'custom', startTime: `={{ ${startTime} }}`, endTime: `={{ ${endTime} }}` };
}

const bulkRequests = () =>
	suite.sim.requestLog.filter((entry) => entry.path === '/api/analytics-api/detailed/all');

describe('a service answering every event of the codes, whatever the range', () => {
	it('fails Get for Codes early, naming the operation and the range, when its answers look capped', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const end = Date.now() - 60_000;
		// 1,000 events over 20 days: a round count, so every answer looks capped
		addScans(suite.sim, codes[0].id, 1_000, end, 10);
		const start = end - 5 * DAY;
		suite.sim.setChangeDrift({ scanRangeSlackMs: IGNORES_RANGE_MS });
		suite.sim.clearRequestLog();

		const result = await runForCodes(
			credentials,
			'getScansForCodes',
			codes[0].id,
			customRange(start, start + 999),
		);

		expect(result.error?.message).toMatch(
			/^QRTRAC's answer to Get Scans for Codes \(POST [^)]+\) does not keep to the asked range$/,
		);
		const description = (result.error as { description?: string }).description ?? '';
		expect(description).toContain(`Expected the events between ${new Date(start).toISOString()}`);
		expect(description).toContain('1000 events');
		expect(description).toMatch(/"scanTime":\d+/);
		expect(description).not.toContain(credentials.clientSecret);
		expect(bulkRequests().length).toBeLessThanOrEqual(3);
	});

	it('fails Get Report over the last 30 days early too, every event inside the range', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		addScans(suite.sim, codes[0].id, 1_000, Date.now() - 60_000, 10);
		suite.sim.setChangeDrift({ scanRangeSlackMs: IGNORES_RANGE_MS });
		suite.sim.clearRequestLog();

		const result = await runForCodes(credentials, 'getReport', codes[0].id, {
			timeRange: 'last30Days',
		});

		expect(result.error?.message).toMatch(/does not keep to the asked range$/);
		// both halves of the first capped slice are asked before either is split: the stop fires there
		expect(bulkRequests().length).toBeLessThanOrEqual(3);
	});

	it('fails Get Report over 30 days for 1,000 codes after a few requests per chunk of 100', async () => {
		const { codes, credentials } = newTeamWithCodes(1_000);
		// 10 scans a code: every 100-code chunk answers 1,000 events, a round size
		for (const code of codes) addScans(suite.sim, code.id, 10, Date.now() - 60_000, 10);
		suite.sim.setChangeDrift({ scanRangeSlackMs: IGNORES_RANGE_MS });
		suite.sim.clearRequestLog();

		const result = await runForCodes(credentials, 'getReport', codes.map((c) => c.id).join(','), {
			timeRange: 'last30Days',
		});

		expect(result.error?.message).toMatch(/does not keep to the asked range$/);
		// 3 for the chunk that fails, at most 3 for each other chunk in flight
		expect(bulkRequests().length).toBeLessThanOrEqual(40);
	}, 120_000);

	it('fails for the range, not a capped millisecond, when Get Scans is capped too', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const end = Date.now() - 60_000;
		addScans(suite.sim, codes[0].id, 2_000, end, 10);
		const start = end - 5 * DAY;
		suite.sim.setChangeDrift({
			scanRangeSlackMs: IGNORES_RANGE_MS,
			scanCap: 1_000,
			scanCapOfOne: 1_000,
		});
		suite.sim.clearRequestLog();

		const result = await runForCodes(
			credentials,
			'getScansForCodes',
			codes[0].id,
			customRange(start, start + 999),
		);

		expect(result.error?.message).toMatch(/does not keep to the asked range$/);
		expect(bulkRequests().length).toBeLessThanOrEqual(3);
	});

	it('takes an answer that does not look capped, without the events outside the range', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const end = Date.now() - 60_000;
		addScans(suite.sim, codes[0].id, 1_037, end, 10);
		const start = end - 5 * DAY;
		suite.sim.setChangeDrift({ scanRangeSlackMs: IGNORES_RANGE_MS });

		const result = await runForCodes(
			credentials,
			'getScansForCodes',
			codes[0].id,
			customRange(start, end),
		);

		expect(result.error).toBeUndefined();
		const expected = (suite.sim.state.scans.get(codes[0].id) ?? []).filter(
			(scan) => scan.scanTime >= start && scan.scanTime <= end,
		);
		expect(result.items).toHaveLength(expected.length);
		expect(expected.length).toBeGreaterThan(200);
	});
});

// whole seconds (slack 999) cost about 4 times the requests of a quarter second: ignoredRange.unit.test.ts holds it
describe('a service comparing the range to the quarter second, its answers capped', () => {
	it('still reads every scan of a burst within one second', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const second = Math.floor((Date.now() - DAY) / 1000) * 1000;
		for (let index = 0; index < 150; index++)
			suite.sim.state.addScan(codes[0].id, { scanTime: second + 200 + index * 3 });
		suite.sim.setChangeDrift({ scanRangeSlackMs: 249, scanCap: 100 });

		const result = await runForCodes(
			credentials,
			'getScansForCodes',
			codes[0].id,
			customRange(second - 60_000, second + 60_000),
		);

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(150);
	});
});
