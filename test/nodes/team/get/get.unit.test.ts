/** Team > Get: the exact requests the node builds for a typical input (fake context, no sockets). */
import type { NodeApiError } from 'n8n-workflow';

import { TEAM_HEADERS, answering, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('gets the team by its ID', async () => {
	const run = await runAction('team', 'get', { teamId: 'team_1' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/teams-api/team_1', headers: TEAM_HEADERS },
	]);
});

it('answered a list where a team belongs: the cut excerpt ends its sentence with the cut, never "...."', async () => {
	const run = await runAction(
		'team',
		'get',
		{ teamId: 'team_1' },
		answering({
			'GET /api/teams-api/team_1': {
				status: 200,
				body: { success: true, data: ['x'.repeat(400)] },
			},
		}),
	);

	const { description } = run.error as NodeApiError;
	expect(description).toMatch(/It was: \["x+\.\.\. Nothing was read/);
});
