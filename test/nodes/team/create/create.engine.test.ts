/**
 * Team > Create through n8n's engine against the simulator: output, the simulator's state afterwards, every request checked against the contract, and refused input
 * that never reaches the wire.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'team.example').withTeam;

describe('Team: Create', () => {
	it('creates the team and returns it', async () => {
		const { org, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'create', name: '={{ $json.name }}' },
			items: [{ name: 'Partners' }, { name: 'Events' }],
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.name)).toEqual(['Partners', 'Events']);
		for (const item of result.items) {
			expect(suite.sim.state.team(String(item.json.id))).toMatchObject({
				orgId: org.id,
				name: item.json.name,
			});
		}
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(2);
		suite.expectRequestsFollowContract();
	});

	it('an answer lost after the team was made fails the item, saying to look in Team > Get Many first', async () => {
		const { org, credentials } = newOrganization();
		suite.sim.faults.add({
			kind: 'status',
			status: 502,
			method: 'POST',
			path: '/api/teams-api',
			afterWrite: true,
			count: 1,
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'create', name: 'Partners' },
			credentials,
		});

		expect(result.error?.httpCode).toBe('502');
		expect(result.error?.description).toContain(
			'Look for it in Team > Get Many before creating it again.',
		);
		// Teams have no Display ID and are no team's codes: the advice for QR codes would send the user astray.
		expect(result.error?.description).not.toMatch(/Display ID|team's codes/);
		expect(suite.sim.state.teamsOfOrg(org.id).map((team) => team.name)).toContain('Partners');
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});

	it.each([
		['303 See Other to the new team', 303, '/api/teams-api/new'],
		['302 to another host', 302, 'https://app.qrtrac.example/teams'],
	])(
		'a create answered %s after the team was made says the outcome is unknown, not sent again',
		async (_case, status, location) => {
			const { org, credentials } = newOrganization();
			suite.sim.faults.add({
				...{ kind: 'status', status, location, method: 'POST', path: '/api/teams-api' },
				...{ afterWrite: true, count: 1 },
			});

			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: { resource: 'team', operation: 'create', name: 'Partners' },
				credentials,
			});

			expect(result.error?.description).toContain('The outcome of this POST is unknown');
			expect(result.error?.description).toContain(
				'Look for it in Team > Get Many before creating it again.',
			);
			expect(suite.sim.state.teamsOfOrg(org.id).map((team) => team.name)).toContain('Partners');
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		},
	);

	it('refuses an empty name before sending anything', async () => {
		const { credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'create', name: '   ' },
			credentials,
		});

		expect(result.error?.message).toBe('Item 0: "Name" must not be empty');
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});
