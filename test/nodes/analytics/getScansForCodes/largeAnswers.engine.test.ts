/**
 * Scan > Get for Codes through n8n-core against the simulator with answers of more than 100,000 events: every
 * event becomes an item. A spread of that many values into one call overflows JavaScript's call stack, which
 * stopped the benchmark's Get for Codes + Summarize at 1,000,000 events (bench/README.md, scan report).
 */
import { runNode } from '../../../support/n8nHarness';
import { organizations } from '../../../support/organizations';
import { runForCodes } from '../scanRuns';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

jest.setTimeout(120_000);

const orgs = organizations(suite, 'large.example');

describe('Get for Codes: answers of more than 100,000 events', () => {
	it('returns all 150,000 events of 100 codes as items', async () => {
		const { team, credentials } = orgs.withCodes(0);
		const volume = suite.sim.state.seedScanVolume(team.id, {
			codes: 100,
			scansPerCode: 1_500,
			days: 10,
		});
		suite.sim.clearRequestLog();

		const result = await runNode({
			nodeType: 'qrtrac',
			typeVersion: 1.2,
			parameters: {
				resource: 'analytics',
				operation: 'getScansForCodes',
				codeSelection: 'all',
				timeRange: 'custom',
				startTime: new Date(volume.from).toISOString(),
				endTime: new Date(volume.to).toISOString(),
				options: { ipAddress: 'keep' },
			},
			credentials,
		});

		expect(result.items).toHaveLength(150_000);
		// one walk of the 100 codes (an answer that looks capped is asked again in halves)
		const bulk = suite.sim.requestLog.filter(
			(request) => request.operationId === 'getBulkQrAnalytics',
		);
		expect(bulk.length).toBeGreaterThanOrEqual(1);
		expect(
			bulk.every((request) => (request.body as { qrIds: string[] }).qrIds.length === 100),
		).toBe(true);
		const perCode = new Map<string, number>();
		for (const item of result.items)
			perCode.set(String(item.json.qrId), (perCode.get(String(item.json.qrId)) ?? 0) + 1);
		expect([...perCode.values()].every((count) => count === 1_500)).toBe(true);
		expect(perCode.size).toBe(100);
	});

	it('splits a range whose answer passes the answer limit, instead of failing the item', async () => {
		suite.sim.setChangeDrift({ scanEventPaddingBytes: 700_000 });
		try {
			const { team, credentials } = orgs.withCodes(0);
			const code = suite.sim.state.createQr(team.id, {
				name: 'Busy',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/',
			});
			const now = Date.now();
			// 100 events of about 700 KB: 70 MB for the week, more than the 64 MB an answer may hold
			for (let index = 0; index < 100; index++)
				suite.sim.state.addScan(code.id, { scanTime: now - 1_000 - index * 3_600_000 });
			suite.sim.clearRequestLog();

			const result = await runForCodes(credentials, 'getScansForCodes', code.id, {
				timeRange: 'last7Days',
				options: { ipAddress: 'keep' },
			});

			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(100);
			expect(new Set(result.items.map((item) => item.json.scanTime)).size).toBe(100);
			const bulk = suite.sim.requestLog.filter(
				(request) => request.operationId === 'getBulkQrAnalytics',
			);
			expect(bulk.length).toBeGreaterThan(1);
		} finally {
			suite.sim.setChangeDrift({ scanEventPaddingBytes: undefined });
		}
	});
});
