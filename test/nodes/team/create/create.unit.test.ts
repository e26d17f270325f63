/** Team > Create: the exact requests the node builds for a typical input (fake context, no sockets). */
import type { NodeApiError } from 'n8n-workflow';

import { TEAM_HEADERS, answering, described, runAction } from '../../../support/actionRequests';

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

it('answered `{success: true}` alone: the team was probably created, said so, sent once', async () => {
	const run = await runAction(
		'team',
		'create',
		{ name: 'New team' },
		answering({ 'POST /api/teams-api': { status: 200, body: { success: true } } }),
	);

	expect(run.error?.message).toBe(
		`QRTRAC's answer to Create Team (POST /teams-api) has no "id": the team was probably created`,
	);
	const { description } = run.error as NodeApiError;
	expect(description).toContain('It was: nothing (no data)');
	expect(description).toContain('Team > Get Many');
	expect(run.sent).toHaveLength(1);
});
