/**
 * The team's members held from an earlier QRTRAC node of the same execution (rosters.ts, up to two minutes): a
 * person added meanwhile from elsewhere is not refused as "not a member", and a team whose answer lists no members
 * is read once, not by every node. Workflows run through n8n's engine against the simulator.
 */
import type { IExecuteFunctions, INode, INodeType } from 'n8n-workflow';

import { executeWorkflow } from '../../support/harness/executeWorkflow';
import { useSimulator } from '../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'held.example').withTwoTeams;

afterEach(() => suite.sim.setAnswerModes({}));

const node = (
	name: string,
	x: number,
	type: string,
	parameters: Record<string, unknown>,
): INode => ({
	id: name,
	name,
	type,
	typeVersion: type === 'qrtrac' ? 1.2 : 1,
	position: [x, 0],
	parameters: parameters as INode['parameters'],
});

const next = (name: string) => ({ main: [[{ node: name, type: 'main' as const, index: 0 }]] });

/** A node standing for another workflow (or a person in QRTRAC's app) that adds someone to the team. */
function addedElsewhere(teamId: string, email: string): INodeType {
	return {
		description: {
			displayName: 'Elsewhere',
			name: 'elsewhere',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Elsewhere' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			suite.sim.state.addMember(teamId, { name: 'Nia New', email, role: 'viewer' });
			return [this.getInputData()];
		},
	} as unknown as INodeType;
}

const teamReads = (teamId: string) =>
	suite.sim.requestLog.filter(
		(entry) => entry.method === 'GET' && entry.path.endsWith(`/teams-api/${teamId}`),
	).length;

it.each([
	['pause', 'paused'],
	['changeRole', 'roleChanged'],
	['remove', 'removed'],
])(
	'%s of a person added elsewhere after an earlier node read the team: the team is read again, the change sent',
	async (operation, result) => {
		const { main, sales, credentials } = newOrganization();
		const email = 'nia@held.example';
		// a member of Sales already, so that Main is not her last (active) team
		suite.sim.state.addMember(sales.id, { name: 'Nia New', email, role: 'viewer' });
		suite.sim.state.acceptInvite(email);
		const { run } = await executeWorkflow(
			{
				nodes: [
					// reads Main's members (Nia not among them) and holds them for the execution
					node('Check', 0, 'qrtrac', {
						resource: 'teamMember',
						operation: 'remove',
						teamId: teamRef(main.id),
						email: 'nobody@held.example',
					}),
					node('Elsewhere', 200, 'elsewhere', {}),
					node('Change', 400, 'qrtrac', {
						resource: 'teamMember',
						operation,
						teamId: teamRef(main.id),
						email,
						role: 'editor',
					}),
				],
				connections: { Check: next('Elsewhere'), Elsewhere: next('Change') },
			},
			{ credentials, standIns: { elsewhere: addedElsewhere(main.id, email) } },
			{ node: 'Check', items: [{ json: {} }] },
		);

		const change = run.data.resultData.runData.Change?.[0];
		expect(change?.error).toBeUndefined();
		expect(change?.data?.main?.[0]?.[0]?.json).toMatchObject({ result });
		expect(teamReads(main.id)).toBe(2);
		const member = suite.sim.state.findMember(main.id, email);
		if (operation === 'remove') expect(member).toBeUndefined();
		else expect(member).toBeDefined();
		if (operation === 'changeRole') expect(member?.role).toBe('editor');
	},
);

it('a person not listed by a team read in this very run is refused without a second read', async () => {
	const { main, credentials } = newOrganization();
	const { run } = await executeWorkflow(
		{
			nodes: [
				node('Pause', 0, 'qrtrac', {
					resource: 'teamMember',
					operation: 'pause',
					teamId: teamRef(main.id),
					email: 'ghost@held.example',
				}),
			],
			connections: {},
		},
		{ credentials },
		{ node: 'Pause', items: [{ json: {} }] },
	);

	expect(run.data.resultData.runData.Pause?.[0]?.error?.message).toMatch(
		/ghost@held\.example is not a member of team/,
	);
	expect(teamReads(main.id)).toBe(1);
});

it('three Add nodes on a team whose answer lists no members read it once', async () => {
	const { main, credentials } = newOrganization();
	suite.sim.setAnswerModes({ teamsWithoutMembers: true });
	const add = (name: string, x: number, email: string) =>
		node(name, x, 'qrtrac', {
			resource: 'teamMember',
			operation: 'add',
			teamId: teamRef(main.id),
			name: 'P',
			email,
			role: 'viewer',
		});

	const { run } = await executeWorkflow(
		{
			nodes: [
				add('A', 0, 'a@held.example'),
				add('B', 200, 'b@held.example'),
				add('C', 400, 'c@held.example'),
			],
			connections: { A: next('B'), B: next('C') },
		},
		{ credentials },
		{ node: 'A', items: [{ json: {} }] },
	);

	for (const name of ['A', 'B', 'C'])
		expect(run.data.resultData.runData[name]?.[0]?.error).toBeUndefined();
	expect(teamReads(main.id)).toBe(1);
});

it('a member removed by a node saved with version 1.1 is added again by a later Add, not reported unchanged', async () => {
	const { main, sales, credentials } = newOrganization();
	const email = 'ora@held.example';
	// in Sales too, so that Main is not her last team and the removal goes through
	suite.sim.state.addMember(main.id, { name: 'Ora Old', email, role: 'editor' });
	suite.sim.state.addMember(sales.id, { name: 'Ora Old', email, role: 'viewer' });
	suite.sim.state.acceptInvite(email);
	const add = (name: string, x: number) =>
		node(name, x, 'qrtrac', {
			resource: 'teamMember',
			operation: 'add',
			teamId: teamRef(main.id),
			name: 'Ora Old',
			email,
			role: 'editor',
		});
	const { run } = await executeWorkflow(
		{
			nodes: [
				// reads Main's members (Ora an editor) and holds them for the execution
				add('Check', 0),
				{
					...node('Remove', 200, 'qrtrac', {
						resource: 'teamMember',
						operation: 'remove',
						teamId: teamRef(main.id),
						email,
					}),
					typeVersion: 1.1,
				},
				add('Add', 400),
			],
			connections: { Check: next('Remove'), Remove: next('Add') },
		},
		{ credentials },
		{ node: 'Check', items: [{ json: {} }] },
	);

	const output = (name: string) =>
		run.data.resultData.runData[name]?.[0]?.data?.main?.[0]?.[0]?.json;
	expect(output('Check')).toMatchObject({ result: 'unchanged' });
	expect(run.data.resultData.runData.Remove?.[0]?.error).toBeUndefined();
	expect(output('Add')).toMatchObject({ result: 'added' });
	expect(suite.sim.state.findMember(main.id, email)).toMatchObject({ role: 'editor' });
});
