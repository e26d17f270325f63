import { startSimulator, type Simulator } from '..';
import { contractClient, type Call } from './contractClient';

/** The paginated list (limits, order, search, totals) and the updated-after-time boundary. */
describe('listing', () => {
	let sim: Simulator;
	let call: Call;
	let teamId: string;
	const T0 = 1_800_000_000_000;

	beforeAll(async () => {
		sim = await startSimulator({ seed: true });
		call = contractClient(sim);
		const orgId = sim.state.teams.get(sim.credentials.teamId)?.orgId as string;
		teamId = sim.state.createTeam(orgId, 'Listing').id;
		// 25 codes, createdAt T0 + i s; updatedAt in reverse so the two orders differ; names with mixed case.
		for (let i = 0; i < 25; i++) {
			const qr = sim.state.createQrAt(
				teamId,
				{
					name: `${i % 2 ? 'alpha' : 'Beta'} ${String(i).padStart(2, '0')}`,
					qrType: 'COUPON_CODE',
				},
				T0 + i * 1000,
			);
			qr.updatedAt = T0 + (30 - i) * 1000;
		}
		// Two codes with the same updatedAt, to see the tie-break.
		sim.state.createQrAt(
			teamId,
			{ name: 'tie a', qrType: 'COUPON_CODE', displayId: 'TieSearchMe' },
			T0 + 100_000,
		);
		sim.state.createQrAt(teamId, { name: 'tie b', qrType: 'COUPON_CODE' }, T0 + 100_000);
	});
	afterAll(() => sim.close());

	const credentials = () => ({ ...sim.credentials, teamId });
	const list = (query: string, invalidRequest = false) =>
		call('GET', `/api/qrs-api/v2/teams/${query}`, { credentials: credentials(), invalidRequest });
	const names = (reply: { body: any }) =>
		reply.body.data.qrs.map((qr: { name: string }) => qr.name);

	test('defaults: limit 10, page 1, updatedAt descending, totalCount of all', async () => {
		const reply = await list('');
		expect(reply.status).toBe(200);
		expect(reply.body.data).toMatchObject({ page: 1, limit: 10, totalCount: 27 });
		const updated = reply.body.data.qrs.map((qr: { updatedAt: number }) => qr.updatedAt);
		expect(updated).toEqual([...updated].sort((a, b) => b - a));
		expect(reply.body.data.qrs).toHaveLength(10);
	});

	test('pages partition the list without overlap, the last page is short, beyond it empty', async () => {
		const seen: string[] = [];
		for (let page = 1; page <= 4; page++) {
			const reply = await list(`?limit=8&page=${page}&sortBy=createdAt&sortOrder=asc`);
			expect(reply.body.data.totalCount).toBe(27);
			seen.push(...reply.body.data.qrs.map((qr: { id: string }) => qr.id));
			if (page === 4) expect(reply.body.data.qrs).toHaveLength(3);
		}
		expect(new Set(seen).size).toBe(27);
		expect((await list('?limit=8&page=5')).body.data.qrs).toEqual([]);
	});

	test('sort by createdAt asc and desc are mirror images, ties broken by id', async () => {
		const asc = await list('?limit=100&sortBy=createdAt&sortOrder=asc');
		const desc = await list('?limit=100&sortBy=createdAt&sortOrder=desc');
		const ascIds = asc.body.data.qrs.map((qr: { id: string }) => qr.id);
		expect(desc.body.data.qrs.map((qr: { id: string }) => qr.id)).toEqual([...ascIds].reverse());
		const ties = asc.body.data.qrs
			.filter((qr: { createdAt: number }) => qr.createdAt === T0 + 100_000)
			.map((qr: { id: string }) => qr.id);
		expect(ties).toEqual([...ties].sort());
	});

	test('sort by name compares code units (upper case first)', async () => {
		const reply = await list('?limit=100&sortBy=name&sortOrder=asc');
		const sorted = names(reply);
		expect(sorted[0]).toBe('Beta 00');
		expect(sorted.at(-1)).toBe('tie b');
	});

	test('search is a case-insensitive substring of name or displayId, and totalCount follows it', async () => {
		const byName = await list('?search=ALPHA&limit=5');
		expect(byName.body.data.totalCount).toBe(12);
		expect(names(byName).every((name: string) => name.startsWith('alpha'))).toBe(true);
		const byDisplayId = await list('?search=tiesearch');
		expect(names(byDisplayId)).toEqual(['tie a']);
		expect((await list('?search=nothing-like-this')).body.data).toMatchObject({
			totalCount: 0,
			qrs: [],
		});
	});

	test.each([
		['limit=0', /"limit" must be between 1 and 100/],
		['limit=101', /"limit" must be between 1 and 100/],
		['limit=abc', /"limit" must be an integer/],
		['limit=2.5', /"limit" must be an integer/],
		['page=0', /"page"/],
		['sortBy=displayId', /"sortBy" must be one of/],
		['sortOrder=up', /"sortOrder" must be one of/],
		['limit=5&limit=6', /"limit" must be given once/],
	])('?%s is 400', async (query, message) => {
		const reply = await list(`?${query}`, true);
		expect(reply.status).toBe(400);
		expect(reply.body.message).toMatch(message);
	});

	test('limit=1 and limit=100 are the inclusive bounds', async () => {
		expect((await list('?limit=1')).body.data.qrs).toHaveLength(1);
		expect((await list('?limit=100')).body.data.qrs).toHaveLength(27);
	});

	describe('updated after time', () => {
		const fromTime = (ms: number) =>
			call('GET', `/api/qrs-api/teams/fromTime/${ms}`, { credentials: credentials() });

		test('the boundary is exclusive by default, ordered by updatedAt ascending', async () => {
			const boundary = T0 + 20_000;
			const reply = await fromTime(boundary);
			const times = reply.body.data.map((qr: { updatedAt: number }) => qr.updatedAt);
			expect(times.every((time: number) => time > boundary)).toBe(true);
			expect(times).toEqual([...times].sort((a, b) => a - b));
			expect(times).not.toContain(boundary);
			expect(times).toHaveLength(12);
		});

		test('with fromTimeInclusive the boundary is included', async () => {
			const inclusive = await startSimulator({ fromTimeInclusive: true });
			try {
				const qr = inclusive.state.createQrAt(
					inclusive.credentials.teamId,
					{ qrType: 'COUPON_CODE' },
					T0,
				);
				const inclusiveCall = contractClient(inclusive);
				const at = await inclusiveCall('GET', `/api/qrs-api/teams/fromTime/${T0}`);
				expect(at.body.data.map((row: { id: string }) => row.id)).toEqual([qr.id]);
				const exclusive = await call('GET', `/api/qrs-api/teams/fromTime/${T0 + 30_000}`, {
					credentials: credentials(),
				});
				expect(
					exclusive.body.data.map((row: { updatedAt: number }) => row.updatedAt),
				).not.toContain(T0 + 30_000);
			} finally {
				await inclusive.close();
			}
		});

		test('a change through the API moves the code past the cursor, by the simulator clock', async () => {
			sim.clock.set(T0 + 500_000);
			const [qr] = sim.state.listQrs(teamId);
			await call('PATCH', `/api/qrs-api/${qr.id}/title`, {
				credentials: credentials(),
				body: { title: 'Moved' },
			});
			sim.clock.useRealTime();
			const reply = await fromTime(T0 + 499_999);
			expect(reply.body.data).toEqual([
				expect.objectContaining({ id: qr.id, name: 'Moved', updatedAt: T0 + 500_000 }),
			]);
			expect((await fromTime(T0 + 500_000)).body.data).toEqual([]);
		});

		test('fromTime must be an integer', async () => {
			const reply = await call('GET', '/api/qrs-api/teams/fromTime/yesterday', {
				credentials: credentials(),
				invalidRequest: true,
			});
			expect(reply.status).toBe(400);
			expect(reply.body.message).toMatch(/fromTime/);
		});

		test('all teams covers every team of the organization and no other', async () => {
			const { org } = sim.state.createOrganization('Other', {
				name: 'Otto',
				email: 'otto@other.example',
			});
			const foreign = sim.state.createQr(sim.state.teamsOfOrg(org.id)[0].id, {
				qrType: 'COUPON_CODE',
			});
			const reply = await call('GET', '/api/qrs-api/all/fromTime/0');
			const ids = reply.body.data.map((qr: { id: string }) => qr.id);
			expect(ids).not.toContain(foreign.id);
			const ownTeams = new Set(
				sim.state.teamsOfOrg(sim.state.teams.get(teamId)?.orgId as string).map((team) => team.id),
			);
			expect(reply.body.data.every((qr: { teamId: string }) => ownTeams.has(qr.teamId))).toBe(true);
			expect(ids).toHaveLength(
				[...sim.state.qrs.values()].filter((qr) => ownTeams.has(qr.teamId)).length,
			);
		});
	});
});
