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

/**
 * The contract's Team requires no field: the answer to a read of one team by its ID that leaves `id` out is that
 * team's record. One naming another team is never shown as the asked one.
 */
describe("Team: Get, an answer without the team's id", () => {
	afterEach(() => suite.sim.setShapeDrift([]));

	it('is the asked team: returned with the asked ID, and its members listed by Team Member > Get Many', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales', ['sales.example.com']);
		suite.sim.setShapeDrift(['teamWithoutId']);

		const team = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'get', teamId: teamRef(sales.id) },
			credentials,
		});
		const members = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'getMany',
				teamId: teamRef(sales.id),
				returnAll: true,
			},
			credentials,
		});

		expect(team.error).toBeUndefined();
		expect(team.items[0].json).toMatchObject({
			id: sales.id,
			name: 'Sales',
			defaultDomain: 'sales.example.com',
		});
		expect(members.error).toBeUndefined();
		expect(members.items.map((item) => item.json.email)).toEqual(
			suite.sim.state.team(sales.id)!.members.map((member) => member.email),
		);
		suite.expectRequestsFollowContract();
	});

	it('still fails when the answer names another team', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');
		suite.sim.faults.add({
			kind: 'status',
			method: 'GET',
			path: `/api/teams-api/${sales.id}`,
			status: 200,
			body: JSON.stringify({ success: true, data: { id: 'team_other', name: 'Other' } }),
			contentType: 'application/json',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'get', teamId: teamRef(sales.id) },
			credentials,
		});

		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/Get Team.*does not have the expected shape/);
		expect(String((result.error as { description?: string }).description)).toMatch(
			/"id" is "team_other", another team/,
		);
	});
});
