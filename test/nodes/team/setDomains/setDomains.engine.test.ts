/**
 * Team > Set Domains through n8n's engine against the simulator: output, the simulator's state afterwards, every request checked against the contract, and refused input
 * that never reaches the wire.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'team.example').withTeam;

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

	// "Empty means the first domain": a sheet's empty cell read from a JSON source is null, and a row without the
	// column gives nothing; both are empty, as blank optional fields are everywhere else (Dynamic Link's Design)
	it.each([
		[
			'null (an empty cell of a JSON source)',
			{ domains: 'qr.example.net, go.example.net', default: null },
		],
		['a key the item lacks', { domains: 'qr.example.net, go.example.net' }],
		['spaces', { domains: 'qr.example.net, go.example.net', default: '  ' }],
	])('takes the first domain as default when the Default Domain is %s', async (_case, item) => {
		const { team, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'setDomains',
				teamId: teamRef(team.id),
				domains: '={{ $json.domains }}',
				defaultDomain: '={{ $json.default }}',
			},
			items: [item],
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ defaultDomain: 'qr.example.net' });
		expect(suite.sim.state.team(team.id)).toMatchObject({
			domains: ['qr.example.net', 'go.example.net'],
			defaultDomain: 'qr.example.net',
		});
		suite.expectRequestsFollowContract();
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

/**
 * The contract does not say whether a change's answer shows the team before or after it: an answer showing other
 * domains is checked by reading the team, never taken as done.
 */
describe('Team: Set Domains, an answer that does not show the domains asked', () => {
	afterEach(() => suite.sim.setAnswerModes({}));

	const setDomains = async (
		teamId: string,
		credentials: Parameters<typeof runNode>[0]['credentials'],
	) =>
		await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'setDomains',
				teamId: teamRef(teamId),
				domains: 'go.example.com, QR.example.com',
				defaultDomain: 'qr.example.com',
			},
			credentials,
		});

	it('answered with the old domains: the team read afterwards holds the new ones, so it is updated with the read record', async () => {
		const { team, credentials } = newOrganization();
		suite.sim.setAnswerModes({ priorTeamAnswers: 'changed' });

		const result = await setDomains(team.id, credentials);

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			id: team.id,
			domains: ['go.example.com', 'qr.example.com'],
			defaultDomain: 'qr.example.com',
			result: 'updated',
		});
		expect(suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`GET /api/teams-api/${team.id}`,
			`PUT /api/teams-api/${team.id}/domainPreferences`,
			`GET /api/teams-api/${team.id}`,
		]);
		suite.expectRequestsFollowContract();
	});

	it('answered with the old domains, and the team still holds them: the item fails naming the domains asked and held', async () => {
		const { team, credentials } = newOrganization();
		suite.sim.setAnswerModes({ priorTeamAnswers: 'unchanged' });

		const result = await setDomains(team.id, credentials);

		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/Set Team Domains.*does not show the change/);
		const description = String((result.error as { description?: string }).description);
		expect(description).toContain('"domains":["go.example.com","qr.example.com"]');
		expect(description).toContain('"domains":["q.qrtrac.com"]');
		expect(suite.sim.state.team(team.id)?.domains).toEqual(['q.qrtrac.com']);
	});
});
