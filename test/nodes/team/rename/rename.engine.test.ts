/**
 * Team > Rename through n8n's engine against the simulator: output, the simulator's state afterwards, every request checked against the contract, and refused input
 * that never reaches the wire.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'team.example').withTeam;

describe('Team: Rename', () => {
	it('renames the team in the service', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');

		const result = await runNode({
			typeVersion: 1.1,
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'rename',
				teamId: teamRef(sales.id),
				name: 'Sales EMEA',
			},
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: sales.id, name: 'Sales EMEA' });
		expect(suite.sim.state.team(sales.id)?.name).toBe('Sales EMEA');
		expect(suite.sim.requestLog[0].body).toEqual({ name: 'Sales EMEA' });
		suite.expectRequestsFollowContract();
	});

	it('refuses an empty name before sending anything', async () => {
		const { team, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'rename',
				teamId: teamRef(team.id),
				name: '={{ $json.name }}',
			},
			items: [{ name: '  ' }],
			credentials,
		});

		expect(result.error?.message).toBe('Item 0: "Name" must not be empty');
		expect(suite.sim.requestLog).toHaveLength(0);
		expect(suite.sim.state.team(team.id)?.name).toBe('Main');
	});

	it("surfaces the service's 403 for a client whose role may not rename", async () => {
		const { team, credentials } = newOrganization('editor');

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'rename',
				teamId: teamRef(team.id),
				name: 'Renamed',
			},
			credentials,
		});

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toMatch(/Your role \(editor\) is not allowed/);
		expect(suite.sim.state.team(team.id)?.name).toBe('Main');
		suite.expectRequestsFollowContract();
	});
});
