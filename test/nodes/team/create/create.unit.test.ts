/** Team > Create: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('posts the name', async () => {
	const run = await runAction('team', 'create', { name: 'New team' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'POST', path: '/api/teams-api', headers: TEAM_HEADERS, body: { name: 'New team' } },
	]);
});
