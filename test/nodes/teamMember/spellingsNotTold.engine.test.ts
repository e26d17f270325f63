/**
 * A spelling the node sent into a team that did not list the person (absent, or not known) is the node's own, not
 * one the service told: on a service comparing e-mails without case (the simulator's default, listing them
 * lower-case) it is no second account, so a later row of the person whose teams would otherwise need two spellings
 * reads that team again first. On an exact service (`setExactEmails(true)`) the read shows the second account and
 * the row still fails unsent. Through n8n's engine.
 */
import { memberRuns } from '../../support/memberRuns';
import { runNode } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../support/organizations';

const suite = useSimulator({ seed: false });
const newOrganization = organizations(suite, 'told.example').withTwoTeams;
const members = memberRuns(suite);
const writes = members.writes;
const inTeams = (role: string, ...teamIds: string[]) => teamIds.map((teamId) => ({ teamId, role }));

/** Sales lists the person as grace@; Main and Third do not list them. */
function graceInSales() {
	const { org, main, sales, credentials } = newOrganization();
	const third = suite.sim.state.createTeam(org.id, 'Third');
	suite.sim.state.addMember(sales.id, { name: 'G', email: 'grace@told.example', role: 'viewer' });
	return { main, sales, third, credentials };
}

const addToTeams = (
	email: string,
	items: Array<{ teams: Array<{ teamId: string; role: string }> }>,
	credentials: ReturnType<typeof newOrganization>['credentials'],
) => members.addToTeamsRows(credentials, email, items);

afterEach(() => suite.sim.setExactEmails(false));

describe('a spelling the node sent into a team not listing the person', () => {
	it('Add to Teams typed Grace@, [Main] then [Main, Sales]: Main read again lists grace@, both rows succeed', async () => {
		const { main, sales, credentials } = graceInSales();
		const result = await addToTeams(
			'Grace@told.example',
			[{ teams: inTeams('viewer', main.id) }, { teams: inTeams('editor', main.id, sales.id) }],
			credentials,
		);
		expect(result.items.map((item) => item.json.error)).toEqual([undefined, undefined]);
		expect(writes().map((entry) => (entry.body as { email: string }).email)).toEqual([
			'Grace@told.example',
			'grace@told.example',
		]);
		expect(suite.sim.state.findMember(main.id, 'grace@told.example')?.role).toBe('editor');
		expect(suite.sim.state.findMember(sales.id, 'grace@told.example')?.role).toBe('editor');
	});

	it('on an exact service the same rows: Main read again lists Grace@, row 2 fails unsent', async () => {
		suite.sim.setExactEmails(true);
		const { main, sales, credentials } = graceInSales();
		const result = await addToTeams(
			'Grace@told.example',
			[{ teams: inTeams('viewer', main.id) }, { teams: inTeams('editor', main.id, sales.id) }],
			credentials,
		);
		expect(result.items[0].json.error).toBeUndefined();
		expect(String(result.items[1].json.error)).toContain('nothing was sent');
		expect(writes()).toHaveLength(1);
	});

	it('exact service, [Main], [Main same role, Sales], then [Main admin]: Main keeps the one account, Grace@', async () => {
		suite.sim.setExactEmails(true);
		const { main, sales, credentials } = graceInSales();
		const result = await addToTeams(
			'Grace@told.example',
			[
				{ teams: inTeams('viewer', main.id) },
				{ teams: [...inTeams('viewer', main.id), ...inTeams('editor', sales.id)] },
				{ teams: inTeams('admin', main.id) },
			],
			credentials,
		);
		expect(result.items.map((item) => item.json.error)).toEqual([undefined, undefined, undefined]);
		// Row 2 sends only Sales (grace@); Main still holds the person as Grace@, which row 3 sends there.
		expect(writes().map((entry) => (entry.body as { email: string }).email)).toEqual([
			'Grace@told.example',
			'grace@told.example',
			'Grace@told.example',
		]);
		expect(suite.sim.state.findMember(main.id, 'grace@told.example')).toBeUndefined();
		expect(suite.sim.state.findMember(main.id, 'Grace@told.example')?.role).toBe('admin');
	});

	it('Add typed Grace@ into Main, then Sales, then Third typed GRACE@: Main read again, Third gets grace@', async () => {
		const { main, sales, third, credentials } = graceInSales();
		const result = await runNode({
			nodeType: 'qrtrac',
			items: [
				{ team: main.id, email: 'Grace@told.example' },
				{ team: sales.id, email: 'Grace@told.example' },
				{ team: third.id, email: 'GRACE@told.example' },
			],
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: teamRef('={{ $json.team }}'),
				email: '={{ $json.email }}',
				name: 'Grace',
				role: 'editor',
			},
			continueOnFail: true,
			credentials,
		});
		expect(result.items.map((item) => item.json.error)).toEqual([undefined, undefined, undefined]);
		expect(writes().map((entry) => (entry.body as { email: string }).email)).toEqual([
			'Grace@told.example',
			'grace@told.example',
			'grace@told.example',
		]);
	});
});
