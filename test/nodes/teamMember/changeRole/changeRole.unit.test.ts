/** Team Member > Change Role: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the roster, then puts the new role', async () => {
	const run = await runAction('teamMember', 'changeRole', {
		teamId: 'team_1',
		email: 'a@example.com',
		role: 'editor',
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/teams-api/team_1', headers: TEAM_HEADERS },
		{
			method: 'PUT',
			path: '/api/teams-api/team_1/members/a%40example.com/changeRole',
			headers: TEAM_HEADERS,
			body: { role: 'editor' },
		},
	]);
});
