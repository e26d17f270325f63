/**
 * No silent wrong answer (issue 11, point 4): every place that reads a field of an answer, run through n8n's
 * engine against a simulator whose answers drift from the contract's shapes (simulator/answerDrift.ts):
 * - variants a careful client reads right (ISO dates, `total` for `totalCount`, a bare list, availability as an
 *   object): the node's output is what the contract's shapes give;
 * - renamed fields: the node fails with an error naming the operation, what it expected and an excerpt of the
 *   answer (never a secret), instead of an empty or made-up result.
 */
import type { ShapeDrift } from '../../../../simulator';
import { pollTrigger, runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: true });

let orgId: string;
let teamCount = 0;

beforeAll(() => {
	orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
});

afterEach(() => suite.sim.setShapeDrift([]));

/** A team of its own with `count` WEB codes (each with two scans), and credentials acting in it. */
function teamWithCodes(count: number) {
	const team = suite.sim.state.createTeam(orgId, `Shapes ${++teamCount}`);
	const codes = Array.from({ length: count }, (_, index) =>
		suite.sim.state.createQr(team.id, {
			qrType: 'WEB',
			displayId: `shape-${teamCount}-${index}`,
			name: `Code ${index}`,
			qrRedirectUrl: `https://example.com/${index}`,
			tags: ['t'],
		}),
	);
	for (const code of codes.slice(0, 3)) {
		suite.sim.state.addScan(code.id, {
			scanTime: Date.now() - 3_600_000,
			country: 'DE',
			device: 'mobile',
		});
		suite.sim.state.addScan(code.id, {
			scanTime: Date.now() - 60_000,
			country: 'FR',
			device: 'desktop',
		});
	}
	return { team: team.id, codes, options: { teamOverride: team.id } };
}

async function run(parameters: Record<string, unknown>, items?: Array<Record<string, unknown>>) {
	return await runNode({ nodeType: 'qrtrac', credentials: suite.credentials, parameters, items });
}

const idList = (codes: Array<{ id: string }>) => codes.map((code) => code.id).join(', ');

describe('variants a careful client reads right', () => {
	it.each<[ShapeDrift]>([['totalAlias'], ['bareLists'], ['isoDates']])(
		'Get Many (Return All) walks every page under %s',
		async (drift) => {
			const { codes, options } = teamWithCodes(230);
			suite.sim.setShapeDrift([drift]);

			const result = await run({
				resource: 'qrCode',
				operation: 'getMany',
				returnAll: true,
				simplify: true,
				options,
			});

			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.id).sort()).toEqual(
				codes.map((code) => code.id).sort(),
			);
			expect(
				result.items.every(
					(item) =>
						typeof item.json.createdAt === 'number' && typeof item.json.updatedAt === 'number',
				),
			).toBe(true);
		},
	);

	it('reads ISO dates as epoch milliseconds in Get, Get Updated Since, templates and teams', async () => {
		const { codes, team, options } = teamWithCodes(2);
		suite.sim.setShapeDrift(['isoDates']);

		const get = await run({
			resource: 'qrCode',
			operation: 'get',
			qrCodeId: { __rl: true, mode: 'id', value: codes[0].id },
			simplify: false,
			options,
		});
		const since = await run({
			resource: 'qrCode',
			operation: 'getUpdatedSince',
			since: codes[0].createdAt - 1,
			options,
		});
		const templates = await run({
			resource: 'designTemplate',
			operation: 'getMany',
			returnAll: true,
			options,
		});
		const teams = await run({
			resource: 'team',
			operation: 'get',
			teamId: { __rl: true, mode: 'id', value: team },
		});

		expect(get.items[0].json).toMatchObject({
			id: codes[0].id,
			createdAt: codes[0].createdAt,
			updatedAt: codes[0].updatedAt,
		});
		expect(since.items.map((item) => item.json.updatedAt)).toEqual(
			codes.map((code) => code.updatedAt),
		);
		expect(templates.items.every((item) => typeof item.json.createdAt === 'number')).toBe(true);
		expect(teams.items[0].json.createdAt).toBe(suite.sim.state.teams.get(team)!.createdAt);
	});

	it('filters scans by time and counts totals with ISO dates', async () => {
		const { codes, options } = teamWithCodes(3);
		suite.sim.setShapeDrift(['isoDates']);

		const scans = await run({
			resource: 'analytics',
			operation: 'getScans',
			qrCodeId: { __rl: true, mode: 'id', value: codes[0].id },
			timeRange: 'last24Hours',
			returnAll: true,
			options,
		});
		const perCode = await run({
			resource: 'analytics',
			operation: 'getScansForCodes',
			codeSelection: 'list',
			qrCodeIds: idList(codes),
			timeRange: 'last24Hours',
			options: { ...options, perCode: true },
		});
		const totals = await run({
			resource: 'analytics',
			operation: 'getTotals',
			codeSelection: 'list',
			qrCodeIds: idList(codes),
			options,
		});

		expect(scans.items.map((item) => typeof item.json.scanTime)).toEqual(['number', 'number']);
		expect(perCode.items.map((item) => item.json.scans)).toEqual([2, 2, 2]);
		expect(totals.items.map((item) => [item.json.qrId, item.json.totalScans])).toEqual(
			codes.map((code) => [code.id, 2]),
		);
	});

	it('reads availability given as {available} in data', async () => {
		const { codes } = teamWithCodes(1);
		suite.sim.setShapeDrift(['availabilityObject']);

		const taken = await run({
			resource: 'qrCode',
			operation: 'checkAvailability',
			displayId: codes[0].displayId,
		});
		const free = await run({
			resource: 'qrCode',
			operation: 'checkAvailability',
			displayId: 'never-used-anywhere',
		});

		expect(taken.items[0].json).toMatchObject({ available: false });
		expect(free.items[0].json).toMatchObject({ available: true });
	});

	it.each<[ShapeDrift]>([['bareLists'], ['totalAlias'], ['isoDates']])(
		'a sync re-run is unchanged under %s (the team read right)',
		async (drift) => {
			const { codes, team } = teamWithCodes(120);
			suite.sim.setShapeDrift([drift]);
			const rows = codes.map((code) => ({ displayId: code.displayId, url: code.qrRedirectUrl }));

			const result = await runNode({
				nodeType: 'qrtrac',
				credentials: suite.credentials,
				parameters: {
					resource: 'qrCode',
					operation: 'createOrUpdate',
					displayId: '={{ $json.displayId }}',
					qrType: 'WEB',
					qrRedirectUrl: '={{ $json.url }}',
					options: { teamOverride: team },
				},
				items: rows,
			});

			expect(result.error).toBeUndefined();
			expect(result.items.every((item) => item.json.result === 'unchanged')).toBe(true);
			expect(suite.sim.requestLog.every((entry) => entry.method === 'GET')).toBe(true);
		},
	);

	it('the trigger places changes with ISO dates on its timeline', async () => {
		const { team } = teamWithCodes(0);
		suite.sim.setShapeDrift(['isoDates']);
		const parameters = { triggerOn: 'codeChanges', team };
		const first = await pollTrigger({ parameters, credentials: suite.credentials, staticData: {} });
		const code = suite.sim.state.createQr(team, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/new',
		});

		const second = await pollTrigger({
			parameters,
			credentials: suite.credentials,
			staticData: first.staticData,
		});

		expect(
			second.items?.map((item) => [item.json.event, item.json.id, item.json.updatedAt]),
		).toEqual([['created', code.id, code.updatedAt]]);
	});
});

describe('renamed fields are refused loudly, never read as empty', () => {
	beforeEach(() => suite.sim.setShapeDrift(['renamedFields']));

	function expectShapeError(
		result: { error?: { message: string; description?: string | null } },
		operation: string,
		excerpt: string,
	): void {
		expect(result.error?.message).toBe(
			`QRTRAC's answer to ${operation} does not have the expected shape`,
		);
		expect(result.error?.description).toContain('Expected');
		expect(result.error?.description).toContain(excerpt);
		expect(result.error?.description).not.toContain(suite.credentials.clientSecret!);
	}

	it('in the lists: Get Many, Get Updated Since, templates, teams', async () => {
		const { codes, options } = teamWithCodes(3);

		expectShapeError(
			await run({ resource: 'qrCode', operation: 'getMany', returnAll: true, options }),
			'Get Many QR Codes (GET /qrs-api/v2/teams/)',
			'"codes"',
		);
		expectShapeError(
			await run({
				resource: 'qrCode',
				operation: 'getUpdatedSince',
				since: codes[0].createdAt - 1,
				options,
			}),
			'Get QR Codes Updated Since (GET /qrs-api/teams/fromTime/{fromTime})',
			'"codes"',
		);
		expectShapeError(
			await run({ resource: 'designTemplate', operation: 'getMany', returnAll: true, options }),
			'Get Design Templates (GET /qr-templates-api)',
			'"templates"',
		);
		expectShapeError(
			await run({ resource: 'team', operation: 'getMany', returnAll: true }),
			'Get Many Teams (GET /teams-api)',
			'"teams"',
		);
	});

	it('in single records: Get (simplified or not) and a create, whose answer lost its id', async () => {
		const { codes, options } = teamWithCodes(1);
		const target = { __rl: true, mode: 'id', value: codes[0].id };

		// The contract's Qr requires no field: a record read by its ID without `id` is the code asked for
		// (answers.ts askedById), never one with an empty ID.
		for (const simplify of [true, false]) {
			const got = await run({
				resource: 'qrCode',
				operation: 'get',
				qrCodeId: target,
				simplify,
				options,
			});
			expect([got.error, got.items.map((item) => item.json.id)]).toEqual([
				undefined,
				[codes[0].id],
			]);
		}
		// A create's answer without a readable id: the code was probably created (api/created.ts).
		const created = await run({
			resource: 'qrCode',
			operation: 'create',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/n',
			options,
		});
		expect(created.error?.message).toBe(
			`QRTRAC's answer to Create QR Code (POST /qrs-api) has no "id": the QR code was probably created`,
		);
		expect(created.error?.description).toContain('_id');
		expect(created.error?.description).not.toContain(suite.credentials.clientSecret!);
	});

	it('in analytics: scan events and totals', async () => {
		const { codes, options } = teamWithCodes(3);

		expectShapeError(
			await run({
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: { __rl: true, mode: 'id', value: codes[0].id },
				returnAll: true,
				options,
			}),
			'Get Scans (GET /analytics-api/detailed/{id})',
			'"time"',
		);
		expectShapeError(
			await run({
				resource: 'analytics',
				operation: 'getScansForCodes',
				codeSelection: 'list',
				qrCodeIds: idList(codes),
				timeRange: 'last7Days',
				options,
			}),
			'Get Scans for Codes (POST /analytics-api/detailed/all)',
			'"time"',
		);
		// Totals rows without `id` and `totalScans` are allowed (OverviewAnalyticsResponse requires no field): each
		// code is asked alone and has no totals; the team's list, read for the names, is what fails (`qrs` renamed).
		expectShapeError(
			await run({
				resource: 'analytics',
				operation: 'getTotals',
				codeSelection: 'list',
				qrCodeIds: idList(codes),
				options,
			}),
			'Get Many QR Codes (GET /qrs-api/v2/teams/)',
			'"codes"',
		);
	});

	it('in availability and in the member roster Team Member > Get Many lists', async () => {
		const { team } = teamWithCodes(0);

		expectShapeError(
			await run({ resource: 'qrCode', operation: 'checkAvailability', displayId: 'any-id' }),
			'Check Display ID Availability (GET /qrs-api/availability/{id})',
			'isFree',
		);
		expectShapeError(
			await run({
				resource: 'teamMember',
				operation: 'getMany',
				teamId: { __rl: true, mode: 'id', value: team },
				returnAll: true,
			}),
			'Get Team Members (GET /teams-api/{id})',
			'"users"',
		);
		expect(suite.sim.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
	});

	it('but a member change whose team lists no "members" (optional in Team; here "users") is sent as 1.1 sends it', async () => {
		const { team } = teamWithCodes(0);

		const added = await run({
			resource: 'teamMember',
			operation: 'add',
			teamId: { __rl: true, mode: 'id', value: team },
			name: 'Ann',
			email: 'ann@example.com',
			role: 'viewer',
		});

		expect(added.error).toBeUndefined();
		expect(added.items[0].json).toMatchObject({ email: 'ann@example.com', result: 'sent' });
		expect(suite.sim.state.findMember(team, 'ann@example.com')?.role).toBe('viewer');
	});

	it('in a sync: the team read fails every row, nothing is written', async () => {
		const { codes, team } = teamWithCodes(2);
		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'createOrUpdate',
				displayId: '={{ $json.displayId }}',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/x',
				options: { teamOverride: team },
			},
			items: codes.map((code) => ({ displayId: code.displayId })),
		});

		expectShapeError(result, 'Get Many QR Codes (GET /qrs-api/v2/teams/)', '"codes"');
		expect(suite.sim.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
	});

	it('in the trigger: the poll fails and its cursor does not move', async () => {
		const { team } = teamWithCodes(1);
		await expect(
			pollTrigger({
				parameters: { triggerOn: 'codeChanges', team },
				credentials: suite.credentials,
				staticData: {},
			}),
		).rejects.toThrow(
			"QRTRAC's answer to Get QR Codes Updated Since (GET /qrs-api/teams/fromTime/{fromTime}) does not have the expected shape",
		);
	});
});
