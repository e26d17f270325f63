/**
 * QR Code > Duplicate through n8n's engine against the simulator, as nodes saved with version 1.1 run them (their output
 * stays as it was; 1.2's `result` and re-runs: test/nodes/shared/outcome/reRuns.engine.test.ts).
 */
import { useSimulator } from '../../../support/simulatorSuite';
import { qrCodeRuns } from '../qrCodeRuns';

const suite = useSimulator();

const { run, runAt, newCode } = qrCodeRuns(suite);
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

describe('Duplicate', () => {
	it('answers the copy: a new ID and Display ID, the same content', async () => {
		const code = newCode({ name: 'Original', tags: ['x'], metadata: { note: 'kept' } });

		const result = await run('duplicate', { qrCodeId: byId(code.id), simplify: false });

		expect(result.error).toBeUndefined();
		const copy = result.items[0].json;
		expect(copy.id).not.toBe(code.id);
		expect(copy.displayId).not.toBe(code.displayId);
		expect(copy).toMatchObject({
			name: 'Original',
			tags: ['x'],
			metadata: { note: 'kept' },
			qrRedirectUrl: code.qrRedirectUrl,
		});
		expect(suite.sim.state.getQr(String(copy.id))).toMatchObject({
			teamId: suite.credentials.teamId,
			name: 'Original',
		});
		expect(suite.sim.requestLog[0]).toMatchObject({ method: 'POST', status: 201 });
		suite.expectRequestsFollowContract();
	});

	it('an answer lost after the copy was made fails the item, saying to look for the copy first', async () => {
		const code = newCode({ name: 'Original' });
		suite.sim.faults.add({
			kind: 'status',
			status: 502,
			method: 'POST',
			path: '/api/qrs-api/duplicate',
			afterWrite: true,
			count: 1,
		});

		const result = await run('duplicate', { qrCodeId: byId(code.id) });

		expect(result.error?.httpCode).toBe('502');
		expect(result.error?.description).toContain(
			'Look for the copy in Get Many (newest first) before duplicating again.',
		);
		// a copy gets its Display ID from the service: the advice to set one would send the user astray
		expect(result.error?.description).not.toMatch(/set a Display ID/);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});

	it('a copy made in another team than the one asked for fails the item naming both teams, never reported as made', async () => {
		const credentialTeam = suite.credentials.teamId!;
		const orgId = suite.sim.state.teams.get(credentialTeam)!.orgId;
		const otherTeam = suite.sim.state.createTeam(orgId, 'Duplicate target').id;
		const code = newCode({ name: 'Original' });
		suite.sim.setListDrift({ ignoreTeamHeader: true });
		try {
			const result = await run('duplicate', {
				qrCodeId: byId(code.id),
				options: { teamOverride: otherTeam },
			});

			expect(result.items).toEqual([]);
			expect(result.error?.message).toBe(
				`QRTRAC made the copy in another team: "${credentialTeam}", not "${otherTeam}" as asked`,
			);
			expect(result.error?.description).toContain('Do not run this item again as it is');
			const posts = suite.sim.requestLog.filter((entry) => entry.method === 'POST');
			expect(posts).toHaveLength(1);
		} finally {
			suite.sim.setListDrift({});
		}
	});
	it('from 1.2 the code is read first: a code the read shows of another team than asked is not copied at all', async () => {
		const credentialTeam = suite.credentials.teamId!;
		const orgId = suite.sim.state.teams.get(credentialTeam)!.orgId;
		const otherTeam = suite.sim.state.createTeam(orgId, 'Duplicate read target').id;
		const code = newCode({ name: 'Read original' });
		const copies = () =>
			suite.sim.state.listQrs(credentialTeam).filter((qr) => qr.name === 'Read original');
		suite.sim.setListDrift({ ignoreTeamHeader: true });
		try {
			const result = await runAt(
				'duplicate',
				{ qrCodeId: byId(code.id), options: { teamOverride: otherTeam } },
				{ typeVersion: 1.2 },
			);

			expect(result.items).toEqual([]);
			expect(`${result.error?.message} ${result.error?.description}`).toContain(otherTeam);
			expect(result.error?.description).toContain(`"teamId" is "${credentialTeam}", another team`);
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(0);
			expect(copies()).toHaveLength(1);
		} finally {
			suite.sim.setListDrift({});
		}
	});

	it('from 1.2 a code of the team asked for is read, then copied', async () => {
		const code = newCode({ name: 'Read then copied' });

		const result = await runAt('duplicate', { qrCodeId: byId(code.id) }, { typeVersion: 1.2 });

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ name: 'Read then copied', result: 'created' });
		expect(result.items[0].json.id).not.toBe(code.id);
		expect(suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`GET /api/qrs-api/teams/${code.id}`,
			`POST /api/qrs-api/duplicate/${code.id}`,
		]);
		suite.expectRequestsFollowContract();
	});

	describe("with n8n's Retry On Fail (the node run again with the same items)", () => {
		const lostAnswer = () =>
			suite.sim.faults.add({
				...{ kind: 'status', status: 502, method: 'POST', path: '/api/qrs-api/duplicate' },
				...{ afterWrite: true, count: 1 },
			});
		const copiesOf = (name: string) =>
			suite.sim.state.listQrs(suite.credentials.teamId!).filter((qr) => qr.name === name);

		it('a Duplicate whose answer was lost is not sent again by the next try: one copy, the item fails as unknown', async () => {
			const code = newCode({ name: 'Retried original' });
			lostAnswer();

			const result = await run('duplicate', { qrCodeId: byId(code.id) }, { retryOnFail: 3 });

			expect(result.error?.message).toMatch(
				/^The outcome of Duplicate QR Code is unknown: an earlier try of this node sent it/,
			);
			expect(result.error?.description).toContain(
				'Look for the copy in Get Many (newest first) before duplicating again.',
			);
			expect(copiesOf('Retried original')).toHaveLength(2);
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		});

		it('with Continue On Fail too, the try n8n runs again gives the copy made, unsent', async () => {
			const lost = newCode({ name: 'Lost copy' });
			const kept = newCode({ name: 'Kept copy' });
			lostAnswer();

			const result = await run(
				'duplicate',
				{ qrCodeId: byId('={{ $json.id }}') },
				{ items: [{ id: lost.id }, { id: kept.id }], continueOnFail: true, retryOnFail: 2 },
			);

			expect(result.items[0].json.error).toMatch(/^The outcome of Duplicate QR Code is unknown/);
			expect(result.items[1].json).toMatchObject({ name: 'Kept copy' });
			expect(result.items[1].json.id).not.toBe(kept.id);
			// only the copy's ID was kept: the one try n8n runs again (2 tries) reads it by that ID, once
			const copyPath = `/api/qrs-api/teams/${String(result.items[1].json.id)}`;
			expect(
				suite.sim.requestLog.filter((entry) => entry.method === 'GET' && entry.path === copyPath),
			).toHaveLength(1);
			expect(copiesOf('Lost copy')).toHaveLength(2);
			expect(copiesOf('Kept copy')).toHaveLength(2);
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(2);
		});

		it('from 1.2, the try n8n runs again reads only the copy made, not the original again: one GET per item made', async () => {
			const lost = newCode({ name: 'Lost copy 1.2' });
			const kept = newCode({ name: 'Kept copy 1.2' });
			lostAnswer();

			const result = await runAt(
				'duplicate',
				{ qrCodeId: byId('={{ $json.id }}') },
				{
					typeVersion: 1.2,
					items: [{ id: lost.id }, { id: kept.id }],
					continueOnFail: true,
					retryOnFail: 2,
				},
			);

			expect(result.items[0].json.error).toMatch(/^The outcome of Duplicate QR Code is unknown/);
			expect(result.items[1].json).toMatchObject({ name: 'Kept copy 1.2', result: 'created' });
			const copyId = String(result.items[1].json.id);
			const gets = suite.sim.requestLog
				.filter((entry) => entry.method === 'GET')
				.map((entry) => entry.path.replace('/api/qrs-api/teams/', ''));
			// first try: each original read before its POST; second try: the copy read again, nothing else
			expect(gets.sort()).toEqual([copyId, kept.id, lost.id].sort());
			expect(copiesOf('Kept copy 1.2')).toHaveLength(2);
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(2);
		});

		it('a copy made in another team is not made again by the next try', async () => {
			const credentialTeam = suite.credentials.teamId!;
			const orgId = suite.sim.state.teams.get(credentialTeam)!.orgId;
			const otherTeam = suite.sim.state.createTeam(orgId, 'Retried target').id;
			const code = newCode({ name: 'Elsewhere original' });
			suite.sim.setListDrift({ ignoreTeamHeader: true });
			try {
				const result = await run(
					'duplicate',
					{ qrCodeId: byId(code.id), options: { teamOverride: otherTeam } },
					{ retryOnFail: 3 },
				);

				// the first try's error: the copy's outcome is known (before: "The outcome … is unknown")
				expect(result.error?.message).toBe(
					`QRTRAC made the copy in another team: "${credentialTeam}", not "${otherTeam}" as asked`,
				);
				expect(result.error?.description).toContain('it was not sent again');
				expect(copiesOf('Elsewhere original')).toHaveLength(2);
				expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
			} finally {
				suite.sim.setListDrift({});
			}
		});
	});
});
