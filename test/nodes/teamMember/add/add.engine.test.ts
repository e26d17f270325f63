/**
 * Team Member > Add (change-aware: a re-run sends no writes and reports `unchanged`) through n8n's engine against the simulator: output and the member state afterwards, the service's owner and
 * role rules, and every request checked against the contract.
 */
import type { INode } from 'n8n-workflow';

import { executeWorkflow } from '../../../support/harness/executeWorkflow';
import { runNode } from '../../../support/n8nHarness';
import { memberRuns } from '../../../support/memberRuns';
import { useSimulator } from '../../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'member.example').withTwoTeams;

const { writes, refuseTeamReadOnce } = memberRuns(suite);

describe('Team Member: Add (change-aware)', () => {
	it('adds new people (pending, invited once), changes roles, skips matching roles, reading each team once', async () => {
		const { org, main, sales, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Erin Editor',
			email: 'erin@member.example',
			role: 'editor',
		});
		suite.sim.state.acceptInvite('erin@member.example');
		suite.sim.state.addMember(sales.id, {
			name: 'Vic Viewer',
			email: 'vic@member.example',
			role: 'viewer',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: teamRef('={{ $json.team }}'),
				name: '={{ $json.name }}',
				email: '={{ $json.email }}',
				role: '={{ $json.role }}',
			},
			items: [
				{ team: main.id, name: 'Nina New', email: 'Nina@Member.example', role: 'viewer' },
				{ team: main.id, name: 'Erin Editor', email: 'erin@member.example', role: 'admin' },
				{ team: sales.id, name: 'Vic Viewer', email: 'vic@member.example', role: 'viewer' },
			],
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{
				// sent and reported as typed: a service may compare e-mails exactly
				email: 'Nina@Member.example',
				name: 'Nina New',
				teamId: main.id,
				role: 'viewer',
				result: 'added',
			},
			{
				email: 'erin@member.example',
				name: 'Erin Editor',
				teamId: main.id,
				role: 'admin',
				status: 'active',
				previousRole: 'editor',
				result: 'roleChanged',
			},
			{
				email: 'vic@member.example',
				name: 'Vic Viewer',
				teamId: sales.id,
				role: 'viewer',
				status: 'pending',
				result: 'unchanged',
			},
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);

		expect(suite.sim.state.findMember(main.id, 'nina@member.example')).toMatchObject({
			role: 'viewer',
			state: 'active',
			userState: 'pending',
		});
		expect(suite.sim.state.findUser('nina@member.example', org.id)?.invitationsSent).toBe(1);
		expect(suite.sim.state.findMember(main.id, 'erin@member.example')).toMatchObject({
			role: 'admin',
			userState: 'active',
		});
		expect(suite.sim.state.findMember(sales.id, 'vic@member.example')?.role).toBe('viewer');

		const reads = suite.sim.requestLog.filter((entry) => entry.method === 'GET');
		expect(reads.map((entry) => entry.path).sort()).toEqual(
			[`/api/teams-api/${main.id}`, `/api/teams-api/${sales.id}`].sort(),
		);
		// two people's rows go out side by side: in either order
		expect(writes().map((entry) => (entry.body as { email: string }).email)).toEqual(
			expect.arrayContaining(['Nina@Member.example', 'erin@member.example']),
		);
		expect(writes()).toHaveLength(2);
		suite.expectRequestsFollowContract();
	});

	it('a second run of the same list sends no writes, invites nobody again and reports unchanged', async () => {
		const { org, main, sales, credentials } = newOrganization();
		const people = Array.from({ length: 6 }, (_, index) => ({
			team: index % 2 === 0 ? main.id : sales.id,
			name: `Person ${index}`,
			email: `person${index}@member.example`,
			role: ['admin', 'editor', 'viewer'][index % 3],
		}));
		const run = () =>
			runNode({
				nodeType: 'qrtrac',
				parameters: {
					resource: 'teamMember',
					operation: 'add',
					teamId: teamRef('={{ $json.team }}'),
					name: '={{ $json.name }}',
					email: '={{ $json.email }}',
					role: '={{ $json.role }}',
				},
				items: people,
				credentials,
			});

		const first = await run();
		expect(first.items.map((item) => item.json.result)).toEqual(people.map(() => 'added'));
		expect(writes()).toHaveLength(people.length);
		const invitations = people.map(
			(person) => suite.sim.state.findUser(person.email, org.id)?.invitationsSent,
		);

		suite.sim.clearRequestLog();
		const second = await run();

		expect(second.error).toBeUndefined();
		expect(second.items.map((item) => item.json.result)).toEqual(people.map(() => 'unchanged'));
		expect(second.items.map((item) => item.json.status)).toEqual(people.map(() => 'pending'));
		expect(writes()).toHaveLength(0);
		expect(suite.sim.requestLog).toHaveLength(2);
		expect(
			people.map((person) => suite.sim.state.findUser(person.email, org.id)?.invitationsSent),
		).toEqual(invitations);
		for (const person of people)
			expect(suite.sim.state.findMember(person.team, person.email)?.role).toBe(person.role);
		suite.expectRequestsFollowContract();
	});

	it('the same person twice in one run is added once; the second item sees the first', async () => {
		const { main, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: teamRef(main.id),
				name: 'Dora Double',
				email: '={{ $json.email }}',
				role: 'editor',
			},
			items: [{ email: 'dora@member.example' }, { email: 'DORA@member.example' }],
			credentials,
		});

		expect(result.items.map((item) => item.json.result)).toEqual(['added', 'unchanged']);
		expect(writes()).toHaveLength(1);
	});

	it('a new person in two teams is added to the second only once the first add, which invites them, answered', async () => {
		const { org, main, sales, credentials } = newOrganization();
		// The first add creates and invites the person; a service checking "known?" and creating in two steps would
		// invite them twice (or hold two accounts) if the second add arrived meanwhile (the contract promises no lock).
		suite.sim.faults.add({
			kind: 'stall',
			method: 'PUT',
			path: `/api/teams-api/${main.id}/members`,
			delayMs: 300,
			count: 1,
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: teamRef('={{ $json.team }}'),
				name: 'Nia New',
				email: '={{ $json.email }}',
				role: '={{ $json.role }}',
			},
			items: [
				{ team: main.id, email: 'nia@member.example', role: 'viewer' },
				{ team: sales.id, email: 'Nia@Member.example', role: 'editor' },
			],
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.result)).toEqual(['added', 'added']);
		const [first, second] = writes();
		expect(first.path).toBe(`/api/teams-api/${main.id}/members`);
		expect(second.path).toBe(`/api/teams-api/${sales.id}/members`);
		expect(second.startedAt).toBeGreaterThanOrEqual(first.endedAt!);
		expect(suite.sim.state.findUser('nia@member.example', org.id)?.invitationsSent).toBe(1);
		expect(suite.sim.state.findMember(sales.id, 'nia@member.example')?.role).toBe('editor');
	});

	it('a team that cannot be read fails only its own items under Continue On Fail', async () => {
		const { main, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: teamRef('={{ $json.team }}'),
				name: 'Ned',
				email: 'ned@member.example',
				role: 'viewer',
			},
			items: [{ team: 'team_of_nobody' }, { team: main.id }],
			continueOnFail: true,
			credentials,
		});

		expect(
			result.items.map((item) => [item.pairedItem, item.json.result ?? item.json.httpCode]),
		).toEqual([
			[{ item: 0 }, '401'],
			[{ item: 1 }, 'added'],
		]);
		expect(suite.sim.state.findMember(main.id, 'ned@member.example')?.role).toBe('viewer');
		expect(writes()).toHaveLength(1);
	});

	it('a team that could not be read fails the same person\'s later rows too, never "added" unread', async () => {
		const { main, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Gil',
			email: 'gil@member.example',
			role: 'editor',
		});
		refuseTeamReadOnce(main.id);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: teamRef(main.id),
				name: 'Gil',
				email: '={{ $json.email }}',
				role: 'editor',
			},
			items: [{ email: 'gil@member.example' }, { email: 'GIL@member.example' }],
			continueOnFail: true,
			credentials,
		});

		expect(
			result.items.map((item) => [item.pairedItem, item.json.result, item.json.httpCode]),
		).toEqual([
			[{ item: 0 }, undefined, '403'],
			[{ item: 1 }, undefined, '403'],
		]);
		expect(writes()).toHaveLength(0);
	});

	it('Always Send sends every add without reading the team first', async () => {
		const { main, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Erin Editor',
			email: 'erin@member.example',
			role: 'editor',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: teamRef(main.id),
				name: 'Erin Editor',
				email: 'erin@member.example',
				role: 'editor',
				options: { alwaysSend: true },
			},
			credentials,
		});

		expect(result.items[0].json).toMatchObject({
			email: 'erin@member.example',
			role: 'editor',
			result: 'sent',
		});
		expect(suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`PUT /api/teams-api/${main.id}/members`,
		]);
		suite.expectRequestsFollowContract();
	});

	it.each(['add', 'addToTeams'])(
		'%s with Always Send lets go of the team read earlier in the execution: a later Remove removes the person it added',
		async (operation) => {
			const { main, sales, credentials } = newOrganization();
			const email = 'sam@member.example';
			suite.sim.state.addMember(sales.id, { name: 'Sam', email, role: 'viewer' });
			const node = (name: string, x: number, parameters: Record<string, unknown>): INode => ({
				id: name,
				name,
				type: 'qrtrac',
				typeVersion: 1.2,
				position: [x, 0],
				parameters: { resource: 'teamMember', ...parameters },
			});
			const next = (name: string) => ({
				main: [[{ node: name, type: 'main' as const, index: 0 }]],
			});
			const add =
				operation === 'add'
					? { operation, teamId: teamRef(main.id), name: 'Sam', email, role: 'editor' }
					: {
							operation,
							name: 'Sam',
							email,
							teams: { team: [{ teamId: main.id, role: 'editor' }] },
						};

			const { run } = await executeWorkflow(
				{
					nodes: [
						// Reads Main's members (Sam not among them) and holds them for the execution.
						node('Check', 0, {
							operation: 'remove',
							teamId: teamRef(main.id),
							email: 'nobody@member.example',
						}),
						node('Add', 200, { ...add, options: { alwaysSend: true } }),
						node('Remove', 400, { operation: 'remove', teamId: teamRef(main.id), email }),
					],
					connections: { Check: next('Add'), Add: next('Remove') },
				},
				{ credentials },
				{ node: 'Check', items: [{ json: {} }] },
			);

			const output = (name: string) =>
				run.data.resultData.runData[name]?.[0]?.data?.main?.[0]?.[0]?.json;
			expect([output('Check')?.result, output('Add')?.result, output('Remove')?.result]).toEqual([
				'unchanged',
				'sent',
				'removed',
			]);
			expect(suite.sim.state.findMember(main.id, email)).toBeUndefined();
		},
	);

	it("surfaces the service's owner rule (400) when the owner would get another role", async () => {
		const { main, ownerEmail, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: teamRef(main.id),
				name: 'Olivia Owner',
				email: ownerEmail,
				role: 'admin',
			},
			credentials,
		});

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toBe('The organization owner cannot be given another role');
		expect(suite.sim.state.findMember(main.id, ownerEmail)?.role).toBe('owner');
	});

	it.each([
		[
			'an e-mail with a slash',
			{ email: 'a/b@x.com' },
			'"Email" must be an e-mail address such as ada@example.com',
		],
		[
			'a path climbing up',
			{ email: '../x' },
			'"Email" must be an e-mail address such as ada@example.com',
		],
		[
			'an encoded slash',
			{ email: 'a%2Fb@x.com' },
			'"Email" must be an e-mail address such as ada@example.com',
		],
		[
			'no e-mail at all',
			{ email: 'not-an-email' },
			'"Email" must be an e-mail address such as ada@example.com',
		],
		[
			'the owner role (quoted as typed)',
			{ role: ' Owner ' },
			'"Role" must be one of "admin", "editor", "viewer" (owner can never be assigned), not " Owner "',
		],
		['an empty name', { name: '  ' }, '"Name" must not be empty'],
		[
			'a team ID with a query character',
			{ team: 'team?x=1' },
			'"Team" must not contain / \\ ? # % or spaces',
		],
	])('refuses %s before sending anything', async (_case, overrides, message) => {
		const { main, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: teamRef('={{ $json.team }}'),
				name: '={{ $json.name }}',
				email: '={{ $json.email }}',
				role: '={{ $json.role }}',
			},
			items: [
				{ team: main.id, name: 'Fine Person', email: 'fine@member.example', role: 'viewer' },
				{ team: main.id, name: 'Ada', email: 'ada@member.example', role: 'viewer', ...overrides },
			],
			credentials,
		});

		expect(result.error?.message).toBe(`Item 1: ${message}`);
		expect(result.error?.itemIndex).toBe(1);
		expect(suite.sim.requestLog).toHaveLength(0);
		expect(suite.sim.state.findMember(main.id, 'fine@member.example')).toBeUndefined();
	});
});
