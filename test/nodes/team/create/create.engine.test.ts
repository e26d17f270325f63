/**
 * Team > Create through n8n's engine against the simulator: output, the simulator's state afterwards, every request checked against the contract, and refused input
 * that never reaches the wire.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

/** The next Create Team is made, and its answer lost (a 502 after the write). */
const loseNextTeamCreate = () =>
	suite.sim.faults.add({
		...{ kind: 'status', status: 502, method: 'POST', path: '/api/teams-api' },
		...{ afterWrite: true, count: 1 },
	});

const newOrganization = organizations(suite, 'team.example').withTeam;

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

	it('an answer lost after the team was made fails the item, saying to look in Team > Get Many first', async () => {
		const { org, credentials } = newOrganization();
		suite.sim.faults.add({
			kind: 'status',
			status: 502,
			method: 'POST',
			path: '/api/teams-api',
			afterWrite: true,
			count: 1,
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'create', name: 'Partners' },
			credentials,
		});

		expect(result.error?.httpCode).toBe('502');
		expect(result.error?.description).toContain(
			'Look for it in Team > Get Many before creating it again.',
		);
		// Teams have no Display ID and are no team's codes: the advice for QR codes would send the user astray.
		expect(result.error?.description).not.toMatch(/Display ID|team's codes/);
		expect(suite.sim.state.teamsOfOrg(org.id).map((team) => team.name)).toContain('Partners');
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});

	it.each([
		['303 See Other to the new team', 303, '/api/teams-api/new'],
		['302 to another host', 302, 'https://app.qrtrac.example/teams'],
	])(
		'a create answered %s after the team was made says the outcome is unknown, not sent again',
		async (_case, status, location) => {
			const { org, credentials } = newOrganization();
			suite.sim.faults.add({
				...{ kind: 'status', status, location, method: 'POST', path: '/api/teams-api' },
				...{ afterWrite: true, count: 1 },
			});

			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: { resource: 'team', operation: 'create', name: 'Partners' },
				credentials,
			});

			expect(result.error?.description).toContain('The outcome of this POST is unknown');
			expect(result.error?.description).toContain(
				'Look for it in Team > Get Many before creating it again.',
			);
			expect(suite.sim.state.teamsOfOrg(org.id).map((team) => team.name)).toContain('Partners');
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		},
	);

	it("with n8n's Retry On Fail, the try after a lost answer sends nothing again: one team, the item fails as unknown", async () => {
		const { org, credentials } = newOrganization();
		loseNextTeamCreate();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'create', name: 'Partners' },
			credentials,
			retryOnFail: 3,
		});

		expect(result.error?.message).toMatch(
			/^The outcome of Create (Team|Dynamic Link) is unknown: an earlier try/,
		);
		expect(result.error?.description).toContain('not sent again');
		expect(result.error?.description).toContain(
			'Look for it in Team > Get Many before creating it again.',
		);
		const names = suite.sim.state.teamsOfOrg(org.id).map((team) => team.name);
		expect(names.filter((name) => name === 'Partners')).toHaveLength(1);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});

	it('with Retry On Fail and Continue On Fail, the try n8n runs again for the first item gives the teams made, unsent', async () => {
		const { org, credentials } = newOrganization();
		loseNextTeamCreate();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'create', name: '={{ $json.name }}' },
			items: [{ name: 'Lost' }, { name: 'Kept' }],
			credentials,
			continueOnFail: true,
			retryOnFail: 2,
		});

		expect(result.items[0].json.error).toMatch(/^The outcome of Create Team is unknown/);
		expect(result.items[1].json).toMatchObject({ name: 'Kept', result: 'created' });
		const names = suite.sim.state.teamsOfOrg(org.id).map((team) => team.name);
		expect(names.filter((name) => name !== 'Main').sort()).toEqual(['Kept', 'Lost']);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(2);
	});

	it('with Retry On Fail, a create refused outright is sent again by the next try', async () => {
		const { org, credentials } = newOrganization();
		suite.sim.faults.add({
			...{ kind: 'status', status: 400, message: 'Try again', method: 'POST' },
			...{ path: '/api/teams-api', count: 1 },
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'team', operation: 'create', name: 'Partners' },
			credentials,
			retryOnFail: 2,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ name: 'Partners', result: 'created' });
		expect(suite.sim.state.teamsOfOrg(org.id).map((team) => team.name)).toEqual([
			'Main',
			'Partners',
		]);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(2);
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
