/**
 * QR Code > Get Updated Since through n8n's engine against the simulator.
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

describe('Get Updated Since', () => {
	it("returns the team's codes changed after the moment, deleted ones only on request", async () => {
		const team = suite.sim.state.createTeam(orgId, 'Changes');
		const since = Date.UTC(2030, 0, 1);
		suite.sim.state.createQrAt(
			team.id,
			{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/old', name: 'Old' },
			since - 1,
		);
		const changed = suite.sim.state.createQrAt(
			team.id,
			{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/new', name: 'New' },
			since + 1,
		);
		const gone = suite.sim.state.createQrAt(
			team.id,
			{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/gone', name: 'Gone' },
			since + 2,
		);
		Object.assign(suite.sim.state.getQr(gone.id)!, { deleted: true, updatedAt: since + 3 });

		const live = await run('getUpdatedSince', { since: since, options: { teamOverride: team.id } });
		const withDeleted = await run('getUpdatedSince', {
			since: '2030-01-01T00:00:00Z',
			includeDeleted: true,
			options: { teamOverride: team.id },
		});

		expect(live.items.map((item) => item.json.id)).toEqual([changed.id]);
		expect(withDeleted.items.map((item) => [item.json.id, item.json.deleted])).toEqual([
			[changed.id, false],
			[gone.id, true],
		]);
		expect(suite.sim.requestLog.map((entry) => entry.rawPath)).toEqual([
			`/api/qrs-api/teams/fromTime/${since}`,
			`/api/qrs-api/teams/fromTime/${since}`,
		]);
		suite.expectRequestsFollowContract();
	});

	it('covers every team of the organization with the organization scope', async () => {
		const teamA = suite.sim.state.createTeam(orgId, 'Org A');
		const teamB = suite.sim.state.createTeam(orgId, 'Org B');
		const since = Date.UTC(2031, 0, 1);
		const a = suite.sim.state.createQrAt(
			teamA.id,
			{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/a' },
			since + 10,
		);
		const b = suite.sim.state.createQrAt(
			teamB.id,
			{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/b' },
			since + 20,
		);

		const result = await run('getUpdatedSince', { since, scope: 'organization' });

		expect(result.items.map((item) => [item.json.id, item.json.teamId])).toEqual([
			[a.id, teamA.id],
			[b.id, teamB.id],
		]);
		expect(suite.sim.requestLog[0].rawPath).toBe(`/api/qrs-api/all/fromTime/${since}`);
		suite.expectRequestsFollowContract();
	});

	/** `count` WEB codes of `team` named `${name} 0..`, made at `atMs` plus `stepMs` each. */
	const codesAt = (team: string, name: string, count: number, atMs: number, stepMs: number) =>
		Array.from({ length: count }, (_, index) =>
			suite.sim.state.createQrAt(
				team,
				{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/at', name: `${name} ${index}` },
				atMs + index * stepMs,
			),
		);

	/** The changes answer of a service that does not apply `fromTime`: these records, whatever Since says. */
	const answerWith = (records: unknown[]) =>
		suite.sim.faults.add({
			kind: 'status',
			status: 200,
			method: 'GET',
			path: '/api/qrs-api/teams/fromTime/',
			contentType: 'application/json',
			body: JSON.stringify({ success: true, data: records }),
		});

	it('leaves out codes an answer holds that changed before Since (a service not applying fromTime)', async () => {
		const team = suite.sim.state.createTeam(orgId, 'Unfiltered changes');
		const since = Math.floor((Date.now() - 3_600_000) / 1_000) * 1_000 + 500;
		const [old] = codesAt(team.id, 'Old', 1, since - 86_400_000, 0);
		const [changed] = codesAt(team.id, 'New', 1, since + 10, 0);
		// A code stamped in whole seconds, in Since's second: it may have changed after Since, so it is kept.
		const sameSecond = {
			...suite.sim.state.getQr(changed.id)!,
			id: 'qr_sameSecond',
			updatedAt: Math.floor(since / 1_000),
		};
		answerWith([suite.sim.state.getQr(old.id), sameSecond, suite.sim.state.getQr(changed.id)]);

		const result = await run('getUpdatedSince', { since, options: { teamOverride: team.id } });

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id)).toEqual([sameSecond.id, changed.id]);
	});

	it('completes from the list an answer of 100 changes all before Since (a service not applying fromTime, capped)', async () => {
		const team = suite.sim.state.createTeam(orgId, 'Unfiltered capped');
		const since = Math.floor((Date.now() - 3_600_000) / 1_000) * 1_000;
		const old = codesAt(team.id, 'Old', 100, since - 86_400_000, 1_000);
		const fresh = codesAt(team.id, 'New', 5, since + 10_000, 1_000);
		// the service's oldest 100 changes, none after Since: a capped answer, though none of it is kept
		answerWith(old.map((code) => suite.sim.state.getQr(code.id)));

		const result = await run('getUpdatedSince', { since, options: { teamOverride: team.id } });

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id).sort()).toEqual(
			fresh.map((code) => code.id).sort(),
		);
	});

	it('completes a capped answer with the newer version of a code whose older copy it held', async () => {
		const team = suite.sim.state.createTeam(orgId, 'Older copy');
		const since = Math.floor((Date.now() - 3_600_000) / 1_000) * 1_000;
		const old = codesAt(team.id, 'Old', 10, since - 86_400_000, 1_000);
		const fresh = codesAt(team.id, 'New', 90, since + 1_000, 10);
		// 100 codes, 10 of them older copies; then one of those is changed after Since
		answerWith(
			JSON.parse(JSON.stringify([...old, ...fresh].map((code) => suite.sim.state.getQr(code.id)))),
		);
		Object.assign(suite.sim.state.getQr(old[0].id)!, { updatedAt: since + 20_000, name: 'Edited' });

		const result = await run('getUpdatedSince', { since, options: { teamOverride: team.id } });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(91);
		expect(result.items.find((item) => item.json.id === old[0].id)?.json.name).toBe('Edited');
	});

	describe('an answer the service caps to the newest 20 changed codes', () => {
		afterEach(() => suite.sim.setChangeDrift({ fromTimeCap: undefined }));

		it('is completed from the list: all 45 changed codes, once each; with Include Deleted it fails', async () => {
			const team = suite.sim.state.createTeam(orgId, 'Capped changes');
			const since = Date.now() - 3_600_000;
			suite.sim.state.createQrAt(
				team.id,
				{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/0', name: 'Before' },
				since - 1,
			);
			const made = Array.from({ length: 45 }, (_, index) =>
				suite.sim.state.createQrAt(
					team.id,
					{
						qrType: 'WEB',
						qrRedirectUrl: `https://example.com/${index}`,
						name: `Changed ${index}`,
					},
					since + 1 + index * 1_000,
				),
			);
			suite.sim.setChangeDrift({ fromTimeCap: 20 });

			const live = await run('getUpdatedSince', { since, options: { teamOverride: team.id } });
			const withDeleted = await run('getUpdatedSince', {
				since,
				includeDeleted: true,
				options: { teamOverride: team.id },
			});

			const ids = live.items.map((item) => item.json.id);
			expect(new Set(ids).size).toBe(45);
			// oldest change first, as the tool description says, the recovered codes among the answer's
			expect(ids).toEqual(made.map((code) => code.id));
			expect(withDeleted.items).toEqual([]);
			expect(withDeleted.error?.message).toBe(
				"QRTRAC's answer to Get QR Codes Updated Since left out 25 changed codes",
			);
			suite.expectRequestsFollowContract();
		});

		it('reads the list past page 1 when it serves 50 a page but echoes the limit asked (total 130)', async () => {
			const team = suite.sim.state.createTeam(orgId, 'Capped changes, pages of 50');
			const since = Date.now() - 3_600_000;
			const made = Array.from({ length: 130 }, (_, index) =>
				suite.sim.state.createQrAt(
					team.id,
					{ qrType: 'WEB', qrRedirectUrl: `https://example.com/${index}`, name: `P ${index}` },
					since + 1 + index * 1_000,
				),
			);
			suite.sim.setChangeDrift({ fromTimeCap: 100 });
			suite.sim.setListDrift({ pageSizeCap: 50, echoAskedLimit: true });
			try {
				const live = await run('getUpdatedSince', { since, options: { teamOverride: team.id } });
				expect(live.error).toBeUndefined();
				expect(new Set(live.items.map((item) => item.json.id)).size).toBe(130);
				expect(live.items.map((item) => item.json.id)).toEqual(made.map((code) => code.id));
			} finally {
				suite.sim.setListDrift({});
			}
		});

		it('fails, not 100 of 130 codes, when the list behind the capped answer serves 50 a page silently and ignores page (no total)', async () => {
			const team = suite.sim.state.createTeam(orgId, 'Capped changes, page ignored');
			const since = Date.now() - 3_600_000;
			Array.from({ length: 130 }, (_, index) =>
				suite.sim.state.createQrAt(
					team.id,
					{ qrType: 'WEB', qrRedirectUrl: `https://example.com/${index}`, name: `P ${index}` },
					since + 1 + index * 1_000,
				),
			);
			suite.sim.setChangeDrift({ fromTimeCap: 100 });
			suite.sim.setShapeDrift(['bareLists']);
			suite.sim.setListDrift({ pageSizeCap: 50, echoAskedLimit: true, ignorePage: true });
			try {
				const live = await run('getUpdatedSince', { since, options: { teamOverride: team.id } });
				expect(live.items).toEqual([]);
				expect(live.error?.description).toMatch(/page 2 .*seems to ignore "page"/);
			} finally {
				suite.sim.setListDrift({});
				suite.sim.setShapeDrift([]);
			}
		});
	});
});
