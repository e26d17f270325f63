import { startSimulator, type Simulator } from '..';
import { contractClient, type Call } from './contractClient';

/** Scan events, bulk ranges and overview totals against the simulator clock. */
describe('analytics', () => {
	let sim: Simulator;
	let call: Call;
	let teamId: string;
	const DAY = 86_400_000;
	/** 2027-03-05T12:00:00Z */
	const NOW = Date.UTC(2027, 2, 5, 12);

	beforeAll(async () => {
		sim = await startSimulator();
		call = contractClient(sim);
		teamId = sim.credentials.teamId;
	});
	afterAll(() => sim.close());

	test('seeded scans are deterministic per seed and within the range', () => {
		const a = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		const b = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		const strip = (scans: Array<{ qrId: string }>) =>
			scans.map((scan) => ({ ...scan, qrId: undefined }));
		const first = sim.state.seedScans(a.id, 50, { from: NOW - 10 * DAY, to: NOW, seed: 42 });
		const second = sim.state.seedScans(b.id, 50, { from: NOW - 10 * DAY, to: NOW, seed: 42 });
		expect(strip(second)).toEqual(strip(first));
		expect(first.every((scan) => scan.scanTime >= NOW - 10 * DAY && scan.scanTime <= NOW)).toBe(
			true,
		);
		expect(new Set(first.map((scan) => scan.country)).size).toBeGreaterThan(1);
		const other = sim.state.seedScans(b.id, 50, { from: NOW - 10 * DAY, to: NOW, seed: 43 });
		expect(strip(other)).not.toEqual(strip(first));
	});

	test('detailed events of a code come sorted by scanTime with every field', async () => {
		const qr = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		sim.state.seedScans(qr.id, 20, { from: NOW - DAY, to: NOW, seed: 3 });
		const reply = await call('GET', `/api/analytics-api/detailed/${qr.id}`);
		expect(reply.body.data).toHaveLength(20);
		const times = reply.body.data.map((scan: { scanTime: number }) => scan.scanTime);
		expect(times).toEqual([...times].sort((x, y) => x - y));
		expect(Object.keys(reply.body.data[0]).sort()).toEqual([
			'browser',
			'city',
			'country',
			'device',
			'ipAddress',
			'os',
			'qrId',
			'referrer',
			'scanTime',
		]);
		expect((await call('GET', '/api/analytics-api/detailed/qr_missing')).status).toBe(400);
	});

	test('bulk events: inclusive range over several codes, sorted', async () => {
		const x = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		const y = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		for (const [qrId, time] of [
			[x.id, 1000],
			[y.id, 2000],
			[x.id, 3000],
			[y.id, 4000],
			[x.id, 5000],
		] as const) {
			sim.state.addScan(qrId, { scanTime: NOW + time });
		}
		const reply = await call('POST', '/api/analytics-api/detailed/all', {
			body: { qrIds: [x.id, y.id], startTime: NOW + 2000, endTime: NOW + 4000 },
		});
		expect(reply.status).toBe(200);
		expect(
			reply.body.data.map((scan: { qrId: string; scanTime: number }) => [
				scan.qrId,
				scan.scanTime - NOW,
			]),
		).toEqual([
			[y.id, 2000],
			[x.id, 3000],
			[y.id, 4000],
		]);
	});

	test.each([
		['startTime missing', { qrIds: ['q'], endTime: 1 }, /"startTime" is required/],
		['endTime missing', { qrIds: ['q'], startTime: 1 }, /"endTime" is required/],
		['qrIds missing', { startTime: 1, endTime: 2 }, /"qrIds" is required/],
		[
			'startTime not an integer',
			{ qrIds: ['q'], startTime: 1.5, endTime: 2 },
			/"startTime" must be an integer/,
		],
		[
			'endTime a string',
			{ qrIds: ['q'], startTime: 1, endTime: '2' },
			/"endTime" must be an integer/,
		],
		['start after end', { qrIds: ['q'], startTime: 3, endTime: 2 }, /must not be after/],
		['no qrIds', { qrIds: [], startTime: 1, endTime: 2 }, /at least one/],
		['an unknown id', { qrIds: ['qr_missing'], startTime: 1, endTime: 2 }, /not found/],
	])('bulk with %s is 400', async (_case, body, message) => {
		const reply = await call('POST', '/api/analytics-api/detailed/all', {
			body,
			invalidRequest: true,
		});
		expect(reply.status).toBe(400);
		expect(reply.body.message).toMatch(message);
	});

	test('overview: totals, today and yesterday by UTC day of the simulator clock, last scan, leads, M/D/YYYY', async () => {
		sim.clock.set(NOW);
		const qr = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		const startOfToday = Date.UTC(2027, 2, 5);
		for (const at of [
			startOfToday,
			startOfToday + 1,
			NOW,
			startOfToday - 1,
			startOfToday - DAY,
			startOfToday - DAY - 1,
		]) {
			sim.state.addScan(qr.id, { scanTime: at });
		}
		sim.state.setLeads(qr.id, { total: 9, today: 2, yesterday: 1, updatedAt: NOW - 5 });
		const fresh = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		const reply = await call('POST', '/api/analytics-api/overviews', {
			body: { qrIds: [qr.id, fresh.id] },
		});
		sim.clock.useRealTime();
		expect(reply.body.data[0]).toEqual({
			id: qr.id,
			totalScans: 6,
			todayScans: 3,
			yesterdayScans: 2,
			totalLeadsCount: 9,
			leadsTodayCount: 2,
			leadsYesterdayCount: 1,
			createdAt: NOW,
			updatedAt: NOW,
			leadsUpdatedAt: NOW - 5,
			todayDate: '3/5/2027',
			leadsTodayDate: '3/5/2027',
		});
		expect(reply.body.data[1]).toMatchObject({
			id: fresh.id,
			totalScans: 0,
			todayScans: 0,
			totalLeadsCount: 0,
		});
		expect(reply.body.data[1].updatedAt).toBeUndefined();
	});

	test('change drift scanRangeEnds: a half-open or open reading leaves out the range ends, before scanCap', async () => {
		const qr = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		for (const time of [1000, 2000, 3000, 4000]) sim.state.addScan(qr.id, { scanTime: NOW + time });
		const times = async () => {
			const reply = await call('POST', '/api/analytics-api/detailed/all', {
				body: { qrIds: [qr.id], startTime: NOW + 1000, endTime: NOW + 3000 },
			});
			return reply.body.data.map((scan: { scanTime: number }) => scan.scanTime - NOW);
		};
		try {
			expect(await times()).toEqual([1000, 2000, 3000]);
			sim.setChangeDrift({ scanRangeEnds: 'halfOpen' });
			expect(await times()).toEqual([1000, 2000]);
			sim.setChangeDrift({ scanRangeEnds: 'open' });
			expect(await times()).toEqual([2000]);
			sim.setChangeDrift({ scanRangeEnds: 'halfOpen', scanCap: 1 });
			expect(await times()).toEqual([1000]);
		} finally {
			sim.setChangeDrift({ scanRangeEnds: undefined, scanCap: undefined });
		}
	});

	test('change drift scansWithoutQrId: events without qrId on the one-code route, the bulk route or both', async () => {
		const qr = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		sim.state.addScan(qr.id, { scanTime: NOW });
		const hasQrId = async () => {
			const one = await call('GET', `/api/analytics-api/detailed/${qr.id}`);
			const bulk = await call('POST', '/api/analytics-api/detailed/all', {
				body: { qrIds: [qr.id], startTime: NOW, endTime: NOW },
			});
			return [one.body.data[0].qrId === qr.id, bulk.body.data[0].qrId === qr.id];
		};
		try {
			sim.setChangeDrift({ scansWithoutQrId: 'one' });
			expect(await hasQrId()).toEqual([false, true]);
			sim.setChangeDrift({ scansWithoutQrId: 'bulk' });
			expect(await hasQrId()).toEqual([true, false]);
			sim.setChangeDrift({ scansWithoutQrId: 'both' });
			expect(await hasQrId()).toEqual([false, false]);
		} finally {
			sim.setChangeDrift({ scansWithoutQrId: undefined });
		}
	});

	test('change drift scansOfUnknownEmpty: Get Scans answers no events for an unknown id, Get QR by ID still refuses it', async () => {
		const qr = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		sim.state.addScan(qr.id, { scanTime: NOW });
		try {
			sim.setChangeDrift({ scansOfUnknownEmpty: true });
			const unknown = await call('GET', '/api/analytics-api/detailed/qr_missing');
			expect(unknown.status).toBe(200);
			expect(unknown.body).toEqual({ success: true, data: [] });
			expect((await call('GET', `/api/analytics-api/detailed/${qr.id}`)).body.data).toHaveLength(1);
			expect((await call('GET', '/api/qrs-api/teams/qr_missing')).status).toBe(400);
		} finally {
			sim.setChangeDrift({ scansOfUnknownEmpty: undefined });
		}
		expect((await call('GET', '/api/analytics-api/detailed/qr_missing')).status).toBe(400);
	});

	test('change drift scansOfUnknownEmpty: Get Scans for Codes answers the held ids and no events for an unknown or deleted id', async () => {
		const qr = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		const gone = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		sim.state.addScan(qr.id, { scanTime: NOW });
		sim.state.addScan(gone.id, { scanTime: NOW });
		await call('DELETE', `/api/qrs-api/${gone.id}`);
		const bulk = async (qrIds: string[]) =>
			await call('POST', '/api/analytics-api/detailed/all', {
				body: { qrIds, startTime: NOW - 1000, endTime: NOW + 1000 },
			});
		try {
			sim.setChangeDrift({ scansOfUnknownEmpty: true });
			const answer = await bulk([qr.id, 'qr_missing', gone.id]);
			expect(answer.status).toBe(200);
			expect((answer.body.data as { qrId: string }[]).map((scan) => scan.qrId)).toEqual([qr.id]);
			expect(await bulk(['qr_missing'])).toMatchObject({
				status: 200,
				body: { success: true, data: [] },
			});
		} finally {
			sim.setChangeDrift({ scansOfUnknownEmpty: undefined });
		}
		expect((await bulk([qr.id, 'qr_missing'])).status).toBe(400);
	});

	test('change drift overviewOfUnknownZeros: Get Scan Totals answers zeros for an unknown or deleted id, Get QR by ID still refuses it', async () => {
		const qr = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		const gone = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		sim.state.addScan(qr.id, { scanTime: NOW });
		sim.state.addScan(gone.id, { scanTime: NOW });
		await call('DELETE', `/api/qrs-api/${gone.id}`);
		const overview = async (qrIds: string[]) =>
			await call('POST', '/api/analytics-api/overviews', { body: { qrIds } });
		try {
			sim.setChangeDrift({ overviewOfUnknownZeros: true });
			const answer = await overview([qr.id, 'qr_missing', gone.id]);
			expect(answer.status).toBe(200);
			expect(
				(answer.body.data as { id: string; totalScans: number }[]).map((row) => [
					row.id,
					row.totalScans,
				]),
			).toEqual([
				[qr.id, 1],
				['qr_missing', 0],
				[gone.id, 0],
			]);
			const alone = await overview(['qr_missing']);
			expect(alone.body.data).toEqual([
				expect.objectContaining({ id: 'qr_missing', totalScans: 0 }),
			]);
			expect((await call('GET', '/api/qrs-api/teams/qr_missing')).status).toBe(400);
		} finally {
			sim.setChangeDrift({ overviewOfUnknownZeros: undefined });
		}
		expect((await overview([qr.id, 'qr_missing'])).status).toBe(400);
	});

	test('change drift overviewLeavesOutUnscanned: codes never scanned are left out of the overview', async () => {
		const scanned = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		const fresh = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		sim.state.addScan(scanned.id, { scanTime: NOW });
		sim.setChangeDrift({ overviewLeavesOutUnscanned: true });
		try {
			const reply = await call('POST', '/api/analytics-api/overviews', {
				body: { qrIds: [scanned.id, fresh.id] },
			});
			expect(reply.body.data.map((row: { id: string }) => row.id)).toEqual([scanned.id]);
		} finally {
			sim.setChangeDrift({ overviewLeavesOutUnscanned: undefined });
		}
	});

	test('change drift overviewOfWholeTeam: Get Scan Totals answers every live code of the team, whatever is asked', async () => {
		const first = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		const second = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		sim.setChangeDrift({ overviewOfWholeTeam: true });
		try {
			const reply = await call('POST', '/api/analytics-api/overviews', {
				body: { qrIds: [second.id] },
			});
			const ids = reply.body.data.map((row: { id: string }) => row.id);
			expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
			expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
		} finally {
			sim.setChangeDrift({ overviewOfWholeTeam: undefined });
		}
	});

	test("change drift overviewUpdatedAtOfUnscanned: a code never scanned gets its record's time as updatedAt", async () => {
		const scanned = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		const fresh = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		sim.state.addScan(scanned.id, { scanTime: NOW });
		sim.setChangeDrift({ overviewUpdatedAtOfUnscanned: true });
		try {
			const reply = await call('POST', '/api/analytics-api/overviews', {
				body: { qrIds: [scanned.id, fresh.id] },
			});
			const [first, second] = reply.body.data as { updatedAt?: number; createdAt: number }[];
			expect(first.updatedAt).toBe(NOW);
			expect(second.updatedAt).toBe(second.createdAt);
		} finally {
			sim.setChangeDrift({ overviewUpdatedAtOfUnscanned: undefined });
		}
	});

	test('overview of a deleted or unknown code is 400', async () => {
		const qr = sim.state.createQr(teamId, { qrType: 'COUPON_CODE' });
		await call('DELETE', `/api/qrs-api/${qr.id}`);
		expect(
			(await call('POST', '/api/analytics-api/overviews', { body: { qrIds: [qr.id] } })).status,
		).toBe(400);
		expect(
			(await call('POST', '/api/analytics-api/overviews', { body: {}, invalidRequest: true }))
				.status,
		).toBe(400);
	});
});
