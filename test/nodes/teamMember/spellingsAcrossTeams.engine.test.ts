/**
 * A person listed in two spellings across the teams a row puts them into (two accounts on a service comparing
 * e-mails exactly; simulator option `exactEmails`): Add and Add to Teams send a team that does not list them the
 * typed spelling among those held, else fail unsent; a bulk add never carries a spelling other than the one a team
 * of it lists; and a row leaves each team under its own spelling for the person's next row. Through n8n's engine.
 */
import { memberRuns } from '../../support/memberRuns';
import { runNode } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../support/organizations';

const suite = useSimulator({ seed: false, exactEmails: true });
const newOrganization = organizations(suite, 'case.example').withTwoTeams;

function twoAccounts() {
	const { org, main, sales, credentials } = newOrganization();
	const third = suite.sim.state.createTeam(org.id, 'Third');
	suite.sim.state.addMember(main.id, { name: 'G', email: 'grace@case.example', role: 'viewer' });
	suite.sim.state.addMember(sales.id, { name: 'G', email: 'Grace@case.example', role: 'viewer' });
	return { org, main, sales, third, credentials };
}

const members = memberRuns(suite);
const writes = members.writes;

const addToTeams = (
	email: string,
	items: Array<{ teams: Array<{ teamId: string; role: string }> }>,
	credentials: ReturnType<typeof twoAccounts>['credentials'],
) => members.addToTeamsRows(credentials, email, items);

const viewerIn = (...teamIds: string[]) => teamIds.map((teamId) => ({ teamId, role: 'viewer' }));

describe('two spellings listed in the teams a person is put into', () => {
	it('Add (three rows, typed Grace@): Third gets the typed Grace@', async () => {
		const { main, sales, third, credentials } = twoAccounts();
		const result = await runNode({
			nodeType: 'qrtrac',
			items: [main.id, sales.id, third.id].map((team) => ({ team })),
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: teamRef('={{ $json.team }}'),
				email: 'Grace@case.example',
				name: 'Grace',
				role: 'viewer',
			},
			continueOnFail: true,
			credentials,
		});
		expect(result.items.map((item) => item.json.error)).toEqual([undefined, undefined, undefined]);
		expect(suite.sim.state.findMember(third.id, 'Grace@case.example')?.email).toBe(
			'Grace@case.example',
		);
	});

	it('Add to Teams (one row [Main, Sales, Third], typed Grace@): Third gets the typed Grace@, as in Add', async () => {
		const { main, sales, third, credentials } = twoAccounts();
		const result = await addToTeams(
			'Grace@case.example',
			[{ teams: viewerIn(main.id, sales.id, third.id) }],
			credentials,
		);
		expect(result.items[0].json.error).toBeUndefined();
		// before: the first team's grace@ was sent, a spelling Third's account is not the typed one
		expect(suite.sim.state.findMember(third.id, 'Grace@case.example')?.email).toBe(
			'Grace@case.example',
		);
		expect(writes().map((entry) => entry.body)).toEqual([
			{ email: 'Grace@case.example', name: 'Grace', teams: viewerIn(third.id) },
		]);
	});

	it('Add to Teams (one row, typed GRACE@, neither spelling): fails with nothing sent, as Add', async () => {
		const { main, sales, third, credentials } = twoAccounts();
		const result = await addToTeams(
			'GRACE@case.example',
			[{ teams: viewerIn(main.id, sales.id, third.id) }],
			credentials,
		);
		// before: grace@ was sent to Third
		expect(writes()).toEqual([]);
		expect(result.items[0].json.error).toBe(
			`Item 0: The person's teams hold them as grace@case.example (team Main (${main.id})) and Grace@case.example (team Sales (${sales.id})), e-mails that differ only in case; nothing was sent`,
		);
	});

	it('Add to Teams: a row changing the role in teams listing two spellings fails unsent, naming both', async () => {
		const { main, sales, credentials } = twoAccounts();
		const result = await addToTeams(
			'Grace@case.example',
			[{ teams: viewerIn(main.id, sales.id).map((team) => ({ ...team, role: 'editor' })) }],
			credentials,
		);
		// before: grace@ went to both, and Sales got a second account
		expect(writes()).toEqual([]);
		expect(suite.sim.state.findMember(sales.id, 'grace@case.example')).toBeUndefined();
		expect(result.items[0].json.error).toBe(
			`Item 0: The row's teams need the person as grace@case.example (team Main (${main.id})) and Grace@case.example (team Sales (${sales.id})), e-mails that differ only in case; one request carries one e-mail for all its teams, so nothing was sent`,
		);
		expect(result.items[0].json.description).toMatch(
			/Put the teams of each spelling in a row of their own/,
		);
	});

	it('Add to Teams, two rows: a row into [Main, Sales] leaves Sales as it lists her (Grace@), not the sent grace@', async () => {
		const { main, sales, credentials } = twoAccounts();
		const result = await addToTeams(
			'Grace@case.example',
			[{ teams: viewerIn(main.id, sales.id) }, { teams: [{ teamId: sales.id, role: 'editor' }] }],
			credentials,
		);
		expect(result.items.map((item) => item.json.result)).toEqual(['unchanged', 'updated']);
		// before: the second row sent grace@, and Sales got a second account
		expect(suite.sim.state.findMember(sales.id, 'Grace@case.example')?.role).toBe('editor');
		expect(suite.sim.state.findMember(sales.id, 'grace@case.example')).toBeUndefined();
	});
});

describe('a team listing the person with spaces around the e-mail', () => {
	it('Add and Add to Teams send the same spelling for one listed " grace@ "', async () => {
		const { main, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'G',
			email: ' grace@case.example ',
			role: 'viewer',
		});
		const sentEmails = () => writes().map((entry) => (entry.body as { email: string }).email);
		const common = { email: 'GRACE@case.example', name: 'Grace', resource: 'teamMember' };
		await runNode({
			nodeType: 'qrtrac',
			items: [{}],
			parameters: { ...common, operation: 'add', teamId: teamRef(main.id), role: 'editor' },
			continueOnFail: true,
			credentials,
		});
		const add = sentEmails();
		suite.sim.clearRequestLog();
		await addToTeams(
			'GRACE@case.example',
			[{ teams: [{ teamId: main.id, role: 'admin' }] }],
			credentials,
		);
		expect(add).toEqual([' grace@case.example ']);
		expect(sentEmails()).toEqual(add);
	});
});
