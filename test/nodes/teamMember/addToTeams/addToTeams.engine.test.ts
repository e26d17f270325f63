/**
 * Team Member > Add to Teams (change-aware: a re-run sends no writes and reports `unchanged`) through n8n's engine against the simulator: output and the member state afterwards, the service's owner and
 * role rules, and every request checked against the contract.
 */
import type { LoggedRequest } from '../../../../simulator';
import { callLoadOptions, runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'member.example').withTwoTeams;

function writes(): LoggedRequest[] {
	return suite.sim.requestLog.filter((entry) => entry.method !== 'GET');
}

describe('Team Member: Add to Teams (change-aware)', () => {
	const parameters = (teams: Array<{ teamId: string; role: string }>, options = {}) => ({
		resource: 'teamMember',
		operation: 'addToTeams',
		name: 'Bea Bulk',
		email: 'bea@member.example',
		teams: { team: teams },
		options,
	});

	it('adds one person to several teams with one request; a re-run sends nothing', async () => {
		const { org, main, sales, credentials } = newOrganization();
		const teams = [
			{ teamId: main.id, role: 'editor' },
			{ teamId: sales.id, role: 'viewer' },
		];

		const first = await runNode({ nodeType: 'qrtrac', parameters: parameters(teams), credentials });

		expect(first.error).toBeUndefined();
		expect(first.items[0].json).toEqual({
			email: 'bea@member.example',
			name: 'Bea Bulk',
			result: 'updated',
			teams: [
				{ teamId: main.id, role: 'editor', result: 'added' },
				{ teamId: sales.id, role: 'viewer', result: 'added' },
			],
		});
		expect(suite.sim.state.findMember(main.id, 'bea@member.example')).toMatchObject({
			role: 'editor',
			userState: 'pending',
		});
		expect(suite.sim.state.findMember(sales.id, 'bea@member.example')).toMatchObject({
			role: 'viewer',
		});
		expect(suite.sim.state.findUser('bea@member.example', org.id)?.invitationsSent).toBe(1);
		expect(writes().map((entry) => entry.body)).toEqual([
			{ name: 'Bea Bulk', email: 'bea@member.example', teams },
		]);
		suite.expectRequestsFollowContract();

		suite.sim.clearRequestLog();
		const second = await runNode({
			nodeType: 'qrtrac',
			parameters: parameters(teams),
			credentials,
		});

		expect(second.items[0].json).toMatchObject({ result: 'unchanged' });
		expect(
			(second.items[0].json.teams as Array<{ result: string }>).map((team) => team.result),
		).toEqual(['unchanged', 'unchanged']);
		expect(writes()).toHaveLength(0);
		expect(suite.sim.state.findUser('bea@member.example', org.id)?.invitationsSent).toBe(1);
	});

	it("takes each person's own team list from the input with Teams (JSON), refusing a malformed list before sending", async () => {
		const { main, sales, credentials } = newOrganization();
		const people = [
			{ name: 'Jo Json', email: 'jo@member.example', teams: [{ teamId: main.id, role: 'admin' }] },
			{
				name: 'Kim Json',
				email: 'kim@member.example',
				teams: [
					{ teamId: main.id, role: 'viewer' },
					{ teamId: sales.id, role: 'editor' },
				],
			},
		];
		const jsonParameters = {
			resource: 'teamMember',
			operation: 'addToTeams',
			name: '={{ $json.name }}',
			email: '={{ $json.email }}',
			teamsSource: 'json',
			teamsJson: '={{ $json.teams }}',
		};

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: jsonParameters,
			items: people,
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(suite.sim.state.findMember(main.id, 'jo@member.example')).toMatchObject({
			role: 'admin',
		});
		expect(suite.sim.state.findMember(sales.id, 'jo@member.example')).toBeUndefined();
		expect(suite.sim.state.findMember(main.id, 'kim@member.example')).toMatchObject({
			role: 'viewer',
		});
		expect(suite.sim.state.findMember(sales.id, 'kim@member.example')).toMatchObject({
			role: 'editor',
		});
		suite.expectRequestsFollowContract();

		suite.sim.clearRequestLog();
		const refused = await runNode({
			nodeType: 'qrtrac',
			parameters: { ...jsonParameters, teamsJson: '={{ $json.teams }}' },
			items: [people[0], { ...people[1], teams: [{ teamId: sales.id, role: 'owner' }] }],
			credentials,
		});

		expect(refused.error?.message).toMatch(
			/^Item 1: "Role" \(row 1\) must be one of "admin", "editor", "viewer"/,
		);
		expect(suite.sim.requestLog).toHaveLength(0);
	});

	it('sends only the teams that need a change', async () => {
		const { main, sales, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Bea Bulk',
			email: 'bea@member.example',
			role: 'editor',
		});
		suite.sim.state.addMember(sales.id, {
			name: 'Bea Bulk',
			email: 'bea@member.example',
			role: 'viewer',
		});
		const support = suite.sim.state.createTeam(
			suite.sim.state.teams.get(main.id)!.orgId,
			'Support',
		);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: parameters([
				{ teamId: main.id, role: 'editor' },
				{ teamId: sales.id, role: 'admin' },
				{ teamId: support.id, role: 'viewer' },
			]),
			credentials,
		});

		expect(result.items[0].json.teams).toEqual([
			{ teamId: main.id, role: 'editor', status: 'pending', result: 'unchanged' },
			{
				teamId: sales.id,
				role: 'admin',
				status: 'pending',
				previousRole: 'viewer',
				result: 'roleChanged',
			},
			{ teamId: support.id, role: 'viewer', result: 'added' },
		]);
		expect(writes().map((entry) => (entry.body as { teams: unknown }).teams)).toEqual([
			[
				{ teamId: sales.id, role: 'admin' },
				{ teamId: support.id, role: 'viewer' },
			],
		]);
		expect(suite.sim.state.findMember(sales.id, 'bea@member.example')?.role).toBe('admin');
		expect(suite.sim.state.findMember(support.id, 'bea@member.example')?.role).toBe('viewer');
		suite.expectRequestsFollowContract();
	});

	it('after a connection lost once the add was applied, reads the teams and reports success without sending again', async () => {
		const { org, main, sales, credentials } = newOrganization();
		suite.sim.faults.add({
			kind: 'reset',
			method: 'POST',
			path: '/api/teams-api/members/bulk',
			count: 1,
			afterWrite: true,
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: parameters([
				{ teamId: main.id, role: 'editor' },
				{ teamId: sales.id, role: 'viewer' },
			]),
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ result: 'updated' });
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		// Two reads before the add (one per team), two after it to check what the lost answer would have said.
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'GET')).toHaveLength(4);
		expect(suite.sim.state.findMember(main.id, 'bea@member.example')?.role).toBe('editor');
		expect(suite.sim.state.findMember(sales.id, 'bea@member.example')?.role).toBe('viewer');
		expect(suite.sim.state.findUser('bea@member.example', org.id)?.invitationsSent).toBe(1);
	});

	it('a bulk add refused part-way says, per team, where the person is now', async () => {
		const { org, main, sales, credentials } = newOrganization();
		// A service that applies the teams in order: Main is joined before the unknown team stops the request.
		suite.sim.setBulkAddInOrder(true);
		try {
			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: parameters(
					[
						{ teamId: main.id, role: 'editor' },
						{ teamId: 'team_gone', role: 'viewer' },
						{ teamId: sales.id, role: 'viewer' },
					],
					{ alwaysSend: true },
				),
				credentials,
			});

			expect(result.error?.httpCode).toBe('400');
			expect(result.error?.message).toBe('Team not found');
			expect(result.error?.description).toContain(
				`QRTRAC refused the request after it may have been applied to some of the 3 teams`,
			);
			expect(result.error?.description).toContain(`${main.id} (editor): in place`);
			expect(result.error?.description).toContain('team_gone (viewer): could not be read');
			expect(result.error?.description).toContain(`${sales.id} (viewer): not in place`);
			expect(suite.sim.state.findMember(main.id, 'bea@member.example')?.role).toBe('editor');
			expect(suite.sim.state.findMember(sales.id, 'bea@member.example')).toBeUndefined();
			expect(suite.sim.state.findUser('bea@member.example', org.id)?.invitationsSent).toBe(1);
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		} finally {
			suite.sim.setBulkAddInOrder(false);
		}
	});

	it('a bulk add refused part-way: a team listing members without an e-mail cannot tell, never "not in place"', async () => {
		const { main, sales, credentials } = newOrganization();
		suite.sim.setBulkAddInOrder(true);
		// Bea, once added, is listed without her e-mail, and every team lists a member without one.
		suite.sim.setAnswerModes({ membersWithoutEmail: 'bea@member.example' });
		try {
			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: parameters(
					[
						{ teamId: main.id, role: 'editor' },
						{ teamId: 'team_gone', role: 'viewer' },
						{ teamId: sales.id, role: 'viewer' },
					],
					{ alwaysSend: true },
				),
				credentials,
			});

			const unknown = 'cannot be told (the team lists members without an e-mail)';
			expect(result.error?.description).toContain(`${main.id} (editor): ${unknown}`);
			expect(result.error?.description).toContain('team_gone (viewer): could not be read');
			expect(result.error?.description).toContain(`${sales.id} (viewer): ${unknown}`);
			expect(result.error?.description).not.toContain('not in place;');
			expect(suite.sim.state.findMember(main.id, 'bea@member.example')?.role).toBe('editor');
		} finally {
			suite.sim.setBulkAddInOrder(false);
			suite.sim.setAnswerModes({});
		}
	});

	it('lists the teams to choose from, each by its ID', async () => {
		const { org, credentials } = newOrganization();

		const options = (await callLoadOptions('qrtrac', 'getTeamsToJoin', {
			kind: 'loadOptions',
			credentials,
		})) as Array<{ name: string; value: string }>;

		expect(options.map((option) => option.value).sort()).toEqual(
			suite.sim.state
				.teamsOfOrg(org.id)
				.map((team) => team.id)
				.sort(),
		);
		expect(options.map((option) => option.name).sort()).toEqual([
			"Main (credential's team)",
			'Sales',
		]);
	});

	it('Always Send sends every team without reading', async () => {
		const { main, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Bea Bulk',
			email: 'bea@member.example',
			role: 'editor',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: parameters([{ teamId: main.id, role: 'editor' }], { alwaysSend: true }),
			credentials,
		});

		expect(result.items[0].json).toMatchObject({
			result: 'sent',
			teams: [{ teamId: main.id, role: 'editor', result: 'sent' }],
		});
		expect(suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			'POST /api/teams-api/members/bulk',
		]);
	});

	it.each([
		['no team', [], '"Teams" must list at least one team'],
		['a team twice', 'twice', '"Teams" must not list a team twice'],
		[
			'the owner role',
			'owner',
			'"Role" (row 1) must be one of "admin", "editor", "viewer" (owner can never be assigned), not "Owner"',
		],
		[
			'a team ID with a slash',
			'slash',
			'"Team Name or ID" (row 1) must not contain / \\ ? # % or spaces',
		],
	])('refuses %s before sending anything', async (_case, variant, message) => {
		const { main, sales, credentials } = newOrganization();
		const teams =
			variant === 'twice'
				? [
						{ teamId: main.id, role: 'editor' },
						{ teamId: main.id, role: 'viewer' },
					]
				: variant === 'owner'
					? [{ teamId: main.id, role: '={{ "Owner" }}' }]
					: variant === 'slash'
						? [{ teamId: `={{ "${sales.id}/../x" }}`, role: 'viewer' }]
						: (variant as never[]);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: parameters(teams),
			credentials,
		});

		expect(result.error?.message).toBe(`Item 0: ${message}`);
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});
