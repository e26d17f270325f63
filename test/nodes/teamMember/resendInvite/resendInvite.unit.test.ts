/** Team Member > Resend Invite: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('asks for the invitation again (a GET with a side effect)', async () => {
	const run = await runAction('teamMember', 'resendInvite', { email: 'a@example.com' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/teams-api/resend/invite/a%40example.com', headers: TEAM_HEADERS },
	]);
});
