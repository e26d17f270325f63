/**
 * Team > Get Many through n8n's engine against the simulator: output, the simulator's state afterwards, every request checked against the contract, and refused input
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

describe('Team: Get Many', () => {
	it("returns the organization's teams, cut to the limit unless Return All", async () => {
		const { org, credentials } = newOrganization();
		suite.sim.state.createTeam(org.id, 'Sales');
		suite.sim.state.createTeam(org.id, 'Support');
		const expected = suite.sim.state.teamsOfOrg(org.id).map((team) => team.id);

		const limited = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'getMany', returnAll: false, limit: 2 },
			credentials,
		});
		const all = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'getMany', returnAll: true },
			credentials,
		});

		expect(limited.error).toBeUndefined();
		expect(limited.items).toHaveLength(2);
		expect(all.items.map((item) => item.json.id).sort()).toEqual([...expected].sort());
		expect(all.items.map((item) => item.pairedItem)).toEqual(expected.map(() => ({ item: 0 })));
		suite.expectRequestsFollowContract();
	});
});
