/**
 * Scan > Get Totals through n8n's engine against the simulator: totals per code, and refused input that never reaches the wire.
 */
import { runNode } from '../../../support/n8nHarness';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';
import { runForCodes } from '../scanRuns';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const suite = useSimulator({ seed: false });

const teams = organizations(suite, 'analytics.example');
const newTeamWithCodes = (codeCount: number) => teams.withCodes(codeCount);

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

	it('gives a live code the service leaves out of its answer no totals, with a note, not zeros', async () => {
		const { codes, credentials } = newTeamWithCodes(2);
		suite.sim.state.addScan(codes[0].id, { scanTime: Date.now() - 60_000 });
		suite.sim.setChangeDrift({ overviewLeavesOutUnscanned: true });
		try {
			const result = await runForCodes(
				credentials,
				'getTotals',
				codes.map((code) => code.id).join(','),
			);

			expect(result.error).toBeUndefined();
			expect(
				result.items.map((item) => [item.json.qrId, item.json.totalScans, item.json.totalsNote]),
			).toEqual([
				[codes[0].id, 1, undefined],
				[codes[1].id, null, 'QRTRAC returned no totals for this code'],
			]);
			expect(result.items[1].json).toMatchObject({
				qrName: codes[1].name,
				todayScans: null,
				lastScanTime: null,
				createdAtIso: null,
			});
		} finally {
			suite.sim.setChangeDrift({ overviewLeavesOutUnscanned: undefined });
		}
	});

	describe('a service answering zeros for an ID that is no live code of the team', () => {
		afterEach(() => {
			suite.sim.setChangeDrift({
				overviewOfUnknownZeros: undefined,
				overviewLeavesOutUnscanned: undefined,
			});
			suite.sim.setListDrift({});
			suite.sim.setAnswerModes({});
			suite.sim.faults.clear();
		});

		it.each([
			// the status another team's code is refused with when read by its ID (undefined: the simulator's 400)
			['a mistyped ID', () => 'qr_mistyped', undefined],
			["another team's code", () => newTeamWithCodes(1).codes[0].id, undefined],
			[
				"another team's code, refused 404 by its ID",
				() => newTeamWithCodes(1).codes[0].id,
				404 as const,
			],
			['a deleted code of the team', () => 'deleted', undefined],
		])('fails the item naming %s instead of a code with 0 scans', async (_case, idOf, foreign) => {
			const { codes, credentials } = newTeamWithCodes(2);
			suite.sim.state.addScan(codes[0].id, { scanTime: Date.now() - HOUR });
			let id = idOf();
			if (id === 'deleted') {
				codes[1].deleted = true;
				id = codes[1].id;
			}
			suite.sim.setChangeDrift({ overviewOfUnknownZeros: true });
			if (foreign !== undefined) suite.sim.setAnswerModes({ foreignRecordStatus: foreign });

			const result = await runForCodes(credentials, 'getTotals', `${codes[0].id}, ${id}`);

			expect(result.items).toEqual([]);
			expect(result.error?.message).toBe(`This ID is not a live code of this team: ${id}`);
		});

		it.each([[410, 'Gone']])(
			'a read by ID refused %s "%s" fails naming the ID, with the answer',
			async (status, message) => {
				const { codes, credentials } = newTeamWithCodes(1);
				suite.sim.setChangeDrift({ overviewOfUnknownZeros: true });
				suite.sim.faults.add({
					kind: 'status',
					status,
					message,
					method: 'GET',
					pathPattern: '^/api/qrs-api/teams/qr_mistyped$',
				});

				const result = await runForCodes(credentials, 'getTotals', `${codes[0].id}, qr_mistyped`);

				expect(result.items).toEqual([]);
				expect(result.error?.message).toBe('This ID is not a live code of this team: qr_mistyped');
				expect(result.error?.description).toContain(message);
			},
		);

		// a refusal that does not prove the code gone tells nothing (a live code whose role may not read codes is
		// refused so too): the item fails with it, never calling the ID no live code of the team
		it.each([
			[403, 'Forbidden', 'mistyped'],
			[400, 'Invalid QR code id', 'mistyped'],
			[403, 'QR code not found', "another team's"],
		])(
			'a read by ID refused %s "%s" (a %s code) keeps that refusal, whether it is a live code not known',
			async (status, message, which) => {
				const { codes, credentials } = newTeamWithCodes(1);
				const id = which === 'mistyped' ? 'qr_mistyped' : newTeamWithCodes(1).codes[0].id;
				suite.sim.setChangeDrift({ overviewOfUnknownZeros: true });
				if (which === 'mistyped')
					suite.sim.faults.add({
						kind: 'status',
						status,
						message,
						method: 'GET',
						pathPattern: '^/api/qrs-api/teams/qr_mistyped$',
					});
				else suite.sim.setAnswerModes({ foreignRecordStatus: 403 });

				const result = await runForCodes(credentials, 'getTotals', `${codes[0].id}, ${id}`);

				expect(result.items).toEqual([]);
				expect(result.error?.httpCode).toBe(String(status));
				expect(result.error?.message).toContain(message);
				expect(result.error?.description).toContain(
					`Read by its ID (Get QR Code), whether ${id} is a live code of this team is not known`,
				);
			},
		);

		it('shows a code just created that the list does not show yet, read by its ID', async () => {
			const { team, codes, credentials } = newTeamWithCodes(1);
			suite.sim.setListDrift({ listLagMs: 60_000 });
			suite.sim.setChangeDrift({ overviewOfUnknownZeros: true });
			const fresh = suite.sim.state.createQr(team.id, {
				name: 'Fresh',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/fresh',
			});
			const quiet = suite.sim.state.createQr(team.id, {
				name: 'Quiet',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/quiet',
			});
			suite.sim.state.addScan(fresh.id, { scanTime: Date.now() - 60_000 });

			const result = await runForCodes(
				credentials,
				'getTotals',
				`${codes[0].id}, ${fresh.id}, ${quiet.id}`,
			);
			suite.sim.setChangeDrift({ overviewLeavesOutUnscanned: true });
			const leftOut = await runForCodes(credentials, 'getTotals', quiet.id);

			expect(result.error).toBeUndefined();
			expect(
				result.items.map((item) => [item.json.qrId, item.json.qrName, item.json.totalScans]),
			).toEqual([
				[codes[0].id, codes[0].name, 0],
				[fresh.id, 'Fresh', 1],
				[quiet.id, 'Quiet', 0],
			]);
			// a live code read by its ID that the answer leaves out: no totals, as a listed one
			expect(leftOut.error).toBeUndefined();
			expect(
				leftOut.items.map((item) => [item.json.qrId, item.json.totalScans, item.json.totalsNote]),
			).toEqual([[quiet.id, null, 'QRTRAC returned no totals for this code']]);
		});

		it('reads no code by ID when every asked ID is listed', async () => {
			const { codes, credentials } = newTeamWithCodes(2);
			suite.sim.setChangeDrift({ overviewOfUnknownZeros: true });
			const since = suite.sim.requestLog.at(-1)?.seq ?? 0;

			const result = await runForCodes(credentials, 'getTotals', `${codes[0].id}, ${codes[1].id}`);

			expect(result.items).toHaveLength(2);
			expect(
				suite.sim.requestLog
					.filter((entry) => entry.seq > since)
					.map((entry) => entry.path)
					.filter((path) => path.startsWith('/api/qrs-api/teams/')),
			).toEqual([]);
		});
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
			[{ item: 1 }, 'Item 1: QR code not found: "qr_missing"'],
			[{ item: 2 }, codes[1].id],
		]);
		expect(result.items[1].json.httpCode).toBe('400');
	});

	it.each(['getTotals', 'getScansForCodes'])(
		'%s: a name pasted in QR Code IDs fails naming the item and the entry, with how the list is read',
		async (operation) => {
			const { credentials } = newTeamWithCodes(1);

			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: {
					resource: 'analytics',
					operation,
					codeSelection: 'list',
					qrCodeIds: 'Spring campaign',
				},
				credentials,
			});

			expect(result.error).toMatchObject({ name: 'NodeApiError', httpCode: '400', itemIndex: 0 });
			expect(result.error?.message).toBe('Item 0: QR code not found: "Spring"');
			expect(result.error?.description).toBe(
				'QR Code IDs are separated by commas, spaces or line breaks: this list was read as "Spring", "campaign". An entry must be a code\'s ID, not its name: QR Code > Get Many finds codes by name (Filters > Search). The code must also exist in the team this operation reads (the credential\'s, or Options > Team Override) and must not be deleted.',
			);
		},
	);
});
