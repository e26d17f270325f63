/**
 * Team Member > Remove from Team through n8n's engine against the simulator: output and the member state afterwards, the service's owner and
 * role rules, and every request checked against the contract.
 */
import { runNode } from '../../../support/n8nHarness';
import { memberRuns } from '../../../support/memberRuns';
import { useSimulator } from '../../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'member.example').withTwoTeams;
const { refuseTeamReadOnce } = memberRuns(suite);

/** Remove from Team's parameters: the team picked By ID, the e-mail as given (text or an expression). */
const removeFrom = (teamId: string, email: string) => ({
	resource: 'teamMember',
	operation: 'remove',
	teamId: teamRef(teamId),
	email,
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
			parameters: removeFrom(sales.id, 'rita@member.example'),
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
			parameters: removeFrom(main.id, '={{ $json.email }}'),
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

	it('a team that could not be read fails the same person\'s later rows too, never "unchanged" unasked', async () => {
		const { main, sales, credentials } = newOrganization();
		for (const team of [main, sales])
			suite.sim.state.addMember(team.id, {
				name: 'Rae',
				email: 'rae@member.example',
				role: 'viewer',
			});
		refuseTeamReadOnce(sales.id);

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: removeFrom(sales.id, '={{ $json.email }}'),
			items: [{ email: 'rae@member.example' }, { email: 'RAE@member.example' }],
			continueOnFail: true,
			credentials,
		});

		expect(
			result.items.map((item) => [item.pairedItem, item.json.result, item.json.httpCode]),
		).toEqual([
			[{ item: 0 }, undefined, '403'],
			[{ item: 1 }, undefined, '403'],
		]);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'DELETE')).toEqual([]);
		expect(suite.sim.state.findMember(sales.id, 'rae@member.example')).toBeDefined();
	});
	it('refuses an e-mail no address can be (pasted with a comma, a broken domain) before sending, never "unchanged"', async () => {
		const { main, sales, credentials } = newOrganization();
		for (const teamId of [main.id, sales.id])
			suite.sim.state.addMember(teamId, {
				name: 'Rita',
				email: 'rita@member.example',
				role: 'viewer',
			});
		const typos = [
			'rita@member.example,',
			'rita@member.example;',
			'<rita@member.example>',
			'rita@member.example.',
			'rita@member..example',
			'rita@-member.example',
		];

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: removeFrom(sales.id, '={{ $json.email }}'),
			items: [...typos, 'rita@member.example'].map((email) => ({ email })),
			continueOnFail: true,
			credentials,
		});

		// before: each typo was looked up in the team, not found, and reported `unchanged` with nothing sent
		expect(result.items.map((item) => item.json.error ?? item.json.result)).toEqual([
			...typos.map(
				(_, index) => `Item ${index}: "Email" must be an e-mail address such as ada@example.com`,
			),
			'removed',
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual(
			[...typos, ''].map((_, item) => ({ item })),
		);
		expect(suite.sim.requestLog.filter((entry) => entry.method !== 'GET')).toHaveLength(1);
		expect(suite.sim.state.findMember(sales.id, 'rita@member.example')).toBeUndefined();
	});
});
