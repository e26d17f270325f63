/**
 * Team Member resource through n8n's engine against the simulator: every operation's output and the member
 * state afterwards (pending/active/paused, roles, memberships), the service's owner and role rules, the
 * change-aware Add / Add to Teams (a re-run sends no writes and reports `unchanged`), refused input that never
 * reaches the wire, and every request checked against the contract.
 */
import type { LoggedRequest } from '../../../simulator';
import { callLoadOptions, runNode, type HarnessCredentials } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let orgCount = 0;

/** A fresh organization (teams Main and Sales) with an API client of the given role. */
function newOrganization(role: 'owner' | 'admin' = 'owner') {
	orgCount += 1;
	const ownerEmail = `owner${orgCount}@member.example`;
	const { org, team: main } = suite.sim.state.createOrganization(
		`Org ${orgCount}`,
		{ name: 'Olivia Owner', email: ownerEmail },
		'Main',
	);
	const sales = suite.sim.state.createTeam(org.id, 'Sales');
	const credentials: HarnessCredentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, role, main.id),
	};
	return { org, main, sales, ownerEmail, credentials };
}

function teamRef(id: string) {
	return { __rl: true, mode: 'id', value: id };
}

function writes(): LoggedRequest[] {
	return suite.sim.requestLog.filter((entry) => entry.method !== 'GET');
}

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
				email: 'nina@member.example',
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
		expect(writes().map((entry) => (entry.body as { email: string }).email)).toEqual([
			'nina@member.example',
			'erin@member.example',
		]);
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
			'the owner role',
			{ role: 'owner' },
			'"Role" must be one of admin, editor, viewer (owner can never be assigned)',
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
			/^Item 1: "Role" \(row 1\) must be one of admin, editor, viewer/,
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
		expect(options.map((option) => option.name).sort()).toEqual(['Main', 'Sales']);
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
			'"Role" (row 1) must be one of admin, editor, viewer (owner can never be assigned)',
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
					? [{ teamId: main.id, role: '={{ "owner" }}' }]
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

describe('Team Member: Pause and Activate', () => {
	it('pauses a member in one team and activates them again', async () => {
		const { main, sales, credentials } = newOrganization();
		const email = 'ada+qr@member.example';
		suite.sim.state.addMember(main.id, { name: 'Ada', email, role: 'editor' });
		suite.sim.state.addMember(sales.id, { name: 'Ada', email, role: 'editor' });

		const paused = await runNode({
			typeVersion: 1.1,
			nodeType: 'qrtrac',
			parameters: { resource: 'teamMember', operation: 'pause', teamId: teamRef(sales.id), email },
			credentials,
		});

		expect(paused.items[0].json).toEqual({
			email,
			teamId: sales.id,
			status: 'paused',
			result: 'paused',
		});
		expect(suite.sim.state.findMember(sales.id, email)?.state).toBe('paused');
		expect(suite.sim.state.findMember(main.id, email)?.state).toBe('active');
		expect(suite.sim.requestLog[0].rawPath).toBe(
			`/api/teams-api/${sales.id}/members/ada%2Bqr%40member.example/pause`,
		);

		const activated = await runNode({
			typeVersion: 1.1,
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'activate',
				teamId: teamRef(sales.id),
				email,
			},
			credentials,
		});

		expect(activated.items[0].json).toEqual({
			email,
			teamId: sales.id,
			status: 'active',
			result: 'activated',
		});
		expect(suite.sim.state.findMember(sales.id, email)?.state).toBe('active');
		suite.expectRequestsFollowContract();
	});

	it("surfaces the service's refusal to leave a member without an active team; Continue On Fail keeps the others", async () => {
		const { main, sales, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Only Main',
			email: 'only@member.example',
			role: 'viewer',
		});
		suite.sim.state.addMember(main.id, {
			name: 'Two Teams',
			email: 'two@member.example',
			role: 'viewer',
		});
		suite.sim.state.addMember(sales.id, {
			name: 'Two Teams',
			email: 'two@member.example',
			role: 'viewer',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'pause',
				teamId: teamRef(main.id),
				email: '={{ $json.email }}',
			},
			items: [{ email: 'only@member.example' }, { email: 'two@member.example' }],
			continueOnFail: true,
			credentials,
		});

		expect(result.items).toHaveLength(2);
		expect(result.items[0].json).toMatchObject({
			error:
				'only@member.example would be left with no active team; a member needs at least one active team',
			httpCode: '400',
		});
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[1].json).toMatchObject({ email: 'two@member.example', result: 'paused' });
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(suite.sim.state.findMember(main.id, 'only@member.example')?.state).toBe('active');
		expect(suite.sim.state.findMember(main.id, 'two@member.example')?.state).toBe('paused');
		suite.expectRequestsFollowContract();
	});

	it('refuses a path-like e-mail before sending anything', async () => {
		const { main, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'activate',
				teamId: teamRef(main.id),
				email: '../../teams-api',
			},
			credentials,
		});

		expect(result.error?.message).toBe(
			'Item 0: "Email" must be an e-mail address such as ada@example.com',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});

describe('Team Member: Change Role', () => {
	it("changes the member's role", async () => {
		const { main, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Erin',
			email: 'erin@member.example',
			role: 'viewer',
		});

		const result = await runNode({
			typeVersion: 1.1,
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'changeRole',
				teamId: teamRef(main.id),
				email: 'erin@member.example',
				role: 'admin',
			},
			credentials,
		});

		expect(result.items[0].json).toEqual({
			email: 'erin@member.example',
			teamId: main.id,
			role: 'admin',
			result: 'roleChanged',
		});
		expect(suite.sim.state.findMember(main.id, 'erin@member.example')?.role).toBe('admin');
		expect(suite.sim.requestLog[0].body).toEqual({ role: 'admin' });
		suite.expectRequestsFollowContract();
	});

	it("surfaces the service's owner rule (400)", async () => {
		const { main, ownerEmail, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'changeRole',
				teamId: teamRef(main.id),
				email: ownerEmail,
				role: 'viewer',
			},
			credentials,
		});

		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toBe('The organization owner cannot be given another role');
		expect(suite.sim.state.findMember(main.id, ownerEmail)?.role).toBe('owner');
	});

	it('refuses the owner role before sending anything', async () => {
		const { main, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'changeRole',
				teamId: teamRef(main.id),
				email: 'erin@member.example',
				role: '={{ "owner" }}',
			},
			credentials,
		});

		expect(result.error?.message).toBe(
			'Item 0: "Role" must be one of admin, editor, viewer (owner can never be assigned)',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});

describe('Team Member: Remove from Team', () => {
	it('removes the member from one team only', async () => {
		const { main, sales, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Rita',
			email: 'rita@member.example',
			role: 'viewer',
		});
		suite.sim.state.addMember(sales.id, {
			name: 'Rita',
			email: 'rita@member.example',
			role: 'viewer',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'remove',
				teamId: teamRef(sales.id),
				email: 'rita@member.example',
			},
			credentials,
		});

		expect(result.items[0].json).toEqual({
			email: 'rita@member.example',
			teamId: sales.id,
			result: 'removed',
		});
		expect(suite.sim.state.findMember(sales.id, 'rita@member.example')).toBeUndefined();
		expect(suite.sim.state.findMember(main.id, 'rita@member.example')).toBeDefined();
		suite.expectRequestsFollowContract();
	});

	it("surfaces the service's rules (400) for the last team and for the owner", async () => {
		const { main, ownerEmail, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Lone',
			email: 'lone@member.example',
			role: 'viewer',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'remove',
				teamId: teamRef(main.id),
				email: '={{ $json.email }}',
			},
			items: [{ email: 'lone@member.example' }, { email: ownerEmail }],
			continueOnFail: true,
			credentials,
		});

		expect(result.items.map((item) => [item.json.error, item.json.httpCode])).toEqual([
			[
				'lone@member.example cannot be removed from their last team; delete the member instead',
				'400',
			],
			['The organization owner cannot be removed from a team', '400'],
		]);
		expect(suite.sim.state.findMember(main.id, 'lone@member.example')).toBeDefined();
		expect(suite.sim.state.findMember(main.id, ownerEmail)?.role).toBe('owner');
	});
});

describe('Team Member: Delete Completely', () => {
	it('removes the person from every team of the organization (owner client)', async () => {
		const { org, main, sales, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Gone',
			email: 'gone@member.example',
			role: 'viewer',
		});
		suite.sim.state.addMember(sales.id, {
			name: 'Gone',
			email: 'gone@member.example',
			role: 'editor',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'delete',
				teamId: teamRef(main.id),
				email: 'gone@member.example',
			},
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			deleted: true,
			id: 'gone@member.example',
			email: 'gone@member.example',
			teamId: main.id,
		});
		expect(suite.sim.state.findUser('gone@member.example', org.id)).toBeUndefined();
		expect(suite.sim.state.findMember(sales.id, 'gone@member.example')).toBeUndefined();
		suite.expectRequestsFollowContract();
	});

	it('surfaces 403 for an admin client and leaves the person in place', async () => {
		const { org, main, credentials } = newOrganization('admin');
		suite.sim.state.addMember(main.id, {
			name: 'Kept',
			email: 'kept@member.example',
			role: 'viewer',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'delete',
				teamId: teamRef(main.id),
				email: 'kept@member.example',
			},
			credentials,
		});

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toMatch(/Your role \(admin\) is not allowed/);
		expect(result.error?.description).toMatch(/Owner/);
		expect(suite.sim.state.findUser('kept@member.example', org.id)).toBeDefined();
		suite.expectRequestsFollowContract();
	});

	it("surfaces the service's refusal to delete the owner (400)", async () => {
		const { main, ownerEmail, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'delete',
				teamId: teamRef(main.id),
				email: ownerEmail,
			},
			credentials,
		});

		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toBe('The organization owner cannot be deleted');
	});
});

describe('Team Member: Resend Invite', () => {
	it('re-sends the invitation of a pending person, up to the service limit', async () => {
		const { org, main, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Penny',
			email: 'penny@member.example',
			role: 'viewer',
		});
		const user = suite.sim.state.findUser('penny@member.example', org.id)!;
		user.resendCount = 2;

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'resendInvite',
				email: '={{ $json.email }}',
			},
			items: [{ email: 'penny@member.example' }, { email: 'penny@member.example' }],
			continueOnFail: true,
			credentials,
		});

		expect(result.items.map((item) => item.json.result ?? item.json.httpCode)).toEqual(
			expect.arrayContaining(['inviteResent', '400']),
		);
		const refused = result.items.find((item) => item.json.error);
		expect(refused?.json.error).toBe(
			'Invitation resend limit reached for penny@member.example (3 resends)',
		);
		expect(suite.sim.state.resendCount('penny@member.example')).toBe(3);
		expect(suite.sim.requestLog.map((entry) => entry.path)).toEqual([
			'/api/teams-api/resend/invite/penny@member.example',
			'/api/teams-api/resend/invite/penny@member.example',
		]);
		suite.expectRequestsFollowContract();
	});

	it('refuses an encoded slash in the e-mail before sending anything', async () => {
		const { credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'resendInvite',
				email: 'x%2F..%2F@member.example',
			},
			credentials,
		});

		expect(result.error?.message).toBe(
			'Item 0: "Email" must be an e-mail address such as ada@example.com',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});
