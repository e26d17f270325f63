/**
 * Team resource (Get Many, Create, Get, Rename, Set Domains) through n8n's engine against the simulator:
 * output, the simulator's state afterwards, every request checked against the contract, and refused input
 * that never reaches the wire.
 */
import { runNode, type HarnessCredentials } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

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

describe('Team: Set Domains', () => {
	it('replaces the domains and the default domain, normalized to lower case', async () => {
		const { team, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'setDomains',
				teamId: teamRef(team.id),
				domains: 'QR.Example.com, go.example.com',
				defaultDomain: 'go.example.com',
			},
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			domains: ['qr.example.com', 'go.example.com'],
			defaultDomain: 'go.example.com',
		});
		expect(suite.sim.state.team(team.id)).toMatchObject({
			domains: ['qr.example.com', 'go.example.com'],
			defaultDomain: 'go.example.com',
		});
		suite.expectRequestsFollowContract();
	});

	it('takes the first domain as default when none is given, and accepts an array from an expression', async () => {
		const { team, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'setDomains',
				teamId: teamRef(team.id),
				domains: '={{ $json.domains }}',
				defaultDomain: '',
			},
			items: [{ domains: ['links.example.org', 'qr.example.org'] }],
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(suite.sim.state.team(team.id)).toMatchObject({
			domains: ['links.example.org', 'qr.example.org'],
			defaultDomain: 'links.example.org',
		});
	});

	it.each([
		[
			'a domain with a scheme',
			'https://qr.example.com',
			'',
			'"Domains" must be a bare host name such as qr.example.com, without https://, port or path',
		],
		[
			'a domain with a path',
			'qr.example.com/x',
			'',
			'"Domains" must be a bare host name such as qr.example.com, without https://, port or path',
		],
		[
			'a single-label host',
			'localhost',
			'',
			'"Domains" must be a host name such as qr.example.com (letters, digits, hyphens and dots)',
		],
		[
			'a label ending in a hyphen',
			'qr-.example.com',
			'',
			'"Domains" must be a host name such as qr.example.com (letters, digits, hyphens and dots)',
		],
		['no domain at all', ' , ', '', '"Domains" must list at least one domain'],
		[
			'a default outside the list',
			'qr.example.com, go.example.com',
			'other.example.com',
			'"Default Domain" must be one of the domains (qr.example.com, go.example.com)',
		],
	])('refuses %s before sending anything', async (_case, domains, defaultDomain, message) => {
		const { team, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'setDomains',
				teamId: teamRef(team.id),
				domains,
				defaultDomain,
			},
			credentials,
		});

		expect(result.error?.message).toBe(`Item 0: ${message}`);
		expect(suite.sim.requestLog).toHaveLength(0);
		expect(suite.sim.state.team(team.id)?.domains).toEqual(['q.qrtrac.com']);
	});

	it('with Continue On Fail, a refused item becomes an error item and the others still run', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');
		const support = suite.sim.state.createTeam(org.id, 'Support');

		const result = await runNode({
			typeVersion: 1.1,
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'setDomains',
				teamId: { __rl: true, mode: 'id', value: '={{ $json.team }}' },
				domains: '={{ $json.domains }}',
				defaultDomain: '',
			},
			items: [
				{ team: sales.id, domains: 'sales.example.com' },
				{ team: support.id, domains: 'support.example.com/path' },
			],
			continueOnFail: true,
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json).toMatchObject({ id: sales.id, domains: ['sales.example.com'] });
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[1].json.error).toMatch(/^Item 1: "Domains" must be a bare host name/);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(suite.sim.state.team(support.id)?.domains).toEqual(['q.qrtrac.com']);
		expect(suite.sim.requestLog).toHaveLength(1);
		suite.expectRequestsFollowContract();
	});
});
