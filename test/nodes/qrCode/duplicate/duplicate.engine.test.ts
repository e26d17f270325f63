/**
 * QR Code > Duplicate through n8n's engine against the simulator, as nodes saved with version 1.1 run them (their output
 * stays as it was; 1.2's `result` and re-runs: test/nodes/shared/outcome/reRuns.engine.test.ts).
 */
import { useSimulator } from '../../../support/simulatorSuite';
import { qrCodeRuns } from '../qrCodeRuns';

const suite = useSimulator();

const { run, newCode } = qrCodeRuns(suite);
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
});
