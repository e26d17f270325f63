/** Team Member > Delete: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('deletes the member completely', async () => {
	const run = await runAction('teamMember', 'delete', { teamId: 'team_1', email: 'a@example.com' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		// From 1.2 the team is read first: a person it does not list is never deleted through it.
		{ method: 'GET', path: '/api/teams-api/team_1', headers: TEAM_HEADERS },
		{
			method: 'DELETE',
			path: '/api/teams-api/team_1/members/a%40example.com/delete',
			headers: TEAM_HEADERS,
		},
	]);
});
