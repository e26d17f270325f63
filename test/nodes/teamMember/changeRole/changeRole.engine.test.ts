/**
 * Team Member > Change Role through n8n's engine against the simulator: output and the member state afterwards, the service's owner and
 * role rules, and every request checked against the contract.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'member.example').withTwoTeams;

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
				role: '={{ "OWNER" }}',
			},
			credentials,
		});

		expect(result.error?.message).toBe(
			'Item 0: "Role" must be one of "admin", "editor", "viewer" (owner can never be assigned), not "OWNER"',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});
