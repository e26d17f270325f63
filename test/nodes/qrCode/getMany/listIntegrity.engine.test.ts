/**
 * A list walk never ends short in silence (issue 22, points 1, 8 and the Display ID part of 9), through n8n's
 * engine against a simulator whose paginated list reads the contract's open points another way
 * (simulator/listDrift.ts): a smaller served page, pages from 0, `page` ignored, codes moving between pages, codes
 * of another team, the team header ignored, Display IDs lower-cased or held twice. Get Many, the sync snapshot,
 * Delete Missing and the Look Up Each Row look-up either get every code of the team asked for, or fail with what
 * was expected and what came, before any write.
 */
import type { ListDrift } from '../../../../simulator';
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: true });

let orgId: string;
let teamCount = 0;

beforeAll(() => {
	orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
});

afterEach(() => suite.sim.setListDrift({}));

/** A team of its own with `count` WEB codes tagged "sheet", Display IDs `<prefix>-<n>`. */
function teamWithCodes(count: number, prefix = `list-${teamCount + 1}`) {
	const team = suite.sim.state.createTeam(orgId, `Lists ${++teamCount}`).id;
	const codes = Array.from({ length: count }, (_, index) =>
		suite.sim.state.createQr(team, {
			qrType: 'WEB',
			displayId: `${prefix}-${index}`,
			name: `Row ${index}`,
			qrRedirectUrl: `https://example.com/${prefix}/${index}`,
			tags: ['sheet'],
		}),
	);
	return { team, codes, rows: codes.map((code) => rowOf(code, team)) };
}

function rowOf(code: { displayId: string; name: string; qrRedirectUrl?: string }, team: string) {
	return {
		displayId: code.displayId,
		name: code.name,
		url: code.qrRedirectUrl,
		tags: 'sheet',
		team,
	};
}

async function getMany(team: string, parameters: Record<string, unknown> = {}) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: {
			resource: 'qrCode',
			operation: 'getMany',
			returnAll: true,
			simplify: true,
			options: { teamOverride: team },
			...parameters,
		},
	});
}

async function createOrUpdate(
	rows: Array<Record<string, unknown>>,
	options: Record<string, unknown> = {},
	mode = 'sync',
) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: {
			resource: 'qrCode',
			operation: 'createOrUpdate',
			mode,
			displayId: '={{ $json.displayId }}',
			qrType: 'WEB',
			name: '={{ $json.name }}',
			qrRedirectUrl: '={{ $json.url }}',
			additionalFields: { tags: '={{ $json.tags }}' },
			options: { teamOverride: '={{ $json.team }}', ...options },
		},
		items: rows,
		continueOnFail: true,
	});
}

const listReads = () =>
	suite.sim.requestLog.filter(
		(entry) => entry.method === 'GET' && entry.path === '/api/qrs-api/v2/teams/',
	);
const writes = () => suite.sim.requestLog.filter((entry) => entry.method !== 'GET');
const errorsOf = (items: Array<{ json: Record<string, unknown> }>) =>
	items.map((item) => String(item.json.error ?? ''));

function drift(listDrift: Partial<ListDrift>): void {
	suite.sim.setListDrift(listDrift);
	suite.sim.clearRequestLog();
}

describe('Get Many reads every code whatever page size and numbering the service uses', () => {
	// The contract has no sort key that is unique, so a service ordering equal values anew at each request (no
	// tie-breaker) can repeat codes across pages and leave others out. A walk in creation order that comes up short
	// is completed by one in name order (r125); codes of one millisecond and one name cannot be read whole: the walk
	// must fail loudly, and Delete Missing must delete nothing it did not see.
	it('reads 250 codes of one millisecond the service orders anew at each request, in name order too', async () => {
		suite.sim.clock.set(Date.now());
		const { team, codes } = teamWithCodes(250);
		suite.sim.clock.useRealTime();
		drift({ unstableTies: true });

		const result = await getMany(team);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id).sort()).toEqual(
			codes.map((code) => code.id).sort(),
		);
	});

	it('fails loudly, writing nothing, when the service orders 250 codes of one millisecond and one name anew at each request', async () => {
		suite.sim.clock.set(Date.now());
		const { team, codes } = teamWithCodes(250);
		suite.sim.clock.useRealTime();
		for (const code of codes) suite.sim.state.getQr(code.id)!.name = 'Same name';
		const rows = codes.map((code) => ({ ...rowOf(code, team), name: 'Same name' }));
		drift({ unstableTies: true });

		const result = await getMany(team);

		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(
			/^QRTRAC's list of codes is incomplete: got \d+ of 250 codes$/,
		);

		drift({ unstableTies: true });
		const sync = await createOrUpdate(rows, { deleteMissing: true, deleteMissingTag: 'sheet' });
		expect(sync.items).toHaveLength(250);
		expect(errorsOf(sync.items).every((error) => error.includes('incomplete'))).toBe(true);
		expect(writes()).toEqual([]);
	});

	it('follows a service that serves 50 codes a page when asked for 100: 250 of 250, 6 requests (the last confirms the end)', async () => {
		const { team, codes } = teamWithCodes(250);
		drift({ pageSizeCap: 50 });

		const result = await getMany(team);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id).sort()).toEqual(
			codes.map((code) => code.id).sort(),
		);
		expect(listReads().map((entry) => entry.query.limit)).toEqual([
			'100',
			'50',
			'50',
			'50',
			'50',
			'50',
		]);
		suite.expectRequestsFollowContract();
	});

	it('fills a limit of 120 from pages of 50', async () => {
		const { team } = teamWithCodes(250);
		drift({ pageSizeCap: 50 });

		const result = await getMany(team, { returnAll: false, limit: 120 });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(120);
		expect(listReads()).toHaveLength(3);
	});

	it('reads page 0 of a service that counts pages from 0', async () => {
		const { team, codes } = teamWithCodes(250);
		drift({ zeroBasedPages: true });

		const result = await getMany(team);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id).sort()).toEqual(
			codes.map((code) => code.id).sort(),
		);
		expect(listReads().map((entry) => entry.query.page)).toEqual(['1', '2', '3', '0']);
	});

	it('reads every code once while another writer moves codes to the front of the updatedAt order', async () => {
		const { team, codes } = teamWithCodes(250);
		drift({ shiftingOrder: true });

		const result = await getMany(team);

		expect(result.error).toBeUndefined();
		const ids = result.items.map((item) => item.json.id);
		expect(ids.slice().sort()).toEqual(codes.map((code) => code.id).sort());
		const times = result.items.map((item) => item.json.updatedAt as number);
		expect(times).toEqual(times.slice().sort((a, b) => b - a));
		expect(listReads().every((entry) => entry.query.sortBy === 'createdAt')).toBe(true);
	});

	it('walks on past a total below the codes served, to the page that ends the list: 250 of 250, not 200', async () => {
		const { team, codes } = teamWithCodes(250);
		drift({ totalBelow: 100 });

		const result = await getMany(team);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id).sort()).toEqual(
			codes.map((code) => code.id).sort(),
		);
		expect(listReads().map((entry) => entry.query.page)).toEqual(['1', '2', '3']);
		suite.expectRequestsFollowContract();
	});

	it('walks on past a total below the codes that lands on a page boundary: 250 of 250, not 200, one page more', async () => {
		const { team, codes } = teamWithCodes(250);
		drift({ totalBelow: 50 });

		const result = await getMany(team);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id).sort()).toEqual(
			codes.map((code) => code.id).sort(),
		);
		expect(listReads().map((entry) => entry.query.page)).toEqual(['1', '2', '3']);
	});

	it('fails with "got 100 of 250 codes" on a service that ignores page', async () => {
		const { team } = teamWithCodes(250);
		drift({ ignorePage: true });

		const result = await getMany(team);

		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe(
			"QRTRAC's list of codes is incomplete: got 100 of 250 codes",
		);
		expect(result.error?.description).toMatch(
			/^Get Many QR Codes \(GET \/qrs-api\/v2\/teams\/\), read for Get Many, announced 250 codes; 3 requests gave 100 different codes: page 2 held only codes of earlier pages: the service seems to ignore "page"\. .*Run the node again/,
		);
	});

	it('reads all 200 codes once when the service answers a page past the end with its last page', async () => {
		const { team, codes } = teamWithCodes(200);
		drift({ lastPageBeyondEnd: true });

		const result = await getMany(team);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id).sort()).toEqual(
			codes.map((code) => code.id).sort(),
		);
	});

	it('reads all 30 codes of a short page 1 that page 2 past the end repeats, a total of 20 announced or none', async () => {
		for (const listDrift of [{ totalBelow: 10 }, {}]) {
			const { team, codes } = teamWithCodes(30);
			drift({ ...listDrift, lastPageBeyondEnd: true });

			const result = await getMany(team);

			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.id).sort()).toEqual(
				codes.map((code) => code.id).sort(),
			);
		}
	});

	it('fails a service capping pages at 50 silently and ignoring page (no total): not 50 of 130 as the whole list', async () => {
		const { team } = teamWithCodes(130);
		suite.sim.setShapeDrift(['bareLists']);
		drift({ pageSizeCap: 50, echoAskedLimit: true, ignorePage: true });
		try {
			const result = await getMany(team);

			expect(result.items).toEqual([]);
			expect(result.error?.message).toMatch(/list of codes is incomplete: got 50 of more codes/);
			expect(result.error?.description).toMatch(/page 2 .*seems to ignore "page"/);
			// page 2 asked again with 25 answered page 1's first codes
			expect(listReads().map((entry) => [entry.query.page, entry.query.limit])).toEqual([
				['1', '100'],
				['2', '50'],
				['2', '25'],
			]);
		} finally {
			suite.sim.setShapeDrift([]);
		}
	});

	it('reads all 30 codes of a list without total whose page 2 past the end repeats page 1, in 3 requests', async () => {
		const { team, codes } = teamWithCodes(30);
		suite.sim.setShapeDrift(['bareLists']);
		drift({ lastPageBeyondEnd: true });
		try {
			const result = await getMany(team);

			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.id).sort()).toEqual(
				codes.map((code) => code.id).sort(),
			);
			expect(listReads()).toHaveLength(3);
		} finally {
			suite.sim.setShapeDrift([]);
		}
	});

	it('names the total its pages passed when a full page 1 is repeated, never "announced no total"', async () => {
		const { team } = teamWithCodes(100);
		drift({ ignorePage: true, totalBelow: 10 });

		const result = await getMany(team);

		expect(result.error?.description).toMatch(
			/read for Get Many, announced a total of 90 that its pages passed; .*ignore "page"/,
		);
	});

	it('fails a limit of 250 on a service that ignores page, instead of returning 100', async () => {
		const { team } = teamWithCodes(300);
		drift({ ignorePage: true });

		const result = await getMany(team, { returnAll: false, limit: 250 });

		expect(result.error?.message).toBe(
			"QRTRAC's list of codes is incomplete: got 100 of 250 codes",
		);
	});

	it('fails on a refused page only once the pages asked with it are done: no request goes out after the item failed', async () => {
		const { team } = teamWithCodes(1000);
		// page 3 of ten is refused while pages 4 to 9 still wait for their slots at 5 requests a second
		suite.sim.faults.add({
			...{ kind: 'status', status: 400, method: 'GET', path: '/api/qrs-api/v2/teams/' },
			...{ skip: 2, count: 1, message: 'page refused' },
		});
		try {
			const result = await runNode({
				nodeType: 'qrtrac',
				credentials: { ...suite.credentials, plan: 'Business Plus' },
				parameters: {
					...{ resource: 'qrCode', operation: 'getMany', returnAll: true },
					options: { teamOverride: team },
				},
			});
			const sentByTheEnd = suite.sim.requestLog.length;
			await new Promise((resolve) => setTimeout(resolve, 2000));

			expect(result.error?.message).toMatch(/page refused/);
			expect(suite.sim.requestLog).toHaveLength(sentByTheEnd);
		} finally {
			suite.sim.faults.clear();
		}
	});

	it('fails when the list holds codes of another team', async () => {
		const { team } = teamWithCodes(3);
		teamWithCodes(2);
		drift({ foreignCodes: true });

		const result = await getMany(team);

		expect(result.error?.message).toMatch(
			new RegExp(
				`^QRTRAC answered codes of another team: \\d+ code\\(s\\) of team .* in the list of team ${team}$`,
			),
		);
	});
});

describe('the codes changed since a time are the team asked for', () => {
	it('Get Updated Since fails, naming the team, when the service ignores the team header', async () => {
		const credentialTeam = suite.credentials.teamId!;
		suite.sim.state.createQr(credentialTeam, {
			qrType: 'WEB',
			displayId: 'isolation-changed',
			name: 'Changed in the credential team',
			qrRedirectUrl: 'https://example.com/changed',
		});
		const { team } = teamWithCodes(2);
		drift({ ignoreTeamHeader: true });

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'getUpdatedSince',
				since: Date.now() - 3_600_000,
				options: { teamOverride: team },
			},
		});

		expect(result.error?.message).toMatch(
			new RegExp(
				`^QRTRAC answered codes of another team: \\d+ code\\(s\\) of team ${credentialTeam} in the list of team ${team}$`,
			),
		);
		expect(result.error?.description).toMatch(/^Get QR Codes Updated Since \(GET /);
	});
});

describe('the sync and Delete Missing never act on a partial list or on another team', () => {
	it('finds all 250 unchanged rows on a service serving 50 a page, and writes nothing', async () => {
		const { rows } = teamWithCodes(250);
		drift({ pageSizeCap: 50 });

		const result = await createOrUpdate(rows);

		expect(result.items.map((item) => item.json.result)).toEqual(rows.map(() => 'unchanged'));
		expect(writes()).toEqual([]);
		// 250 ends on a page of 50: a sixth page confirms the end.
		expect(listReads()).toHaveLength(6);
	});

	it('finds all 250 unchanged rows on a service announcing a total 100 below its codes, and writes nothing', async () => {
		const { rows } = teamWithCodes(250);
		drift({ totalBelow: 100 });

		const result = await createOrUpdate(rows);

		expect(result.items.map((item) => item.json.result)).toEqual(rows.map(() => 'unchanged'));
		expect(writes()).toEqual([]);
	});

	it('finds all 250 unchanged rows on a service announcing a total 50 below its codes (a page boundary), and writes nothing', async () => {
		const { rows } = teamWithCodes(250);
		drift({ totalBelow: 50 });

		const result = await createOrUpdate(rows);

		expect(result.items.map((item) => item.json.result)).toEqual(rows.map(() => 'unchanged'));
		expect(writes()).toEqual([]);
	});

	it('fails every row and deletes nothing when the snapshot is partial (page ignored)', async () => {
		const { team, rows, codes } = teamWithCodes(250);
		drift({ ignorePage: true });

		const result = await createOrUpdate(rows.slice(0, 200), {
			deleteMissing: true,
			deleteMissingTag: 'sheet',
		});

		expect(new Set(errorsOf(result.items))).toEqual(
			new Set(["QRTRAC's list of codes is incomplete: got 100 of 250 codes"]),
		);
		expect(writes()).toEqual([]);
		expect(suite.sim.state.liveQrsOfTeam(team)).toHaveLength(codes.length);
	});

	it('fails every row before any write when the service ignores the team header', async () => {
		const credentialTeam = suite.credentials.teamId!;
		const own = suite.sim.state.createQr(credentialTeam, {
			qrType: 'WEB',
			displayId: 'isolation-own',
			name: 'Own',
			qrRedirectUrl: 'https://example.com/own',
			tags: ['sheet'],
		});
		const { rows } = teamWithCodes(3);
		drift({ ignoreTeamHeader: true });

		const result = await createOrUpdate(rows, { deleteMissing: true, deleteMissingTag: 'sheet' });

		expect(errorsOf(result.items)).toEqual(
			rows.map(() => expect.stringMatching(/^QRTRAC answered codes of another team: /)),
		);
		expect(writes()).toEqual([]);
		expect(suite.sim.state.qrs.get(own.id)?.deleted).toBeFalsy();
	});

	it('writes nothing for a Display ID repeated in the sheet when the team read of its first row failed', async () => {
		const credentialTeam = suite.credentials.teamId!;
		suite.sim.state.createQr(credentialTeam, {
			qrType: 'WEB',
			displayId: 'isolation-own-2',
			name: 'Own',
			qrRedirectUrl: 'https://example.com/own',
		});
		const { team } = teamWithCodes(1);
		drift({ ignoreTeamHeader: true });
		const row = {
			displayId: `${team}-repeated`,
			name: 'New',
			url: 'https://example.com/new',
			team,
		};

		const result = await createOrUpdate([row, { ...row, name: 'New again' }]);

		expect(errorsOf(result.items)).toEqual([
			expect.stringMatching(/^QRTRAC answered codes of another team: /),
			expect.stringMatching(/^QRTRAC answered codes of another team: /),
		]);
		expect(writes()).toEqual([]);
	});
});

describe('a Display ID the service changed or holds twice is reported, not written', () => {
	it.each([['sync'], ['lookUpEachRow']])(
		'%s: a Display ID answered lower-cased fails its row',
		async (mode) => {
			const { team } = teamWithCodes(0);
			suite.sim.state.createQr(team, {
				qrType: 'WEB',
				displayId: `Spring-${mode}`,
				name: 'Spring',
				qrRedirectUrl: 'https://example.com/spring',
			});
			drift({ lowerCaseDisplayIds: true });

			const result = await createOrUpdate(
				[{ displayId: `Spring-${mode}`, name: 'Spring', url: 'https://example.com/new', team }],
				{},
				mode,
			);

			expect(errorsOf(result.items)).toEqual([
				`QRTRAC holds Display ID "Spring-${mode}" as "spring-${mode.toLowerCase()}"`,
			]);
			expect(writes()).toEqual([]);
		},
	);

	it('sync: Delete Missing never deletes a code a row created, when the service answers its Display ID lower-cased', async () => {
		const { team, codes } = teamWithCodes(1, 'Spring-kept');
		drift({ lowerCaseDisplayIds: true });

		const result = await createOrUpdate(
			[
				{
					displayId: 'Spring-new',
					name: 'New',
					url: 'https://example.com/new',
					team,
					tags: 'sheet',
				},
				{
					displayId: 'Spring-new-too',
					name: 'New',
					url: 'https://example.com/2',
					team,
					tags: 'sheet',
				},
			],
			{ deleteMissing: true, deleteMissingTag: 'sheet' },
		);

		expect(result.items.map((item) => item.json.result)).toEqual(['created', 'created', 'deleted']);
		expect(result.items[2].json.id).toBe(codes[0].id);
		expect(writes().filter((entry) => entry.method === 'DELETE')).toHaveLength(1);
		expect(
			suite.sim.state
				.liveQrsOfTeam(team)
				.map((code) => code.displayId)
				.sort(),
		).toEqual(['Spring-new', 'Spring-new-too']);
	});

	it.each([['sync'], ['lookUpEachRow']])(
		'%s: a Display ID held by two codes fails its row',
		async (mode) => {
			const { team, codes } = teamWithCodes(2, `twin-${mode}`);
			suite.sim.state.qrs.get(codes[1].id)!.displayId = codes[0].displayId;
			suite.sim.clearRequestLog();

			const result = await createOrUpdate(
				[{ displayId: codes[0].displayId, name: 'Twin', url: 'https://example.com/twin', team }],
				{},
				mode,
			);

			expect(errorsOf(result.items)).toEqual([
				`Display ID "${codes[0].displayId}" is held by 2 live codes in QRTRAC`,
			]);
			expect(writes()).toEqual([]);
		},
	);
});
