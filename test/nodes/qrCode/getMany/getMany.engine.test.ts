/**
 * QR Code > Get Many through n8n's engine against the simulator.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

let orgId: string;

beforeAll(() => {
	orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
});

async function run(
	operation: string,
	parameters: Record<string, unknown>,
	items?: Array<Record<string, unknown>>,
) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource: 'qrCode', operation, ...parameters },
		items,
	});
}

describe('Get Many', () => {
	let listTeamId: string;

	beforeAll(() => {
		const team = suite.sim.state.createTeam(orgId, 'Listing');
		listTeamId = team.id;
		const start = suite.sim.clock.now() - 1_000_000;
		for (let index = 0; index < 130; index++) {
			suite.sim.state.createQrAt(
				listTeamId,
				{
					qrType: 'WEB',
					qrRedirectUrl: `https://example.com/${index}`,
					name: `Code ${String(index).padStart(3, '0')}`,
				},
				start + index * 1000,
			);
		}
	});

	it("takes a Limit and a Page Size a sheet gives as text ('120', '60') as their numbers", async () => {
		const result = await run(
			'getMany',
			{
				limit: '={{ $json.limit }}',
				options: { teamOverride: listTeamId, pageSize: '={{ $json.size }}' },
			},
			[{ limit: '120', size: ' 60 ' }],
		);

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(120);
		expect(suite.sim.requestLog.map((entry) => [entry.query.limit, entry.query.page])).toEqual([
			['60', '1'],
			['60', '2'],
		]);
	});

	it('returns a limit above 100 through pages of 100, each code once', async () => {
		const result = await run('getMany', { limit: 120, options: { teamOverride: listTeamId } });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(120);
		expect(new Set(result.items.map((item) => item.json.id)).size).toBe(120);
		expect(suite.sim.requestLog.map((entry) => [entry.query.limit, entry.query.page])).toEqual([
			['100', '1'],
			['100', '2'],
		]);
		expect(
			suite.sim.requestLog.every((entry) => entry.headers['x-request-team-id'] === listTeamId),
		).toBe(true);
		suite.expectRequestsFollowContract();
	});

	it('returns all codes with Return All, in the chosen order', async () => {
		const result = await run('getMany', {
			returnAll: true,
			options: { sortBy: 'name', sortOrder: 'asc', teamOverride: listTeamId },
		});

		const names = result.items.map((item) => String(item.json.name));
		expect(names).toHaveLength(suite.sim.state.listQrs(listTeamId).length);
		expect(names).toEqual([...names].sort());
		expect(names[0]).toBe('Code 000');
		suite.expectRequestsFollowContract();
	});

	it('uses the Page Size option and the search filter', async () => {
		const result = await run('getMany', {
			limit: 7,
			filters: { search: 'code 01' },
			options: { teamOverride: listTeamId, pageSize: 3 },
		});

		expect(result.items.map((item) => item.json.name)).toHaveLength(7);
		expect(result.items.every((item) => String(item.json.name).startsWith('Code 01'))).toBe(true);
		// pages after the first may be asked side by side: the log holds them in the order they arrived
		expect(
			suite.sim.requestLog
				.map((entry) => [entry.query.limit, entry.query.page, entry.query.search])
				.sort((a, b) => Number(a[1]) - Number(b[1])),
		).toEqual([
			['3', '1', 'code 01'],
			['3', '2', 'code 01'],
			['3', '3', 'code 01'],
		]);
		suite.expectRequestsFollowContract();
	});

	it('searches for a number an expression gives (a year from a sheet) as its text', async () => {
		const result = await run(
			'getMany',
			{ filters: { search: '={{ $json.year }}' }, options: { teamOverride: listTeamId } },
			[{ year: 112 }],
		);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.name)).toContain('Code 112');
		expect(suite.sim.requestLog.map((entry) => entry.query.search)).toEqual(['112']);
	});

	it('searches for 0 as "0", not for every code', async () => {
		const result = await run('getMany', {
			filters: { search: '={{ 0 }}' },
			options: { teamOverride: listTeamId },
		});

		expect(result.error).toBeUndefined();
		expect(suite.sim.requestLog.map((entry) => entry.query.search)).toEqual(['0']);
	});

	// a number no sheet shows (an empty cell through parseInt gives NaN) or a switch's value is no search text; the
	// number is told why
	const noSheetShows = 'a number no sheet shows';
	it.each([
		[
			'NaN',
			`got NaN, ${noSheetShows} (parseInt of an empty cell, or Number of text that is no number?): give text or a number`,
		],
		[
			'parseInt("")',
			`got NaN, ${noSheetShows} (parseInt of an empty cell, or Number of text that is no number?): give text or a number`,
		],
		['Infinity', `got Infinity, ${noSheetShows}: give text or a number`],
		[
			'1e21',
			'got a number JavaScript writes with an exponent (1e+21), not as the sheet shows it: give it as text',
		],
		[
			'4.35 * 100',
			'got a number past 15 significant digits (434.99999999999994), not what the sheet shows: round it or give it as text',
		],
		['false', 'must be text'],
		['true', 'must be text'],
	])(
		'refuses a Search of {{ %s }} before any request, neither searching it nor listing every code',
		async (expression, message) => {
			const result = await run('getMany', {
				limit: 1,
				filters: { search: `={{ ${expression} }}` },
				options: { teamOverride: listTeamId },
			});

			expect(result.error?.message).toBe(`Item 0: "Search" ${message}`);
			expect(suite.sim.requestLog).toHaveLength(0);
		},
	);
});

describe('Get Many on a service that lists soft-deleted codes (list drift listsDeleted)', () => {
	let teamId: string;
	let live: string[];

	beforeAll(() => {
		teamId = suite.sim.state.createTeam(orgId, 'Listing deleted').id;
		const start = suite.sim.clock.now() - 1_000_000;
		const codes = [0, 1, 2, 3, 4].map((index) =>
			suite.sim.state.createQrAt(
				teamId,
				{ qrType: 'WEB', qrRedirectUrl: `https://example.com/d${index}`, name: `D ${index}` },
				start + index * 1000,
			),
		);
		// the two most recently changed codes are deleted: a list newest first starts with them
		codes[3].deleted = true;
		codes[4].deleted = true;
		live = codes.slice(0, 3).map((code) => code.id);
	});

	beforeEach(() => suite.sim.setListDrift({ listsDeleted: true }));
	afterEach(() => suite.sim.setListDrift({}));

	it('returns the live codes only, with Return All', async () => {
		const result = await run('getMany', { returnAll: true, options: { teamOverride: teamId } });

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id).sort()).toEqual([...live].sort());
	});

	it('fills a Limit with live codes, reading past the deleted ones the list holds', async () => {
		const result = await run('getMany', { limit: 2, options: { teamOverride: teamId } });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items.every((item) => item.json.deleted !== true)).toBe(true);
		expect(result.items.map((item) => item.json.name)).toEqual(['D 2', 'D 1']);
		suite.expectRequestsFollowContract();
	});
});

describe('Get Many past many soft-deleted codes (list drift listsDeleted)', () => {
	let teamId: string;

	beforeAll(() => {
		teamId = suite.sim.state.createTeam(orgId, 'Mostly deleted').id;
		const start = suite.sim.clock.now() - 10_000_000;
		const codes = Array.from({ length: 300 }, (_, index) =>
			suite.sim.state.createQrAt(
				teamId,
				{ qrType: 'WEB', qrRedirectUrl: `https://example.com/m${index}`, name: `M ${index}` },
				start + index * 1000,
			),
		);
		// the 250 most recently changed codes are deleted: a list newest first holds 50 live codes at its end
		for (const code of codes.slice(50)) code.deleted = true;
	});

	beforeEach(() => suite.sim.setListDrift({ listsDeleted: true }));
	afterEach(() => suite.sim.setListDrift({}));

	async function listRequests(parameters: Record<string, unknown>) {
		suite.sim.clearRequestLog();
		const result = await run('getMany', {
			...parameters,
			options: { teamOverride: teamId, ...(parameters.options as object) },
		});
		const pages = suite.sim.requestLog
			.filter((entry) => entry.method === 'GET')
			.map((entry) => `${String(entry.query.page)}x${String(entry.query.limit)}`);
		return { result, pages };
	}

	it('reads each page once: a Limit of 5 costs the 3 pages of 100 down to the live codes', async () => {
		const { result, pages } = await listRequests({ limit: 5 });

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.name)).toEqual([
			'M 49',
			'M 48',
			'M 47',
			'M 46',
			'M 45',
		]);
		expect(pages).toEqual(['1x100', '2x100', '3x100']);
	});

	it('reads each page once with pages of 50, and stops at the Limit', async () => {
		const { result, pages } = await listRequests({ limit: 20, options: { pageSize: 50 } });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(20);
		expect(result.items.every((item) => item.json.deleted !== true)).toBe(true);
		expect(pages).toEqual(['1x50', '2x50', '3x50', '4x50', '5x50', '6x50']);
	});

	it('returns every live code when the Limit is more than the list holds, each page read once', async () => {
		const { result, pages } = await listRequests({ limit: 80 });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(50);
		expect(new Set(pages).size).toBe(pages.length);
		expect(pages.slice(0, 3)).toEqual(['1x100', '2x100', '3x100']);
	});
});
