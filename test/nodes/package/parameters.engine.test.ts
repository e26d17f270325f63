/**
 * The one parameter reader (nodes/shared/parameters.ts) through n8n's engine: a resource locator holding an
 * expression is resolved for each item, a By URL locator gives the ID its pattern extracts, and a text
 * expression next to a constant reads per item while the constant holds for all.
 */
import { runNode, type HarnessCredentials } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let orgCount = 0;

function newOrganization() {
	orgCount += 1;
	const { org, team } = suite.sim.state.createOrganization(
		`Reader Org ${orgCount}`,
		{ name: 'Olivia Owner', email: `reader-owner${orgCount}@team.example` },
		'Main',
	);
	const client = suite.sim.state.addApiClient(org.id, 'owner', team.id);
	const credentials: HarnessCredentials = { baseUrl: suite.sim.url, ...client, plan: 'Enterprise' };
	return { org, credentials };
}

describe('readParameter in the engine', () => {
	it('resolves a resource locator expression for every item', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');
		const support = suite.sim.state.createTeam(org.id, 'Support');

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'get',
				teamId: { __rl: true, mode: 'id', value: '={{ $json.team }}' },
			},
			items: [{ team: sales.id }, { team: support.id }, { team: sales.id }],
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.id, item.json.name])).toEqual([
			[sales.id, 'Sales'],
			[support.id, 'Support'],
			[sales.id, 'Sales'],
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	it('reads the ID out of a By URL locator, the same for every item', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'get',
				teamId: { __rl: true, mode: 'url', value: `${suite.sim.url}/api/teams-api/${sales.id}` },
			},
			items: [{}, {}],
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id)).toEqual([sales.id, sales.id]);
	});

	it('reads a text expression per item beside a constant locator', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'rename',
				teamId: { __rl: true, mode: 'id', value: sales.id },
				name: '={{ $json.name }}',
			},
			items: [{ name: 'Sales East' }, { name: 'Sales West' }],
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.name)).toEqual(['Sales East', 'Sales West']);
		expect(suite.sim.state.team(sales.id)?.name).toBe('Sales West');
	});
});
