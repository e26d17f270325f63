/**
 * Team > Create through n8n's engine against the simulator: output, the simulator's state afterwards, every request checked against the contract, and refused input
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
