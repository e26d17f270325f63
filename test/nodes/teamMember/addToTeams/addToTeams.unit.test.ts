/** Team Member > Add To Teams: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it("reads each team's roster, then posts the member with the teams to join", async () => {
	const run = await runAction('teamMember', 'addToTeams', {
		name: 'Bob',
		email: 'b@example.com',
		teamsSource: 'json',
		teamsJson: '[{"teamId":"team_1","role":"viewer"}]',
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/teams-api/team_1', headers: TEAM_HEADERS },
		{
			method: 'POST',
			path: '/api/teams-api/members/bulk',
			headers: TEAM_HEADERS,
			body: { name: 'Bob', email: 'b@example.com', teams: [{ teamId: 'team_1', role: 'viewer' }] },
		},
	]);
});
