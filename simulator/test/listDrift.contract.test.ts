import { startSimulator, type Simulator } from '..';
import { contractClient, type Call } from './contractClient';

/** The list drift modes (simulator/listDrift.ts): each reads the list or the team header another way. */
describe('list drift', () => {
	let sim: Simulator;
	let call: Call;
	let teamId: string;
	let otherTeamId: string;

	beforeAll(async () => {
		sim = await startSimulator({ seed: true });
		call = contractClient(sim);
		const orgId = sim.state.teams.get(sim.credentials.teamId)?.orgId as string;
		teamId = sim.state.createTeam(orgId, 'Drift').id;
		otherTeamId = sim.state.createTeam(orgId, 'Other').id;
		for (let i = 0; i < 25; i++)
			sim.state.createQr(teamId, { qrType: 'COUPON_CODE', name: `c${i}`, displayId: `Mixed-${i}` });
		sim.state.createQr(otherTeamId, { qrType: 'COUPON_CODE', name: 'other' });
	});
	afterEach(() => sim.setListDrift({}));
	afterAll(() => sim.close());

	const list = async (query: string, invalidRequest = false) =>
		(
			await call('GET', `/api/qrs-api/v2/teams/${query}`, {
				credentials: { ...sim.credentials, teamId },
				invalidRequest,
			})
		).body.data;
	const ids = (data: { qrs: Array<{ id: string }> }) => data.qrs.map((qr) => qr.id);
	const asc = '&sortBy=createdAt&sortOrder=asc';

	test('pageSizeCap serves at most N a page, echoes that limit and counts pages in it', async () => {
		const whole = await list(`?limit=100${asc}`);
		sim.setListDrift({ pageSizeCap: 10 });
		const second = await list(`?limit=100&page=2${asc}`);
		expect(second).toMatchObject({ limit: 10, page: 2, totalCount: 25 });
		expect(ids(second)).toEqual(ids(whole).slice(10, 20));
	});

	test('echoAskedLimit with pageSizeCap serves N a page but echoes the limit asked', async () => {
		const whole = await list(`?limit=100${asc}`);
		sim.setListDrift({ pageSizeCap: 10, echoAskedLimit: true });
		const second = await list(`?limit=100&page=2${asc}`);
		expect(second).toMatchObject({ limit: 100, page: 2, totalCount: 25 });
		expect(ids(second)).toEqual(ids(whole).slice(10, 20));
	});

	test('totalBelow announces a total N below the codes it serves, never below 0', async () => {
		const whole = await list(`?limit=100${asc}`);
		sim.setListDrift({ totalBelow: 10 });
		const first = await list(`?limit=100${asc}`);
		expect(first).toMatchObject({ totalCount: 15, page: 1, limit: 100 });
		expect(ids(first)).toEqual(ids(whole));
		sim.setListDrift({ totalBelow: 100 });
		expect((await list(`?limit=10${asc}`)).totalCount).toBe(0);
	});

	test('searchNamesOnly matches names only, never Display IDs', async () => {
		expect(ids(await list(`?search=mixed-3${asc}`))).toHaveLength(1);
		sim.setListDrift({ searchNamesOnly: true });
		expect(await list(`?search=mixed-3${asc}`)).toMatchObject({ qrs: [], totalCount: 0 });
		expect((await list(`?search=C1${asc}`)).totalCount).toBe(11);
	});

	test('unstableTies orders codes of equal sort value anew at each request, others keep their place', async () => {
		const tieTeam = sim.state.createTeam(sim.state.teams.get(teamId)!.orgId, 'Ties').id;
		sim.clock.set(1_750_000_000_000);
		for (let i = 0; i < 30; i++)
			sim.state.createQr(tieTeam, { qrType: 'COUPON_CODE', name: `t${i}` });
		sim.clock.set(1_750_000_000_001);
		const last = sim.state.createQr(tieTeam, { qrType: 'COUPON_CODE', name: 'last' });
		sim.clock.useRealTime();
		const tied = async () =>
			(
				await call('GET', `/api/qrs-api/v2/teams/?limit=100${asc}`, {
					credentials: { ...sim.credentials, teamId: tieTeam },
				})
			).body.data as { qrs: Array<{ id: string }>; totalCount: number };
		const stable = ids(await tied());
		expect(ids(await tied())).toEqual(stable);
		sim.setListDrift({ unstableTies: true });
		const first = await tied();
		const second = await tied();
		expect(first.totalCount).toBe(31);
		expect(ids(first).slice().sort()).toEqual(stable.slice().sort());
		expect(ids(second)).not.toEqual(ids(first));
		expect([ids(first)[30], ids(second)[30]]).toEqual([last.id, last.id]);
		// Seeded per simulator and setting, never across the process: set again, the same requests, the same orders.
		sim.setListDrift({ unstableTies: true });
		expect([ids(await tied()), ids(await tied())]).toEqual([ids(first), ids(second)]);
	});

	test('listLagMs leaves out codes created less than N ms ago, which Get QR by ID answers', async () => {
		const lagTeam = sim.state.createTeam(sim.state.teams.get(teamId)!.orgId, 'Lag').id;
		const credentials = { ...sim.credentials, teamId: lagTeam };
		sim.clock.set(Date.now() - 120_000);
		const old = sim.state.createQr(lagTeam, { qrType: 'COUPON_CODE', name: 'old' });
		sim.clock.useRealTime();
		const fresh = sim.state.createQr(lagTeam, { qrType: 'COUPON_CODE', name: 'fresh' });
		const listed = async () =>
			(await call('GET', `/api/qrs-api/v2/teams/?limit=100${asc}`, { credentials })).body.data;
		sim.setListDrift({ listLagMs: 60_000 });
		expect(await listed()).toMatchObject({ qrs: [{ id: old.id }], totalCount: 1 });
		const read = await call('GET', `/api/qrs-api/teams/${fresh.id}`, { credentials });
		expect(read.body.data.id).toBe(fresh.id);
		sim.setListDrift({});
		expect((await listed()).totalCount).toBe(2);
	});

	test('listStaleMs lists and searches codes as they stood N ms ago, which Get QR by ID answers as they are', async () => {
		const staleTeam = sim.state.createTeam(sim.state.teams.get(teamId)!.orgId, 'Stale').id;
		const credentials = { ...sim.credentials, teamId: staleTeam };
		sim.setListDrift({ listStaleMs: 60_000 });
		sim.clock.set(Date.now() - 120_000);
		const made = (
			await call('POST', '/api/qrs-api', {
				credentials,
				body: { qrType: 'COUPON_CODE', name: 'Old', displayId: 'stale-old' },
			})
		).body.data as { id: string };
		// A later creation time: the list's `createdAt asc` order never rests on the random IDs.
		sim.clock.advance(1_000);
		const gone = sim.state.createQr(staleTeam, { qrType: 'COUPON_CODE', name: 'Gone' });
		sim.clock.useRealTime();
		await call('PUT', `/api/qrs-api/${made.id}`, {
			credentials,
			body: { qrType: 'COUPON_CODE', name: 'New', displayId: 'stale-new' },
		});
		await call('DELETE', `/api/qrs-api/${gone.id}`, { credentials });
		const fresh = sim.state.createQr(staleTeam, { qrType: 'COUPON_CODE', name: 'Fresh' });
		const listed = async (search = '') =>
			(await call('GET', `/api/qrs-api/v2/teams/?limit=100${asc}${search}`, { credentials })).body
				.data as { qrs: Array<{ id: string; name: string; displayId: string }> };

		expect((await listed()).qrs.map((qr) => [qr.id, qr.name])).toEqual([
			[made.id, 'Old'],
			[gone.id, 'Gone'],
			[fresh.id, 'Fresh'],
		]);
		expect((await listed('&search=stale-old')).qrs.map((qr) => qr.displayId)).toEqual([
			'stale-old',
		]);
		expect((await listed('&search=stale-new')).qrs).toEqual([]);
		const read = await call('GET', `/api/qrs-api/teams/${made.id}`, { credentials });
		expect(read.body.data).toMatchObject({ name: 'New', displayId: 'stale-new' });
		sim.setListDrift({});
		expect((await listed()).qrs.map((qr) => qr.name)).toEqual(['New', 'Fresh']);
	});

	test('zeroBasedPages serves the first page as page 0 and the second as page 1', async () => {
		const whole = await list(`?limit=10${asc}`);
		sim.setListDrift({ zeroBasedPages: true });
		expect(ids(await list(`?limit=10&page=0${asc}`, true))).toEqual(ids(whole));
		expect((await list(`?limit=10&page=1${asc}`)).page).toBe(1);
		expect(ids(await list(`?limit=10&page=1${asc}`))).not.toContain(ids(whole)[0]);
	});

	test('ignorePage serves page 1 for every page', async () => {
		sim.setListDrift({ ignorePage: true });
		const first = await list(`?limit=10&page=1${asc}`);
		const third = await list(`?limit=10&page=3${asc}`);
		expect(ids(third)).toEqual(ids(first));
		expect(third.page).toBe(1);
	});

	test('lastPageBeyondEnd answers a page past the end with the last page, echoing the page asked', async () => {
		const whole = await list(`?limit=10${asc}`);
		sim.setListDrift({ lastPageBeyondEnd: true });
		const third = await list(`?limit=10&page=3${asc}`);
		const fifth = await list(`?limit=10&page=5${asc}`);
		expect(ids(fifth)).toEqual(ids(third));
		expect(ids(third)).toHaveLength(5);
		expect(fifth).toMatchObject({ page: 5, totalCount: 25 });
		expect(ids(await list(`?limit=10${asc}`))).toEqual(ids(whole));
	});

	test('shiftingOrder moves the least recently updated code to the front after each page', async () => {
		sim.setListDrift({ shiftingOrder: true });
		const before = await list('?limit=100');
		const after = await list('?limit=100');
		expect(ids(after)[0]).toBe(ids(before).at(-1));
	});

	test('deletesMidWalk deletes the newest code after each of the next N pages, then stops', async () => {
		sim.setListDrift({ deletesMidWalk: 1 });
		const first = await list('?limit=2');
		const second = await list('?limit=2');
		const third = await list('?limit=2');
		expect(ids(second)[0]).toBe(ids(first)[1]);
		expect(second.totalCount).toBe(first.totalCount - 1);
		expect(third).toEqual(second);
		expect(sim.state.getQr(ids(first)[0])?.deleted).toBe(true);
	});

	test('foreignCodes adds and counts the other teams codes', async () => {
		sim.setListDrift({ foreignCodes: true });
		const data = await list(`?limit=100${asc}`);
		expect(data.qrs.some((qr: { teamId: string }) => qr.teamId === otherTeamId)).toBe(true);
		expect(data.totalCount).toBe(data.qrs.length);
	});

	test('listsDeleted lists, counts and searches the team soft-deleted codes with the live ones', async () => {
		const gone = sim.state.createQr(teamId, {
			qrType: 'COUPON_CODE',
			name: 'gone',
			displayId: 'Gone-1',
		});
		gone.deleted = true;
		expect(await list('?search=gone-1')).toMatchObject({ qrs: [], totalCount: 0 });
		sim.setListDrift({ listsDeleted: true });
		const data = await list('?search=gone-1');
		expect(data.totalCount).toBe(1);
		expect(data.qrs).toEqual([expect.objectContaining({ id: gone.id, deleted: true })]);
	});

	test('foreignCodes with listsDeleted lists the other teams soft-deleted codes too', async () => {
		const gone = sim.state.createQr(otherTeamId, { qrType: 'COUPON_CODE', name: 'other gone' });
		gone.deleted = true;
		sim.setListDrift({ foreignCodes: true });
		expect(ids(await list(`?limit=100${asc}`))).not.toContain(gone.id);
		sim.setListDrift({ foreignCodes: true, listsDeleted: true });
		const data = await list(`?limit=100${asc}`);
		expect(data.qrs).toContainEqual(expect.objectContaining({ id: gone.id, deleted: true }));
		expect(data.totalCount).toBe(data.qrs.length);
	});

	test('ignoreTeamHeader acts in the client default team', async () => {
		sim.setListDrift({ ignoreTeamHeader: true });
		const data = await list('?limit=100');
		expect(data.qrs.every((qr: { teamId: string }) => qr.teamId === sim.credentials.teamId)).toBe(
			true,
		);
	});

	test('lowerCaseDisplayIds lower-cases Display IDs in answers only', async () => {
		sim.setListDrift({ lowerCaseDisplayIds: true });
		const data = await list('?limit=100');
		// a live code: deletesMidWalk above removes whichever code was newest
		const stored = sim.state.liveQrsOfTeam(teamId)[0].displayId as string;
		expect(stored).toMatch(/^Mixed-/);
		expect(data.qrs.map((qr: { displayId: string }) => qr.displayId)).toContain(
			stored.toLowerCase(),
		);
	});

	test('createsInDefaultTeam files a created code in the client default team and says so', async () => {
		sim.setListDrift({ createsInDefaultTeam: true });
		const created = await call('POST', '/api/qrs-api', {
			credentials: { ...sim.credentials, teamId },
			body: { qrType: 'COUPON_CODE', name: 'elsewhere', displayId: 'Filed-elsewhere' },
		});
		expect(created.body.data.teamId).toBe(sim.credentials.teamId);
		expect(sim.state.liveQrsOfTeam(teamId).map((qr) => qr.displayId)).not.toContain(
			'Filed-elsewhere',
		);
	});
});

/** Answer modes read beside the list drift: partial write answers (shape drift) and a lagging change feed. */
describe('write answers and feed lag', () => {
	let sim: Simulator;
	let call: Call;

	beforeAll(async () => {
		sim = await startSimulator({ seed: true });
		call = contractClient(sim);
	});
	afterAll(() => sim.close());

	test('partialWriteAnswers answers a write with id, displayId, name and updatedAt only; the write is whole', async () => {
		sim.setShapeDrift(['partialWriteAnswers']);
		try {
			const created = await call('POST', '/api/qrs-api', {
				body: { qrType: 'COUPON_CODE', name: 'partial', displayId: 'Partial-1', tags: ['t'] },
			});
			expect(Object.keys(created.body.data).sort()).toEqual([
				'displayId',
				'id',
				'name',
				'updatedAt',
			]);
			expect(sim.state.getQr(created.body.data.id)?.tags).toEqual(['t']);
		} finally {
			sim.setShapeDrift([]);
		}
	});

	test('fromTimeLagMs leaves out of the updated-after answer the codes changed within the lag', async () => {
		const { teamId } = sim.credentials;
		const old = sim.state.createQrAt(
			teamId,
			{ qrType: 'COUPON_CODE', name: 'old' },
			sim.clock.now() - 60_000,
		);
		const fresh = sim.state.createQr(teamId, { qrType: 'COUPON_CODE', name: 'fresh' });
		sim.setChangeDrift({ fromTimeLagMs: 30_000 });
		try {
			const answer = await call('GET', `/api/qrs-api/teams/fromTime/${sim.clock.now() - 120_000}`);
			const ids = answer.body.data.map((qr: { id: string }) => qr.id);
			expect(ids).toContain(old.id);
			expect(ids).not.toContain(fresh.id);
		} finally {
			sim.setChangeDrift({ fromTimeLagMs: undefined });
		}
	});
});
