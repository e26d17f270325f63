/** Team Member > Add to Teams' pure plan: one person into several teams. */
import { planTeams } from '../../../../nodes/Qrtrac/actions/teamMember/addToTeams/plan';

describe('planTeams', () => {
	it('sends a team whose roster is not told (null) as "sent", and one with an unknown role as "sent" too', () => {
		const { outcomes, toSend } = planTeams(
			[
				{ teamId: 't1', role: 'viewer' },
				{ teamId: 't2', role: 'admin' },
			],
			[null, { email: 'a@x.io' }],
		);
		expect(outcomes).toEqual([
			{ teamId: 't1', role: 'viewer', result: 'sent' },
			{ teamId: 't2', role: 'admin', result: 'sent' },
		]);
		expect(toSend).toEqual([
			{ teamId: 't1', role: 'viewer' },
			{ teamId: 't2', role: 'admin' },
		]);
	});

	it('sends only the teams where the person is missing or has another role', () => {
		const { outcomes, toSend } = planTeams(
			[
				{ teamId: 't1', role: 'viewer' },
				{ teamId: 't2', role: 'admin' },
				{ teamId: 't3', role: 'editor' },
			],
			[
				undefined,
				{ email: 'a@x.io', role: 'editor', status: 'active' },
				{ email: 'a@x.io', role: 'editor', status: 'paused' },
			],
		);
		expect(outcomes).toEqual([
			{ teamId: 't1', role: 'viewer', result: 'added' },
			{
				teamId: 't2',
				role: 'admin',
				result: 'roleChanged',
				previousRole: 'editor',
				status: 'active',
			},
			{ teamId: 't3', role: 'editor', result: 'unchanged', status: 'paused' },
		]);
		expect(toSend).toEqual([
			{ teamId: 't1', role: 'viewer' },
			{ teamId: 't2', role: 'admin' },
		]);
	});
});
