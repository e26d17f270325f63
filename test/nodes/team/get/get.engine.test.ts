/**
 * Team > Get through n8n's engine against the simulator: output, the simulator's state afterwards, every request checked against the contract, and refused input
 * that never reaches the wire.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'team.example').withTeam;

describe('Team: Get', () => {
	it('returns the team with its domains and members, acting in that team', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales', ['sales.example.com']);
		suite.sim.state.addMember(sales.id, {
			name: 'Erin Editor',
			email: 'erin@team.example',
			role: 'editor',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'get', teamId: teamRef(sales.id) },
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			id: sales.id,
			name: 'Sales',
			defaultDomain: 'sales.example.com',
		});
		const members = result.items[0].json.members as Array<{ email: string; role: string }>;
		expect(members.map((member) => [member.email, member.role]).sort()).toEqual(
			suite.sim.state
				.team(sales.id)!
				.members.map((member) => [member.email, member.role])
				.sort(),
		);
		expect(suite.sim.requestLog[0].headers['x-request-team-id']).toBe(sales.id);
		suite.expectRequestsFollowContract();
	});

	// Through an expression: the editor's own check of the By ID field would stop a typed value earlier.
	it('refuses a team ID with path characters before sending anything', async () => {
		const { credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'get', teamId: teamRef('={{ $json.team }}') },
			items: [{ team: '../team_1' }],
			credentials,
		});

		expect(result.error?.message).toBe('Item 0: "Team" must not contain / \\ ? # % or spaces');
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});
