/**
 * Scan > Get Report walks several 100-code chunks at once (operation.ts `CHUNKS_IN_FLIGHT`): the counts stay those
 * of every event whatever order the answers come in, also when answers are capped and split meanwhile; and a
 * failing chunk ends the walk with no request of it still under way.
 */
import { CHUNKS_IN_FLIGHT } from '../../../../nodes/Qrtrac/actions/analytics/getReport/operation';
import { runNode } from '../../../support/n8nHarness';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';
import { addScans } from '../scanRuns';

const suite = useSimulator({ seed: false });
jest.setTimeout(60_000);
const BULK_PATH = '/api/analytics-api/detailed/all';

const teams = organizations(suite, 'chunks.example');
const newTeamWithCodes = (codeCount: number) => teams.withCodes(codeCount, { plan: 'Enterprise' });

function reportParameters(qrIds: string[]) {
	return {
		resource: 'analytics',
		operation: 'getReport',
		codeSelection: 'list',
		qrCodeIds: qrIds.join(','),
		timeRange: 'last30Days',
	};
}

function bulkRequests() {
	return suite.sim.requestLog.filter((entry) => entry.path === BULK_PATH);
}

/** Most bulk requests under way at one moment, from the simulator's log. */
function mostAtOnce(): number {
	const edges = bulkRequests().flatMap((entry) => [
		{ at: entry.startedAt, step: 1 },
		{ at: entry.endedAt ?? Number.POSITIVE_INFINITY, step: -1 },
	]);
	edges.sort((a, b) => a.at - b.at || a.step - b.step);
	let now = 0;
	let most = 0;
	for (const { step } of edges) most = Math.max(most, (now += step));
	return most;
}

afterEach(() => {
	suite.sim.setChangeDrift({ scanCap: undefined });
	suite.sim.setLatency(0);
	suite.sim.faults.clear();
	suite.sim.clearRequestLog();
});

describe('chunks walked at once', () => {
	it('counts every scan of 650 codes (7 chunks) with answers capped and split meanwhile', async () => {
		const { codes, credentials } = newTeamWithCodes(650);
		const end = Date.now() - 60_000;
		const expected = codes.map((code, index) => {
			const scans = index % 7 === 0 ? 0 : 3 + ((index * 37) % 90);
			const visitors = 1 + (index % 13);
			addScans(suite.sim, code.id, scans, end, visitors);
			return [scans, Math.min(scans, visitors)];
		});
		suite.sim.setLatency(20);
		suite.sim.setChangeDrift({ scanCap: 1000 });

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters(codes.map((code) => code.id)),
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.qrId)).toEqual(codes.map((code) => code.id));
		expect(result.items.map((item) => [item.json.scans, item.json.uniqueScans])).toEqual(expected);
		expect(mostAtOnce()).toBeGreaterThan(1);
		expect(mostAtOnce()).toBeLessThanOrEqual(CHUNKS_IN_FLIGHT);
		// the last chunk starts from the span the others found, not from one hour again
		const slicesOfLast = bulkRequests()
			.map((entry) => entry.body as { qrIds: string[]; startTime: number; endTime: number })
			.filter((body) => body.qrIds[0] === codes[600].id);
		expect(slicesOfLast[0].endTime - slicesOfLast[0].startTime + 1).toBeGreaterThan(3_600_000);
	});

	it('ends at a failing answer with no request of the walk under way', async () => {
		const { codes, credentials } = newTeamWithCodes(800);
		const end = Date.now() - 60_000;
		for (const code of codes) addScans(suite.sim, code.id, 40, end, 5);
		suite.sim.setLatency(20);
		suite.sim.faults.add({ kind: 'status', status: 400, method: 'POST', path: BULK_PATH, skip: 6 });

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: reportParameters(codes.map((code) => code.id)),
			credentials,
		});

		expect(result.error).toBeDefined();
		expect(result.items).toEqual([]);
		const requests = bulkRequests();
		expect(requests.every((entry) => entry.status !== undefined)).toBe(true);
		// the running walks stopped at their failing answer and no chunk started after it (8 chunks)
		expect(requests.length).toBeLessThanOrEqual(6 + CHUNKS_IN_FLIGHT);
		const chunksAsked = new Set(
			requests.map((entry) => (entry.body as { qrIds: string[] }).qrIds[0]),
		);
		expect(chunksAsked.size).toBeLessThanOrEqual(CHUNKS_IN_FLIGHT);
	});
});
