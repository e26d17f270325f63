/**
 * Team Member > Delete Completely through n8n's engine against the simulator: output and the member state afterwards, the service's owner and
 * role rules, and every request checked against the contract.
 */
import type { INode } from 'n8n-workflow';

import { executeWorkflow } from '../../../support/harness/executeWorkflow';
import { runNode, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../../support/organizations';
import { deleteMemberCompletely } from '../../../../simulator/domain/members';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'member.example').withTwoTeams;

/** Delete Completely of one person, through the team `teamId`. */
async function deleteThrough(teamId: string, email: string, credentials: HarnessCredentials) {
	return await runNode({
		nodeType: 'qrtrac',
		parameters: { resource: 'teamMember', operation: 'delete', teamId: teamRef(teamId), email },
		credentials,
	});
}

describe('Team Member: Delete Completely', () => {
	afterEach(() => suite.sim.setAnswerModes({}));

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

		const result = await deleteThrough(main.id, 'gone@member.example', credentials);

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

	it('never deletes, through a team, a person that team does not list; one listed nowhere is unchanged', async () => {
		const { org, main, sales, credentials } = newOrganization();
		suite.sim.state.addMember(sales.id, {
			name: 'Other Team',
			email: 'other@member.example',
			role: 'editor',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'delete',
				teamId: teamRef(main.id),
				email: '={{ $json.email }}',
			},
			items: [{ email: 'other@member.example' }, { email: 'nobody@member.example' }],
			continueOnFail: true,
			credentials,
		});

		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(result.items[0].json.error).toBe(
			`Item 0: other@member.example is not a member of team ${main.id}; Delete Completely was not sent`,
		);
		expect(result.items[1].json).toMatchObject({
			email: 'nobody@member.example',
			result: 'unchanged',
		});
		expect(suite.sim.state.findUser('other@member.example', org.id)).toBeDefined();
		expect(suite.sim.state.findMember(sales.id, 'other@member.example')).toBeDefined();
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'DELETE')).toHaveLength(0);
		suite.expectRequestsFollowContract();
	});

	it.each([
		['400', undefined],
		['404 (answer mode notFoundStatus)', 404 as const],
	])(
		'a person another writer deletes after the roster read is unchanged, refused with %s',
		async (_status, notFoundStatus) => {
			suite.sim.setAnswerModes({ notFoundStatus });
			const { org, main, credentials } = newOrganization();
			suite.sim.state.addMember(main.id, {
				name: 'Raced',
				email: 'raced@member.example',
				role: 'editor',
			});
			// The DELETE is held 300 ms; once it has arrived another writer deletes the person, so it is refused "not a member".
			suite.sim.faults.add({ kind: 'stall', method: 'DELETE', delayMs: 300, count: 1 });
			const other = (async () => {
				for (
					let wait = 0;
					wait < 6_000 && !suite.sim.requestLog.some((entry) => entry.method === 'DELETE');
					wait++
				)
					await new Promise((resolve) => setTimeout(resolve, 5));
				deleteMemberCompletely(suite.sim.state, org.id, 'raced@member.example');
			})();

			const result = await deleteThrough(main.id, 'raced@member.example', credentials);
			await other;

			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({
				email: 'raced@member.example',
				result: 'unchanged',
			});
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'DELETE')).toHaveLength(1);
			expect(suite.sim.requestLog.find((entry) => entry.method === 'DELETE')?.status).toBe(
				notFoundStatus ?? 400,
			);
		},
	);

	it('a failed read of the team says Delete Completely was not sent', async () => {
		const { org, main, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Kept',
			email: 'kept@member.example',
			role: 'viewer',
		});
		suite.sim.faults.add({
			kind: 'status',
			status: 403,
			method: 'GET',
			pathPattern: main.id,
			count: 1,
		});

		const result = await deleteThrough(main.id, 'kept@member.example', credentials);

		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.description).toMatch(
			new RegExp(
				`^Delete Completely was not sent: reading team ${main.id}, to check that it lists the person, failed\\.`,
			),
		);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'DELETE')).toHaveLength(0);
		expect(suite.sim.state.findUser('kept@member.example', org.id)).toBeDefined();
	});

	it('sends the delete, as 1.1 did, through a team whose answer lists no members (teamsWithoutMembers)', async () => {
		const { org, main, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Gone',
			email: 'gone@member.example',
			role: 'viewer',
		});
		suite.sim.setAnswerModes({ teamsWithoutMembers: true });

		const result = await deleteThrough(main.id, 'gone@member.example', credentials);

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ email: 'gone@member.example', result: 'deleted' });
		expect(suite.sim.state.findUser('gone@member.example', org.id)).toBeUndefined();
	});

	it('surfaces 403 for an admin client and leaves the person in place', async () => {
		const { org, main, credentials } = newOrganization('admin');
		suite.sim.state.addMember(main.id, {
			name: 'Kept',
			email: 'kept@member.example',
			role: 'viewer',
		});

		const result = await deleteThrough(main.id, 'kept@member.example', credentials);

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

	it('a later Add of the same execution adds the deleted person again, not "unchanged" from the roster it held', async () => {
		const { main, credentials } = newOrganization();
		const email = 'back@member.example';
		const node = (name: string, operation: string, x: number): INode => ({
			id: name,
			name,
			type: 'qrtrac',
			typeVersion: 1.2,
			position: [x, 0],
			parameters: {
				resource: 'teamMember',
				operation,
				teamId: teamRef(main.id),
				email,
				...(operation === 'add' ? { name: 'Back', role: 'viewer' } : {}),
			},
		});
		const next = (name: string) => ({ main: [[{ node: name, type: 'main' as const, index: 0 }]] });

		const { run } = await executeWorkflow(
			{
				nodes: [
					node('Add', 'add', 0),
					node('Delete', 'delete', 200),
					node('Add Again', 'add', 400),
				],
				connections: { Add: next('Delete'), Delete: next('Add Again') },
			},
			{ credentials },
			{ node: 'Add', items: [{ json: {} }] },
		);

		const output = (name: string) =>
			run.data.resultData.runData[name]?.[0]?.data?.main?.[0]?.[0]?.json;
		expect(run.data.resultData.error).toBeUndefined();
		expect([output('Add')?.result, output('Delete')?.result, output('Add Again')?.result]).toEqual([
			'added',
			'deleted',
			'added',
		]);
		expect(suite.sim.state.findMember(main.id, email)?.role).toBe('viewer');
	});
});
