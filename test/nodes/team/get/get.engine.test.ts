/**
 * Team > Get through n8n's engine against the simulator: output, the simulator's state afterwards, every request checked against the contract, and refused input
 * that never reaches the wire.
 */
import { runNode, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let orgCount = 0;

/** A fresh organization with an API client of the given role, so that tests never see each other's data. */
function newOrganization(role: 'owner' | 'admin' | 'editor' = 'owner') {
	orgCount += 1;
	const { org, team } = suite.sim.state.createOrganization(
		`Org ${orgCount}`,
		{ name: 'Olivia Owner', email: `owner${orgCount}@team.example` },
		'Main',
	);
	const client = suite.sim.state.addApiClient(org.id, role, team.id);
	const credentials: HarnessCredentials = { baseUrl: suite.sim.url, ...client, plan: 'Enterprise' };
	return { org, team, credentials };
}

function teamRef(id: string) {
	return { __rl: true, mode: 'id', value: id };
}

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
