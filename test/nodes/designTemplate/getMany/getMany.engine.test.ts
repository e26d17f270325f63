/**
 * Design Template: Get Many through n8n's engine against the simulator: the team's templates, the limit
 * applied by the node, and the Team Override acting in another team.
 */
import { runNode, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let credentials: HarnessCredentials;
let mainTeamId: string;
let otherTeamId: string;

beforeAll(() => {
	const { org, team } = suite.sim.state.createOrganization(
		'Design Org',
		{ name: 'Olivia Owner', email: 'owner@design.example' },
		'Main',
	);
	mainTeamId = team.id;
	otherTeamId = suite.sim.state.createTeam(org.id, 'Other').id;
	credentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, 'owner', team.id),
	};
});

function templateIdsOf(teamId: string): string[] {
	return suite.sim.state
		.templatesOfTeam(teamId)
		.sort((a, b) => a.createdAt - b.createdAt)
		.map((template) => template.id);
}

describe('Design Template: Get Many', () => {
	it("returns the credential team's templates, all of them with Return All", async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id)).toEqual(templateIdsOf(mainTeamId));
		expect(result.items[0].json).toEqual(
			expect.objectContaining({ name: expect.any(String), previewUrl: expect.any(String) }),
		);
		expect(suite.sim.requestLog[0].headers['x-request-team-id']).toBe(mainTeamId);
		suite.expectRequestsFollowContract();
	});

	it('cuts the list to the limit itself, with one request', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: false, limit: 2 },
			credentials,
		});

		expect(result.items.map((item) => item.json.id)).toEqual(templateIdsOf(mainTeamId).slice(0, 2));
		expect(suite.sim.requestLog).toHaveLength(1);
	});

	it('acts in the Team Override team', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'designTemplate',
				operation: 'getMany',
				returnAll: true,
				options: { teamOverride: otherTeamId },
			},
			credentials,
		});

		expect(result.items.map((item) => item.json.id)).toEqual(templateIdsOf(otherTeamId));
		expect(suite.sim.requestLog[0].headers['x-request-team-id']).toBe(otherTeamId);
		suite.expectRequestsFollowContract();
	});

	it('refuses a limit below 1 before sending anything', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'designTemplate',
				operation: 'getMany',
				returnAll: false,
				limit: '={{ 0 }}',
			},
			credentials,
		});

		expect(result.error?.message).toBe('Item 0: "Limit" must be at least 1');
		expect(suite.sim.requestLog).toHaveLength(0);
	});

	it('with Return All on from an expression, reads no Limit: one left empty or 0 by that item does not fail it', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'designTemplate',
				operation: 'getMany',
				// both expressions keep the Limit on the form and in the node's parameters
				returnAll: '={{ $json.all }}',
				limit: '={{ $json.max }}',
			},
			credentials,
			items: [{ all: true }, { all: 'TRUE', max: 0 }, { all: false, max: 1 }],
		});

		expect(result.error).toBeUndefined();
		const all = templateIdsOf(mainTeamId);
		expect(result.items.map((item) => item.json.id)).toEqual([...all, ...all, all[0]]);
	});

	it('names the team when the service refuses a Team Override outside the organization (401), instead of blaming the credential', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'designTemplate',
				operation: 'getMany',
				returnAll: true,
				options: { teamOverride: 'team_unknown' },
			},
			credentials,
		});

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('401');
		expect(result.error?.message).toBe(
			'QRTRAC refused the request for team "team_unknown" (Invalid credentials!)',
		);
		expect(result.error?.description).toContain(
			'Team > Get Many lists the teams this credential reaches',
		);
	});
});
