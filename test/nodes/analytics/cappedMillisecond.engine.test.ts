/**
 * The scan reads against a service whose two scan answers are both capped (the simulator's `scanCap` and
 * `scanCapOfOne`) while one code has more scans in one millisecond than the cap, as a service storing whole
 * seconds has for a busy code: Get Scans for Codes cannot be split below that millisecond, and Get Scans (every
 * scan of the code) is capped too. No read may return the capped part as if it were all: Get for a Code, Get for
 * Codes, Get Report and the trigger's New Scans fail clearly instead. A round Get Scans answer that Get Scan Totals
 * shows whole is taken (no false alarm), also when a scan made between the two reads makes Get Scan Totals count
 * one more: the pair is read again. The trigger's error gives advice a trigger can follow. Engine tests against
 * the simulator; build first (`npm run build`).
 */
import { runNode } from '../../support/n8nHarness';
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { polling } from '../../support/triggerRuns';
import { runForCodes } from './scanRuns';

/** How often the test looks for the first Get Scan Totals in the request log (a poll period, not a bound). */
const WATCH_PERIOD_MS = 20;
const suite = useSimulator({ seed: false });
const DAY = 86_400_000;

const teams = organizations(suite, 'capped-ms.example');
const newTeamWithCodes = (codeCount: number) => teams.withCodes(codeCount, { plan: 'Enterprise' });

afterEach(() =>
	suite.sim.setChangeDrift({
		scanCap: undefined,
		scanCapOfOne: undefined,
		overviewOfWholeTeam: undefined,
	}),
);

/** `count` scans of the code at the one millisecond `at`, each from its own address. */
function scansAt(qrId: string, at: number, count: number): void {
	for (let index = 0; index < count; index++)
		suite.sim.state.addScan(qrId, { scanTime: at, ipAddress: `192.0.2.${index}` });
}

const CANNOT_READ_WHOLE =
	/^QRTRAC's scan answers look capped: the scans of code \S+ at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z could not all be read$/;

describe('scans of one code in one millisecond, more than both scan answers hold', () => {
	it('Get for a Code fails the item instead of returning the capped part', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const at = Date.now() - DAY;
		scansAt(codes[0].id, at, 30);
		suite.sim.setChangeDrift({ scanCap: 20, scanCapOfOne: 20 });

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

		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toMatch(CANNOT_READ_WHOLE);
		const description = (result.error as { description?: string }).description ?? '';
		expect(description).toMatch(/Get Scans for Codes \(POST [^)]+\) answered 20 events for it/);
		expect(description).toMatch(/Get Scans \(GET [^)]+\) answered 20 events for every scan/);
		expect(description).toContain('Get Scan Totals counts 30 scans of the code');
		expect(description).toMatch(/The answer of Get Scans \(GET [^)]+\) began: \[\{"qrId"/);
		// the cut excerpt's "..." ends its sentence; the advice is an item's
		expect(description).toMatch(/\.\.\. No scans were returned/);
		expect(description).not.toContain('....');
		expect(description).toMatch(/choose a range without that moment/);
		// the pair was read MAX_PAIR_READS (3) times before the item failed
		const asked = suite.sim.requestLog.map((entry) => entry.operationId);
		const pair = ['getQrAnalytics', 'getTotalScansOverview'];
		expect(asked.slice(-6)).toEqual([...pair, ...pair, ...pair]);
		expect(asked.filter((id) => id === 'getTotalScansOverview')).toHaveLength(3);
	});

	it("never takes another code's totals for the code's: a totals answer of the whole team, another code first", async () => {
		const { codes, credentials } = newTeamWithCodes(2);
		const at = Date.now() - DAY;
		// the team's first code has exactly as many scans as the capped answers hold
		for (let index = 0; index < 20; index++)
			suite.sim.state.addScan(codes[0].id, { scanTime: at - (index + 1) * 60_000 });
		scansAt(codes[1].id, at, 30);
		suite.sim.setChangeDrift({ scanCap: 20, scanCapOfOne: 20, overviewOfWholeTeam: true });

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: { __rl: true, mode: 'id', value: codes[1].id },
				timeRange: 'allTime',
				returnAll: true,
			},
			credentials,
		});

		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toMatch(CANNOT_READ_WHOLE);
		expect((result.error as { description?: string }).description).toContain(
			'Get Scan Totals counts 30 scans of the code',
		);
	});

	it.each(['getScansForCodes', 'getReport'])(
		'%s fails the item instead of returning or counting the capped part',
		async (operation) => {
			const { codes, credentials } = newTeamWithCodes(1);
			const at = Date.now() - DAY;
			scansAt(codes[0].id, at, 30);
			suite.sim.setChangeDrift({ scanCap: 20, scanCapOfOne: 20 });

			const result = await runForCodes(credentials, operation, codes[0].id, {
				timeRange: 'last7Days',
			});

			expect(result.items).toHaveLength(0);
			expect(result.error?.message).toMatch(CANNOT_READ_WHOLE);
		},
	);

	it("the trigger's New Scans fails the poll instead of reporting the capped part as every scan", async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const trigger = polling(credentials, { triggerOn: 'newScans' });
		expect(await trigger.poll()).toEqual([]);
		scansAt(codes[0].id, Date.now() - 1_000, 30);
		suite.sim.setChangeDrift({ scanCap: 20, scanCapOfOne: 20 });

		const failed = await trigger.poll().then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(failed?.message).toMatch(CANNOT_READ_WHOLE);
		// advice a trigger can follow: it chooses no range
		expect(failed?.description).not.toContain('choose a range');
		expect(failed?.description).toContain(
			"New Scans cannot move past that moment: the trigger's cursor stays",
		);

		// once the service answers whole, the next poll reports all 30, none lost
		suite.sim.setChangeDrift({ scanCap: undefined, scanCapOfOne: undefined });
		expect(await trigger.poll()).toHaveLength(30);
	});

	it("the trigger's Fetch Test Event fails with advice it can follow: no range to choose", async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		scansAt(codes[0].id, Date.now() - 60_000, 30);
		suite.sim.setChangeDrift({ scanCap: 20, scanCapOfOne: 20 });
		const trigger = polling(credentials, { triggerOn: 'newScans' });

		const failed = await trigger.poll('manual').then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(failed?.message).toMatch(CANNOT_READ_WHOLE);
		expect(failed?.description).not.toContain('choose a range');
		expect(failed?.description).toContain(
			"Fetch Test Event reads the watched codes' newest scans in ranges it chooses itself",
		);
	});

	it('takes a round Get Scans answer that Get Scan Totals shows whole', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const at = Date.now() - DAY;
		// 10 scans in one millisecond (the bulk cap), 10 more earlier: 20 in all, a round but whole answer
		scansAt(codes[0].id, at, 10);
		for (let index = 0; index < 10; index++)
			suite.sim.state.addScan(codes[0].id, { scanTime: at - (index + 1) * 60_000 });
		suite.sim.setChangeDrift({ scanCap: 10 });

		const result = await runForCodes(credentials, 'getReport', codes[0].id, {
			timeRange: 'last7Days',
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.scans)).toEqual([20]);
		// the millisecond was checked against Get Scans, whose round answer Get Scan Totals showed whole
		const asked = suite.sim.requestLog.map((entry) => entry.operationId);
		expect(asked).toContain('getQrAnalytics');
		expect(asked).toContain('getTotalScansOverview');
	});

	it('takes a whole round Get Scans answer although a scan made before Get Scan Totals counted one more', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const qrId = codes[0].id;
		const at = Date.now() - DAY;
		// 20 scans in all, 10 in one millisecond (the bulk cap): Get Scans answers 20, round but whole
		scansAt(qrId, at, 10);
		for (let index = 0; index < 10; index++)
			suite.sim.state.addScan(qrId, { scanTime: at - (index + 1) * 60_000 });
		suite.sim.setChangeDrift({ scanCap: 10 });
		// the first Get Scan Totals is answered 300 ms late; a scan is made meanwhile, after Get Scans was answered
		suite.sim.faults.add({
			kind: 'stall',
			method: 'POST',
			path: '/api/analytics-api/overviews',
			delayMs: 300,
			count: 1,
		});
		let added = false;
		const watch = setInterval(() => {
			if (added) return;
			if (!suite.sim.requestLog.some((entry) => entry.operationId === 'getTotalScansOverview'))
				return;
			added = true;
			suite.sim.state.addScan(qrId, { scanTime: Date.now() });
		}, WATCH_PERIOD_MS);
		let result: Awaited<ReturnType<typeof runForCodes>>;
		try {
			result = await runForCodes(credentials, 'getReport', qrId, { timeRange: 'last7Days' });
		} finally {
			clearInterval(watch);
		}

		expect(added).toBe(true);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		// the pair was read again: Get Scans then answered 21, a size that does not look capped
		const asked = suite.sim.requestLog.map((entry) => entry.operationId);
		const totals = asked.indexOf('getTotalScansOverview');
		expect([asked[totals - 1], asked[totals + 1]]).toEqual(['getQrAnalytics', 'getQrAnalytics']);
	});
});
