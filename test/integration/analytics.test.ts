/**
 * Analytics resource through n8n's engine against the simulator: one code's scans with a time filter, many
 * codes' scans in chunks of at most 100 IDs (or every code of the team, read once per execution), totals per
 * code, time range presets and custom bounds, and refused input that never reaches the wire.
 */
import { runNode, type HarnessCredentials } from '../support/n8nHarness';
import { useSimulator } from '../support/simulatorSuite';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const suite = useSimulator({ seed: false });

let orgCount = 0;

/** A fresh organization whose Main team holds `codeCount` WEB codes. */
function newTeamWithCodes(codeCount: number) {
	orgCount += 1;
	const { org, team } = suite.sim.state.createOrganization(
		`Org ${orgCount}`,
		{ name: 'Olivia Owner', email: `owner${orgCount}@analytics.example` },
		'Main',
	);
	const credentials: HarnessCredentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, 'owner', team.id),
	};
	const codes = Array.from({ length: codeCount }, (_, index) =>
		suite.sim.state.createQr(team.id, {
			name: `Code ${index}`,
			qrType: 'WEB',
			qrRedirectUrl: `https://example.com/${index}`,
		}),
	);
	return { org, team, codes, credentials };
}

function codeRef(id: string) {
	return { __rl: true, mode: 'id', value: id };
}

describe('Analytics: Get Scans', () => {
	it('returns every scan of the code, or those in the time range, up to the limit', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const [code] = codes;
		const now = Date.now();
		for (const age of [40 * DAY, 10 * DAY, 3 * DAY, 2 * HOUR])
			suite.sim.state.addScan(code.id, { scanTime: now - age, country: `C${age}` });
		const stored = suite.sim.state.scans.get(code.id)!;

		const all = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: codeRef(code.id),
				timeRange: 'allTime',
				returnAll: true,
			},
			credentials,
		});
		const lastWeek = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: codeRef(code.id),
				timeRange: 'last7Days',
				returnAll: true,
			},
			credentials,
		});
		const limited = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: codeRef(code.id),
				timeRange: 'allTime',
				returnAll: false,
				limit: 2,
			},
			credentials,
		});
		const custom = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: codeRef(code.id),
				timeRange: 'custom',
				startTime: `={{ ${now - 11 * DAY} }}`,
				endTime: new Date(now - DAY).toISOString(),
				returnAll: true,
			},
			credentials,
		});

		expect(all.error).toBeUndefined();
		// from 1.2 each row names its code, as every scan row does, and hashes the IP address (ipPrivacy.engine.test.ts)
		const withIsoTime = (scan: { scanTime: number }) => ({
			...scan,
			ipAddress: expect.stringMatching(/^[0-9a-f]{64}$/),
			scanTimeIso: new Date(scan.scanTime).toISOString(),
			qrName: code.name,
			qrDisplayId: code.displayId,
			qrShortUrl: `${code.baseUrl}${code.displayId}`,
		});
		expect(all.items.map((item) => item.json)).toEqual(stored.map(withIsoTime));
		expect(lastWeek.items.map((item) => item.json.scanTime)).toEqual([
			now - 3 * DAY,
			now - 2 * HOUR,
		]);
		expect(limited.items.map((item) => item.json)).toEqual(stored.slice(0, 2).map(withIsoTime));
		expect(custom.items.map((item) => item.json.scanTime)).toEqual([now - 10 * DAY, now - 3 * DAY]);
		// each run reads the scans, then (1.2) the code that names them
		expect(suite.sim.requestLog.map((entry) => entry.path)).toEqual(
			Array(4)
				.fill([`/api/analytics-api/detailed/${code.id}`, `/api/qrs-api/teams/${code.id}`])
				.flat(),
		);
		suite.expectRequestsFollowContract();
	});

	it('"This Month" starts within the current month', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const [code] = codes;
		const now = new Date();
		const monthStartUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
		// A month starts at most 14 hours before or 12 hours after its UTC start, whatever the workflow's timezone.
		suite.sim.state.addScan(code.id, { scanTime: monthStartUtc - 15 * HOUR });
		suite.sim.state.addScan(code.id, { scanTime: now.getTime() - 60_000 });

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: codeRef(code.id),
				timeRange: 'thisMonth',
				returnAll: true,
			},
			credentials,
		});

		expect(result.items.map((item) => item.json.scanTime)).toEqual([now.getTime() - 60_000]);
	});

	it.each([
		[
			'epoch seconds as Start',
			{ startTime: '={{ 1700000000 }}', endTime: '={{ 1800000000000 }}' },
			'"Start" must be epoch milliseconds (after 2000-01-01); seconds are not accepted',
		],
		[
			'a Start after the End',
			{ startTime: '2026-03-02T00:00:00', endTime: '2026-03-01T00:00:00' },
			'"End" must not be before "Start"',
		],
		[
			'a date that is not a date',
			{ startTime: '={{ "last tuesday" }}', endTime: '2026-03-01T00:00:00' },
			'"Start" must be a date such as 2026-01-31T08:00:00 or a number of epoch milliseconds',
		],
		[
			'a fractional epoch',
			{ startTime: '={{ 1700000000000.5 }}', endTime: '={{ 1800000000000 }}' },
			'"Start" must be a whole number of epoch milliseconds',
		],
	])('refuses %s before sending anything', async (_case, bounds, message) => {
		const { codes, credentials } = newTeamWithCodes(1);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: codeRef(codes[0].id),
				timeRange: 'custom',
				returnAll: true,
				...bounds,
			},
			credentials,
		});

		expect(result.error?.message).toBe(`Item 0: ${message}`);
		expect(suite.sim.requestLog).toHaveLength(0);
	});

	it("surfaces the service's 400 for a code of another team", async () => {
		const { credentials } = newTeamWithCodes(0);
		const other = newTeamWithCodes(1);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: codeRef(other.codes[0].id),
				timeRange: 'allTime',
				returnAll: true,
			},
			credentials,
		});

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toBe(`QR code not found: ${other.codes[0].id}`);
	});
});

describe('Analytics: Get Scans for Codes', () => {
	it('sends at most 100 IDs per request and returns every scan in the range', async () => {
		const { codes, credentials } = newTeamWithCodes(150);
		const now = Date.now();
		const scanned = [0, 99, 100, 149].map((index) => codes[index]);
		for (const code of scanned) {
			suite.sim.state.addScan(code.id, { scanTime: now - 2 * DAY });
			suite.sim.state.addScan(code.id, { scanTime: now - 20 * DAY });
		}
		const ids = codes.map((code) => code.id);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScansForCodes',
				codeSelection: 'list',
				qrCodeIds: '={{ $json.ids }}',
				timeRange: 'last7Days',
			},
			items: [{ ids }],
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.qrId).sort()).toEqual(
			scanned.map((code) => code.id).sort(),
		);
		expect(result.items.every((item) => item.json.scanTime === now - 2 * DAY)).toBe(true);
		const bodies = suite.sim.requestLog
			.filter((entry) => entry.method === 'POST')
			.map((entry) => entry.body as { qrIds: string[]; startTime: number; endTime: number });
		expect(bodies.map((body) => body.qrIds)).toEqual([ids.slice(0, 100), ids.slice(100)]);
		for (const body of bodies) {
			expect(body.endTime - body.startTime).toBe(7 * DAY);
			expect(Math.abs(body.endTime - Date.now())).toBeLessThan(60_000);
		}
		suite.expectRequestsFollowContract();
	});

	it('"All Codes of the Team" reads the code list once per execution, and One Item per Code sums up', async () => {
		const { codes, credentials } = newTeamWithCodes(120);
		suite.sim.state.getQr(codes[5].id)!.deleted = true;
		const now = Date.now();
		suite.sim.state.addScan(codes[0].id, {
			scanTime: now - 3 * HOUR,
			country: 'Germany',
			device: 'mobile',
		});
		suite.sim.state.addScan(codes[0].id, {
			scanTime: now - 2 * HOUR,
			country: 'France',
			device: 'mobile',
		});
		suite.sim.state.addScan(codes[110].id, {
			scanTime: now - HOUR,
			country: 'Germany',
			device: 'desktop',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScansForCodes',
				codeSelection: 'all',
				timeRange: 'last24Hours',
				options: { perCode: true },
			},
			items: [{}, {}],
			credentials,
		});

		expect(result.error).toBeUndefined();
		const live = codes.filter((code) => !code.deleted);
		expect(result.items).toHaveLength(2 * live.length);
		const first = result.items.filter(
			(item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0,
		);
		expect(first.map((item) => String(item.json.qrId)).sort()).toEqual(
			live.map((code) => code.id).sort(),
		);
		expect(first.find((item) => item.json.qrId === codes[0].id)?.json).toEqual({
			qrId: codes[0].id,
			scans: 2,
			firstScanTime: now - 3 * HOUR,
			firstScanTimeIso: new Date(now - 3 * HOUR).toISOString(),
			lastScanTime: now - 2 * HOUR,
			lastScanTimeIso: new Date(now - 2 * HOUR).toISOString(),
			countries: { Germany: 1, France: 1 },
			devices: { mobile: 2 },
			qrName: codes[0].name,
			qrDisplayId: codes[0].displayId,
			qrShortUrl: `${codes[0].baseUrl}${codes[0].displayId}`,
		});
		expect(first.find((item) => item.json.qrId === codes[110].id)?.json).toMatchObject({
			scans: 1,
			devices: { desktop: 1 },
		});
		expect(first.find((item) => item.json.qrId === codes[1].id)?.json).toMatchObject({
			scans: 0,
			firstScanTime: null,
		});

		const listReads = suite.sim.requestLog.filter(
			(entry) => entry.path === '/api/qrs-api/v2/teams/',
		);
		expect(listReads).toHaveLength(2);
		expect(
			suite.sim.requestLog.filter((entry) => entry.path === '/api/analytics-api/detailed/all'),
		).toHaveLength(4);
		suite.expectRequestsFollowContract();
	});

	it('sends a read-only bulk request again after the connection was lost', async () => {
		const { codes, credentials } = newTeamWithCodes(2);
		suite.sim.state.addScan(codes[0].id, { scanTime: Date.now() - HOUR });
		suite.sim.faults.add({
			kind: 'reset',
			method: 'POST',
			path: '/api/analytics-api/detailed/all',
			count: 1,
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScansForCodes',
				codeSelection: 'list',
				qrCodeIds: codes.map((code) => code.id).join(','),
				timeRange: 'last24Hours',
			},
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.qrId)).toEqual([codes[0].id]);
		expect(
			suite.sim.requestLog.filter((entry) => entry.path === '/api/analytics-api/detailed/all'),
		).toHaveLength(2);
	});

	it('accepts IDs separated by commas and new lines, each ID once', async () => {
		const { codes, credentials } = newTeamWithCodes(3);
		suite.sim.state.addScan(codes[1].id, { scanTime: Date.now() - HOUR });

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScansForCodes',
				codeSelection: 'list',
				qrCodeIds: `${codes[0].id}, ${codes[1].id}\n${codes[2].id},${codes[1].id}`,
				timeRange: 'last24Hours',
			},
			credentials,
		});

		expect(result.items.map((item) => item.json.qrId)).toEqual([codes[1].id]);
		expect((suite.sim.requestLog[0].body as { qrIds: string[] }).qrIds).toEqual(
			codes.map((code) => code.id),
		);
	});

	it.each([
		[
			'more than 10,000 IDs',
			'={{ Array.from({ length: 10001 }, (_, i) => "qr_" + i) }}',
			'"QR Code IDs" must list at most 10,000 IDs (got 10,001); split the list across several items',
		],
		[
			'an ID with a slash',
			'qr_ok, qr/../x',
			'"QR Code IDs" entry 2 ("qr/../x") must not contain / \\ ? # % or spaces',
		],
		['no ID at all', '={{ " , " }}', '"QR Code IDs" must list at least one ID'],
		[
			'something that is not a list',
			'={{ { id: 1 } }}',
			'"QR Code IDs" must be IDs separated by commas, or an array of IDs',
		],
	])('refuses %s before sending anything', async (_case, qrCodeIds, message) => {
		const { credentials } = newTeamWithCodes(0);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScansForCodes',
				codeSelection: 'list',
				qrCodeIds,
				timeRange: 'last7Days',
			},
			credentials,
		});

		expect(result.error?.message).toBe(`Item 0: ${message}`);
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});

describe('Analytics: Get Totals', () => {
	it("returns each code's totals, 100 codes per request", async () => {
		const { codes, credentials } = newTeamWithCodes(101);
		const now = Date.now();
		suite.sim.state.addScan(codes[0].id, { scanTime: now - 60_000 });
		suite.sim.state.addScan(codes[0].id, { scanTime: now - 40 * DAY });
		suite.sim.state.addScan(codes[100].id, { scanTime: now - 60_000 });
		suite.sim.state.setLeads(codes[100].id, { total: 7, today: 2, yesterday: 1 });

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getTotals',
				codeSelection: 'list',
				qrCodeIds: '={{ $json.ids }}',
			},
			items: [{ ids: codes.map((code) => code.id) }],
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.qrId)).toEqual(codes.map((code) => code.id));
		expect(result.items[0].json).toMatchObject({ totalScans: 2, totalLeadsCount: 0 });
		expect(result.items[100].json).toMatchObject({
			totalScans: 1,
			totalLeadsCount: 7,
			leadsTodayCount: 2,
			leadsYesterdayCount: 1,
		});
		expect(result.items[50].json).toMatchObject({
			totalScans: 0,
			todayScans: 0,
			yesterdayScans: 0,
		});
		expect(
			suite.sim.requestLog
				.filter((entry) => entry.method === 'POST')
				.map((entry) => (entry.body as { qrIds: string[] }).qrIds.length),
		).toEqual([100, 1]);
		expect(result.items[0].json).toMatchObject({
			qrName: codes[0].name,
			qrDisplayId: codes[0].displayId,
			qrShortUrl: `${codes[0].baseUrl}${codes[0].displayId}`,
		});
		suite.expectRequestsFollowContract();
	});

	it('covers every code of the team, in the Team Override team', async () => {
		const main = newTeamWithCodes(0);
		const other = suite.sim.state.createTeam(main.org.id, 'Other');
		const otherCodes = [0, 1].map((index) =>
			suite.sim.state.createQr(other.id, {
				name: `Other ${index}`,
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com',
			}),
		);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getTotals',
				codeSelection: 'all',
				options: { teamOverride: other.id },
			},
			credentials: main.credentials,
		});

		expect(result.items.map((item) => String(item.json.qrId)).sort()).toEqual(
			otherCodes.map((code) => code.id).sort(),
		);
		expect(
			suite.sim.requestLog.every((entry) => entry.headers['x-request-team-id'] === other.id),
		).toBe(true);
		suite.expectRequestsFollowContract();
	});

	it('a team without codes gives no items and sends no totals request', async () => {
		const { credentials } = newTeamWithCodes(0);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'analytics', operation: 'getTotals', codeSelection: 'all' },
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(0);
		expect(suite.sim.requestLog.map((entry) => entry.path)).toEqual(['/api/qrs-api/v2/teams/']);
	});

	it('with Continue On Fail, an unknown code fails its own item only', async () => {
		const { codes, credentials } = newTeamWithCodes(2);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getTotals',
				codeSelection: 'list',
				qrCodeIds: '={{ $json.ids }}',
			},
			items: [{ ids: [codes[0].id] }, { ids: ['qr_missing'] }, { ids: [codes[1].id] }],
			continueOnFail: true,
			credentials,
		});

		expect(
			result.items.map((item) => [item.pairedItem, item.json.qrId ?? item.json.error]),
		).toEqual([
			[{ item: 0 }, codes[0].id],
			[{ item: 1 }, 'QR code not found: qr_missing'],
			[{ item: 2 }, codes[1].id],
		]);
		expect(result.items[1].json.httpCode).toBe('400');
	});
});
