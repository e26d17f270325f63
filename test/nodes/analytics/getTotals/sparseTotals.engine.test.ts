/**
 * Get Totals and Get Report's Compare With Totals against totals answers the contract allows
 * (`OverviewAnalyticsResponse` requires no field): only `success`, rows without `id` (several codes then asked
 * one per request) or `totalScans` (simulator `overviewOmits`), and times in epoch seconds or microseconds, or whole
 * seconds written as epoch ms or ISO text (simulator `overviewTimeFormat`).
 */
import type { ChangeDrift } from '../../../../simulator/changeDrift';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';
import { runForCodes } from '../scanRuns';

const DAY = 86_400_000;
const NOTE = 'QRTRAC returned no totals for this code';

const suite = useSimulator({ seed: false });
const teams = organizations(suite, 'sparse-totals.example');

afterEach(() => {
	suite.sim.setChangeDrift({
		overviewOmits: undefined,
		overviewTimeFormat: undefined,
		overviewUpdatedAtOfUnscanned: undefined,
	});
});

/** Two codes: the first scanned twice (yesterday and an hour ago), the second never. */
function scannedTeam() {
	const { codes, credentials } = teams.withCodes(2);
	const now = Date.now();
	suite.sim.state.addScan(codes[0].id, { scanTime: now - DAY, ipAddress: '198.51.100.1' });
	suite.sim.state.addScan(codes[0].id, { scanTime: now - 3_600_000, ipAddress: '198.51.100.2' });
	return { codes, credentials, ids: codes.map((code) => code.id) };
}

const lastSeq = () => suite.sim.requestLog.at(-1)?.seq ?? 0;

/** How many codes each Get Scan Totals request since `seq` asked for. */
function codesPerTotalsRequest(seq: number): number[] {
	return suite.sim.requestLog
		.filter((entry) => entry.seq > seq && entry.operationId === 'getTotalScansOverview')
		.map((entry) => ((entry.body as { qrIds: string[] }).qrIds ?? []).length);
}

function drift(settings: Partial<ChangeDrift>) {
	suite.sim.setChangeDrift(settings);
}

/** Get Report over the codes' whole life, with Compare With Totals. */
async function reportWithTotals(
	credentials: Parameters<typeof runForCodes>[0],
	qrCodeIds: string,
	extra: Record<string, unknown> = {},
) {
	return await runForCodes(credentials, 'getReport', qrCodeIds, {
		timeRange: 'custom',
		startTime: '={{ ' + String(Date.now() - 30 * DAY) + ' }}',
		endTime: '={{ ' + String(Date.now() + DAY) + ' }}',
		options: { compareWithTotals: true },
		...extra,
	});
}

describe('Get Totals: answers without the fields the contract does not require', () => {
	it('takes an answer of only `success` as no totals for each live code asked', async () => {
		const { credentials, ids } = scannedTeam();
		drift({ overviewOmits: 'data' });

		const result = await runForCodes(credentials, 'getTotals', ids.join(','));

		expect(result.error).toBeUndefined();
		expect(
			result.items.map((item) => [item.json.qrId, item.json.totalScans, item.json.totalsNote]),
		).toEqual([
			[ids[0], null, NOTE],
			[ids[1], null, NOTE],
		]);
	});

	it('gives rows without `totalScans` no totals, with the note', async () => {
		const { credentials, ids } = scannedTeam();
		drift({ overviewOmits: 'totalScans' });

		const result = await runForCodes(credentials, 'getTotals', ids.join(','));

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.totalScans, item.json.totalsNote])).toEqual([
			[null, NOTE],
			[null, NOTE],
		]);
	});

	it('takes a row without `id` as the code asked when one code was asked', async () => {
		const { credentials, ids } = scannedTeam();
		drift({ overviewOmits: 'id' });

		const result = await runForCodes(credentials, 'getTotals', ids[0]);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.qrId, item.json.totalScans])).toEqual([
			[ids[0], 2],
		]);
		expect(result.items[0].json.totalsNote).toBeUndefined();
	});

	it('asks each code alone when rows come without `id` and several codes were asked', async () => {
		const { credentials, ids } = scannedTeam();
		drift({ overviewOmits: 'id' });
		const before = lastSeq();

		const result = await runForCodes(credentials, 'getTotals', ids.join(','));

		expect(result.error).toBeUndefined();
		expect(
			result.items.map((item) => [item.json.qrId, item.json.totalScans, item.json.totalsNote]),
		).toEqual([
			[ids[0], 2, undefined],
			[ids[1], 0, undefined],
		]);
		// the rows of the answer about 2 codes cannot be attributed: dropped, then each code once
		expect(codesPerTotalsRequest(before)).toEqual([2, 1, 1]);
	});
});

describe("Get Totals: a never-scanned code's updatedAt", () => {
	it("gives it no lastScanTime when QRTRAC answers its record's time there", async () => {
		const { ids, credentials } = scannedTeam();
		drift({ overviewUpdatedAtOfUnscanned: true });

		const result = await runForCodes(credentials, 'getTotals', ids.join(','));

		expect(result.error).toBeUndefined();
		const [scanned, never] = result.items.map((item) => item.json);
		expect(scanned).toMatchObject({ totalScans: 2, lastScanTime: expect.any(Number) });
		expect(never).toMatchObject({ totalScans: 0, lastScanTime: null, lastScanTimeIso: null });
	});
});

describe('Get Report, Compare With Totals: the same answers', () => {
	it('gives each code `allTimeScans` null with the note on an answer of only `success`', async () => {
		const { credentials, ids } = scannedTeam();
		drift({ overviewOmits: 'data' });

		const result = await reportWithTotals(credentials, ids.join(','));

		expect(result.error).toBeUndefined();
		expect(
			result.items.map((item) => [item.json.scans, item.json.allTimeScans, item.json.totalsNote]),
		).toEqual([
			[2, null, NOTE],
			[0, null, NOTE],
		]);
	});

	it('gives rows without `totalScans` `allTimeScans` null with the note', async () => {
		const { credentials, ids } = scannedTeam();
		drift({ overviewOmits: 'totalScans' });

		const result = await reportWithTotals(credentials, ids.join(','));

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.allTimeScans, item.json.totalsNote])).toEqual([
			[null, NOTE],
			[null, NOTE],
		]);
	});

	it('takes a row without `id` as the one code asked', async () => {
		const { credentials, ids } = scannedTeam();
		drift({ overviewOmits: 'id' });

		const result = await reportWithTotals(credentials, ids[0]);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.scans, item.json.allTimeScans])).toEqual([[2, 2]]);
		expect(result.items[0].json.totalsNote).toBeUndefined();
	});

	it('asks each code alone when rows come without `id` and several codes were asked', async () => {
		const { credentials, ids } = scannedTeam();
		drift({ overviewOmits: 'id' });

		const result = await reportWithTotals(credentials, ids.join(','));

		expect(result.error).toBeUndefined();
		expect(
			result.items.map((item) => [
				item.json.qrId,
				item.json.scans,
				item.json.allTimeScans,
				item.json.totalsNote,
			]),
		).toEqual([
			[ids[0], 2, 2, undefined],
			[ids[1], 0, 0, undefined],
		]);
	});
});

describe('totals times in another unit', () => {
	it.each(['epochMs', 'epochSeconds', 'epochMicros'] as const)(
		'gives Get Totals its times in epoch ms when the service answers %s',
		async (format) => {
			const { codes, credentials, ids } = scannedTeam();
			const lastScan = Date.now() - 3_600_000;
			drift({ overviewTimeFormat: format === 'epochMs' ? undefined : format });

			const result = await runForCodes(credentials, 'getTotals', ids[0]);

			expect(result.error).toBeUndefined();
			const created = Number(codes[0].createdAt);
			const toUnit = (ms: number) => (format === 'epochSeconds' ? ms - (ms % 1000) : ms);
			expect(result.items[0].json).toMatchObject({
				createdAt: toUnit(created),
				createdAtIso: new Date(toUnit(created)).toISOString(),
			});
			expect(Math.abs(Number(result.items[0].json.lastScanTime) - lastScan)).toBeLessThan(2_000);
		},
	);

	it.each(['epochMs', 'epochSeconds', 'epochMicros'] as const)(
		"notes totals and events that disagree over a code's whole life when the service answers %s",
		async (format) => {
			const { codes, credentials } = teams.withCodes(1);
			const created = Number(codes[0].createdAt);
			const start = created - (created % 1000);
			// a scan stamped before the code's creation (a skewed clock): the totals count it, the range leaves it out
			suite.sim.state.addScan(codes[0].id, { scanTime: start - 1, ipAddress: '198.51.100.1' });
			suite.sim.state.addScan(codes[0].id, { scanTime: start + 5_000, ipAddress: '198.51.100.2' });
			drift({ overviewTimeFormat: format === 'epochMs' ? undefined : format });

			const result = await reportWithTotals(credentials, codes[0].id, {
				startTime: '={{ ' + String(start) + ' }}',
			});

			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({ scans: 1, allTimeScans: 2 });
			expect(result.items[0].json.totalsNote).toContain('disagree');
		},
	);

	it.each([
		'epochMs',
		'epochSeconds',
		'epochMicros',
		'epochMsWholeSeconds',
		'isoWholeSeconds',
	] as const)(
		'notes nothing where totals and events agree, the last scans not on a whole second, when the service answers %s',
		async (format) => {
			// a whole second read as its first ms would put each code's last scan after the time its events are
			// counted up to, and note a disagreement for every code
			const { codes, credentials } = teams.withCodes(2);
			const base = Date.now() - DAY;
			const at = base - (base % 1000) + 500;
			for (const offset of [0, 60_000, 120_000])
				suite.sim.state.addScan(codes[0].id, { scanTime: at + offset, ipAddress: '198.51.100.1' });
			for (const offset of [-7_200_000, -3_600_000])
				suite.sim.state.addScan(codes[1].id, { scanTime: at + offset, ipAddress: '198.51.100.2' });
			drift({ overviewTimeFormat: format === 'epochMs' ? undefined : format });

			const result = await reportWithTotals(credentials, codes.map((code) => code.id).join(','));

			expect(result.error).toBeUndefined();
			const rows = result.items.map(({ json }) => [json.scans, json.allTimeScans, json.totalsNote]);
			expect(rows).toEqual([
				[3, 3, undefined],
				[2, 2, undefined],
			]);
		},
	);
});
