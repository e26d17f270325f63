/**
 * Team Member > Resend Invite through n8n's engine against the simulator: output and the member state afterwards, the service's owner and
 * role rules, and every request checked against the contract.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'member.example').withTwoTeams;

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
