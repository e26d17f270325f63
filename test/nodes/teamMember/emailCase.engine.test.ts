/**
 * Member e-mails keep their case (finding C2). The contract says only `format: email`; a service may hold
 * `Ada@Example.com` as written and compare e-mails exactly (simulator option `exactEmails`). The node compares
 * e-mails without case on its side, but sends the team's own spelling of a listed person, else the e-mail as
 * typed (trimmed). Through n8n's engine against the simulator.
 */
import { runNode } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../support/organizations';

const suite = useSimulator({ seed: false, exactEmails: true });

const newOrganization = organizations(suite, 'case.example').withTwoTeams;

const HELD = 'Ada@Example.com';

function adaInBothTeams() {
	const org = newOrganization();
	suite.sim.state.addMember(org.main.id, { name: 'Ada', email: HELD, role: 'editor' });
	suite.sim.state.addMember(org.sales.id, { name: 'Ada', email: HELD, role: 'editor' });
	return org;
}

const pathsOf = (method: string) =>
	suite.sim.requestLog.filter((entry) => entry.method === method).map((entry) => entry.rawPath);

describe('member e-mails keep their case', () => {
	it.each([
		['lower-cased input, the roster spelling sent', 'ada@example.com'],
		['the spelling QRTRAC holds, sent as typed', `  ${HELD} `],
	])('pauses a mixed-case member (%s)', async (_case, typed) => {
		const { sales, credentials } = adaInBothTeams();

		const paused = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'pause',
				teamId: teamRef(sales.id),
				email: typed,
			},
			credentials,
		});

		expect(paused.items[0].json).toMatchObject({ email: HELD, result: 'paused' });
		expect(suite.sim.state.findMember(sales.id, HELD)?.state).toBe('paused');
		expect(pathsOf('PUT')).toEqual([`/api/teams-api/${sales.id}/members/Ada%40Example.com/pause`]);
		suite.expectRequestsFollowContract();
	});

	it('version 1.1 (no roster read) sends the e-mail as typed, not lower-cased', async () => {
		const { sales, credentials } = adaInBothTeams();

		await runNode({
			typeVersion: 1.1,
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'pause',
				teamId: teamRef(sales.id),
				email: HELD,
			},
			credentials,
		});

		expect(pathsOf('PUT')).toEqual([`/api/teams-api/${sales.id}/members/Ada%40Example.com/pause`]);
		expect(suite.sim.state.findMember(sales.id, HELD)?.state).toBe('paused');
	});

	it('changes the role of a listed member under the roster spelling', async () => {
		const { sales, credentials } = adaInBothTeams();

		const changed = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'changeRole',
				teamId: teamRef(sales.id),
				email: 'ADA@example.COM',
				role: 'viewer',
			},
			credentials,
		});

		expect(changed.items[0].json).toMatchObject({ email: HELD, result: 'roleChanged' });
		expect(suite.sim.state.findMember(sales.id, HELD)?.role).toBe('viewer');
	});

	it('adds a new person with the e-mail as typed, and treats rows in another case as the same person', async () => {
		const { main, credentials } = newOrganization();
		const typed = 'Grace.Hopper@Example.com';

		const added = await runNode({
			nodeType: 'qrtrac',
			items: [{ email: typed }, { email: typed.toLowerCase() }],
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: teamRef(main.id),
				name: 'Grace',
				email: '={{ $json.email }}',
				role: 'viewer',
			},
			credentials,
		});

		expect(added.items.map((item) => item.json.result)).toEqual(['added', 'unchanged']);
		expect(suite.sim.state.findMember(main.id, typed)?.email).toBe(typed);
		expect(
			suite.sim.requestLog.filter((entry) => entry.method === 'PUT').map((entry) => entry.body),
		).toEqual([{ name: 'Grace', email: typed, role: 'viewer' }]);
	});
	it.each([
		['Add', { operation: 'add', teamId: teamRef('={{ $json.team }}'), role: 'viewer' }],
		[
			'Add to Teams',
			{
				operation: 'addToTeams',
				teamsSource: 'json',
				teamsJson: '={{ [{ teamId: $json.team, role: "viewer" }] }}',
			},
		],
	])(
		'%s: a new person in two teams, typed in two cases, is one account, invited once',
		async (_name, fields) => {
			const { org, main, sales, credentials } = newOrganization();
			const typed = 'Grace.Hopper@Example.com';

			const result = await runNode({
				nodeType: 'qrtrac',
				items: [
					{ team: main.id, email: typed },
					{ team: sales.id, email: typed.toLowerCase() },
				],
				parameters: {
					resource: 'teamMember',
					name: 'Grace',
					email: '={{ $json.email }}',
					...fields,
				},
				credentials,
			});

			expect(result.error).toBeUndefined();
			// QRTRAC compares exactly: the second row's spelling would be another account, invited again
			expect(suite.sim.state.findMember(sales.id, typed)?.email).toBe(typed);
			expect(suite.sim.state.findUser(typed.toLowerCase(), org.id)).toBeUndefined();
			expect(suite.sim.state.findUser(typed, org.id)?.invitationsSent).toBe(1);
			expect(result.items.map((item) => item.json.email)).toEqual([typed, typed]);
		},
	);

	it.each([
		['Add', { operation: 'add', teamId: teamRef('={{ $json.team }}'), role: 'viewer' }],
		[
			'Add to Teams',
			{
				operation: 'addToTeams',
				teamsSource: 'json',
				teamsJson: '={{ [{ teamId: $json.team, role: "viewer" }] }}',
			},
		],
	])(
		'%s: a person whose earlier rows left two spellings gets the typed one in a new team, or fails when neither is typed',
		async (_name, fields) => {
			const { org, main, sales, credentials } = newOrganization();
			const third = suite.sim.state.createTeam(org.id, 'Third');
			const fourth = suite.sim.state.createTeam(org.id, 'Fourth');
			// QRTRAC compares exactly: two accounts, one in each team
			suite.sim.state.addMember(main.id, {
				name: 'G',
				email: 'grace@case.example',
				role: 'viewer',
			});
			suite.sim.state.addMember(sales.id, {
				name: 'G',
				email: 'Grace@case.example',
				role: 'viewer',
			});

			const result = await runNode({
				nodeType: 'qrtrac',
				items: [
					{ team: main.id, email: 'grace@case.example' },
					{ team: sales.id, email: 'grace@case.example' },
					{ team: third.id, email: 'grace@case.example' },
					{ team: fourth.id, email: 'GRACE@case.example' },
				],
				parameters: {
					resource: 'teamMember',
					name: 'Grace',
					email: '={{ $json.email }}',
					...fields,
				},
				continueOnFail: true,
				credentials,
			});

			// before: Third was sent Grace@ (the spelling the last team held), Fourth too
			expect(suite.sim.state.findMember(third.id, 'grace@case.example')?.email).toBe(
				'grace@case.example',
			);
			expect(suite.sim.state.findUser('GRACE@case.example', org.id)).toBeUndefined();
			expect(suite.sim.state.findMember(fourth.id, 'grace@case.example')).toBeUndefined();
			expect(suite.sim.state.findMember(fourth.id, 'Grace@case.example')).toBeUndefined();
			expect(result.items[3].json.error).toBe(
				`Item 3: The person's teams hold them as grace@case.example (teams Main (${main.id}) and Third (${third.id})) and Grace@case.example (team Sales (${sales.id})), e-mails that differ only in case; nothing was sent`,
			);
			expect(result.items[3].json.description).toMatch(/cannot tell which one this row means/);
		},
	);

	it.each([
		['pause', { email: 'ada@example.com' }],
		['changeRole', { email: 'ada@example.com', role: 'admin' }],
		['remove', { email: HELD }],
		['add', { email: 'ADA@example.com', name: 'Ada', role: 'viewer' }],
		['delete', { email: 'ada@example.com' }],
	])(
		'%s: a team listing two accounts whose e-mails differ only in case acts on neither, nothing sent',
		async (operation, fields) => {
			const { main, sales, credentials } = adaInBothTeams();
			// QRTRAC compares exactly, so ada@example.com is another account than Ada@Example.com
			suite.sim.state.addMember(main.id, {
				name: 'Other Ada',
				email: 'ada@example.com',
				role: 'viewer',
			});
			suite.sim.state.addMember(sales.id, {
				name: 'Other Ada',
				email: 'ada@example.com',
				role: 'viewer',
			});
			const before = JSON.stringify(suite.sim.state.team(main.id)?.members);

			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: { resource: 'teamMember', operation, teamId: teamRef(main.id), ...fields },
				continueOnFail: true,
				credentials,
			});

			// before: the roster kept the last one listed, so Pause of ada@ paused Ada@ (a re-run: `unchanged`)
			expect(result.items[0].json.error).toBe(
				`Item 0: Team Main (${main.id}) lists Ada@Example.com and ada@example.com, e-mails that differ only in case; nothing was sent`,
			);
			expect(result.items[0].json.description).toMatch(/cannot tell which one this row means/);
			expect(suite.sim.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
			expect(JSON.stringify(suite.sim.state.team(main.id)?.members)).toBe(before);
		},
	);
});
