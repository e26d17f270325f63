/**
 * Scan > Get Scans for Codes through n8n's engine against the simulator: many codes' scans in chunks of at most 100 IDs
 * (or every code of the team, read once per execution), and refused input that never reaches the wire.
 */
import { DateTime } from 'luxon';

import { runNode } from '../../../support/n8nHarness';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';
import { runForCodes } from '../scanRuns';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const suite = useSimulator({ seed: false });

const teams = organizations(suite, 'analytics.example');
const newTeamWithCodes = (codeCount: number) => teams.withCodes(codeCount);

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
			// the range asked one millisecond wider on each side: the contract does not say whether its ends count
			// Last 7 Days: the same time of day 7 calendar days back in the workflow's zone (n8n's default)
			const end = DateTime.fromMillis(body.endTime - 1, { zone: 'America/New_York' });
			expect(body.startTime + 1).toBe(end.minus({ days: 7 }).toMillis());
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

	it('checks a round answer of a burst of scans in a few requests, splitting where its scans lie', async () => {
		const { codes, credentials } = newTeamWithCodes(30);
		const burst = Date.now() - 2 * DAY;
		// 30 scans within half a minute of a 30-day range: a round count looks capped, so the answer is checked
		for (const [index, code] of codes.entries())
			suite.sim.state.addScan(code.id, { scanTime: burst + index * 1000 });

		const result = await runForCodes(
			credentials,
			'getScansForCodes',
			codes.map((code) => code.id).join(','),
			{ timeRange: 'last30Days' },
		);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.scanTime)).toEqual(
			codes.map((_, index) => burst + index * 1000),
		);
		// before: the range halved by time, 22 times over before the burst split (45 requests)
		const bulk = suite.sim.requestLog.filter(
			(entry) => entry.path === '/api/analytics-api/detailed/all',
		);
		expect(bulk).toHaveLength(3);
	});

	it.each([
		['getScansForCodes', {}, 47],
		['getReport', { reportLayout: 'perCode' }, 50],
	])(
		'%s: a service capping answers (oldest 100) costs fewer requests than halving its slices',
		async (operation, more, requests) => {
			const { codes, credentials } = newTeamWithCodes(1);
			const start = Math.floor((Date.now() - 3 * DAY) / DAY) * DAY;
			// 1,000 scans 3 ms apart an hour before the range's end (5,000: cappedAnswers.unit.test.ts)
			for (let index = 0; index < 1000; index++)
				suite.sim.state.addScan(codes[0].id, { scanTime: start + 23 * HOUR + index * 3 });
			suite.sim.setChangeDrift({ scanCap: 100 });
			try {
				const result = await runForCodes(credentials, operation, codes[0].id, {
					timeRange: 'custom',
					startTime: new Date(start).toISOString(),
					endTime: new Date(start + DAY - 1).toISOString(),
					...more,
				});

				expect(result.error).toBeUndefined();
				if (operation === 'getScansForCodes') expect(result.items).toHaveLength(1000);
				else expect(result.items[0].json.scans).toBe(1000);
				// halving: 65 and 62; split at the median of the scans wherever they lay (the capped answer's oldest
				// 100): 79 and 82
				const bulk = suite.sim.requestLog.filter(
					(entry) => entry.path === '/api/analytics-api/detailed/all',
				);
				expect(bulk).toHaveLength(requests);
			} finally {
				suite.sim.setChangeDrift({ scanCap: undefined });
			}
		},
		60_000,
	);

	it('sends a read-only bulk request again after the connection was lost', async () => {
		const { codes, credentials } = newTeamWithCodes(2);
		suite.sim.state.addScan(codes[0].id, { scanTime: Date.now() - HOUR });
		suite.sim.faults.add({
			kind: 'reset',
			method: 'POST',
			path: '/api/analytics-api/detailed/all',
			count: 1,
		});

		const result = await runForCodes(
			credentials,
			'getScansForCodes',
			codes.map((code) => code.id).join(','),
			{ timeRange: 'last24Hours' },
		);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.qrId)).toEqual([codes[0].id]);
		expect(
			suite.sim.requestLog.filter((entry) => entry.path === '/api/analytics-api/detailed/all'),
		).toHaveLength(2);
	});

	it('accepts IDs separated by commas and new lines, each ID once', async () => {
		const { codes, credentials } = newTeamWithCodes(3);
		suite.sim.state.addScan(codes[1].id, { scanTime: Date.now() - HOUR });

		const result = await runForCodes(
			credentials,
			'getScansForCodes',
			`${codes[0].id}, ${codes[1].id}\n${codes[2].id},${codes[1].id}`,
			{ timeRange: 'last24Hours' },
		);

		expect(result.items.map((item) => item.json.qrId)).toEqual([codes[1].id]);
		expect((suite.sim.requestLog[0].body as { qrIds: string[] }).qrIds).toEqual(
			codes.map((code) => code.id),
		);
	});

	it('refuses a custom range starting in the future before sending anything', async () => {
		const { codes, credentials } = newTeamWithCodes(1);

		const result = await runForCodes(credentials, 'getScansForCodes', codes[0].id, {
			timeRange: 'custom',
			startTime: new Date(Date.now() + 2 * DAY).toISOString(),
			endTime: new Date(Date.now() + 3 * DAY).toISOString(),
		});

		expect(result.error?.message).toMatch(
			/^Item 0: "Start" must not be in the future \(it is .+, America\/New_York\): there are no scans after now$/,
		);
		expect(suite.sim.requestLog).toHaveLength(0);
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
		[
			'a number no sheet shows in the list (an empty cell read by parseInt)',
			'={{ ["qr_ok", parseInt("")] }}',
			'"QR Code IDs" entry 2 got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): give text or a number',
		],
		[
			'a number no sheet shows after an empty entry, numbered as the list gives it',
			'={{ ["qr_ok", "", parseInt("")] }}',
			'"QR Code IDs" entry 3 got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): give text or a number',
		],
		[
			'a number no sheet shows alone',
			'={{ 1e21 }}',
			'"QR Code IDs" entry 1 got a number JavaScript writes with an exponent (1e+21), not as the sheet shows it: give it as text',
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
