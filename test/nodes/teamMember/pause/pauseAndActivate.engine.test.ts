/**
 * Team Member > Pause and Activate through n8n's engine against the simulator: output and the member state afterwards, the service's owner and
 * role rules, and every request checked against the contract.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'member.example').withTwoTeams;

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
		// The contract refuses Remove From Team for a member's last team, not for their last active one.
		expect(result.items[0].json.description).toContain(
			'activate them in another team (or add them to one) first and pause them here then',
		);
		expect(result.items[0].json.description).toContain(
			"Remove From Team is refused for a member's last team",
		);
		expect(result.items[0].json.description).not.toContain('refused for the same reason');
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[1].json).toMatchObject({ email: 'two@member.example', result: 'paused' });
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(suite.sim.state.findMember(main.id, 'only@member.example')?.state).toBe('active');
		expect(suite.sim.state.findMember(main.id, 'two@member.example')?.state).toBe('paused');
		suite.expectRequestsFollowContract();
	});

	it.each([
		['pause', 'Pause'],
		['activate', 'Activate'],
		['changeRole', 'Change Role'],
	])(
		'%s of a person the team does not list fails naming the team (its name as read, and id), nothing sent; the other rows go on',
		async (operation, label) => {
			const { main, sales, credentials } = newOrganization();
			for (const team of [main, sales])
				suite.sim.state.addMember(team.id, {
					name: 'Kai',
					email: 'kai@member.example',
					role: 'viewer',
				});
			if (operation === 'activate')
				suite.sim.state.setMemberState(main.id, 'kai@member.example', 'paused');

			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: {
					resource: 'teamMember',
					operation,
					teamId: teamRef(main.id),
					email: '={{ $json.email }}',
					role: 'editor',
				},
				items: [{ email: 'typo@member.example' }, { email: 'kai@member.example' }],
				continueOnFail: true,
				credentials,
			});

			// A service that answers a no-op with success would otherwise report a change no one got.
			expect(result.items[0].json.error).toBe(
				`Item 0: typo@member.example is not a member of team Main (${main.id}); ${label} was not sent`,
			);
			expect(result.items[0].pairedItem).toEqual({ item: 0 });
			expect(result.items[1].json.result).toBe(
				{ pause: 'paused', activate: 'activated', changeRole: 'roleChanged' }[operation],
			);
			expect(
				suite.sim.requestLog
					.filter((entry) => entry.method !== 'GET')
					.map((entry) => decodeURIComponent(entry.path)),
			).toEqual([expect.stringContaining('/kai@member.example')]);
		},
	);

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
