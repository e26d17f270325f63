/**
 * Team > Get Many through n8n's engine against the simulator: output, the simulator's state afterwards, every request checked against the contract, and refused input
 * that never reaches the wire.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'team.example').withTeam;

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
