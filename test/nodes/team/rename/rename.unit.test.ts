/** Team > Rename: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the team, then puts the new name', async () => {
	const run = await runAction('team', 'rename', { teamId: 'team_1', name: 'Renamed' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/teams-api/team_1', headers: TEAM_HEADERS },
		{
			method: 'PUT',
			path: '/api/teams-api/team_1',
			headers: TEAM_HEADERS,
			body: { name: 'Renamed' },
		},
	]);
});
