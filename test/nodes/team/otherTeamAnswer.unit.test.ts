/**
 * A team answer that names another team than the one asked for (GET /teams-api/{id}) is never used: its members
 * would be listed, paused or left unchanged as if they were the asked team's (fake context, no sockets).
 */
import { STORED_TEAM, answering, runAction } from '../../support/actionRequests';
import { ok } from '../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const OTHER_TEAM = {
	...STORED_TEAM,
	id: 'team_9',
	members: [{ name: 'Ann', email: 'a@example.com', role: 'viewer', status: 'paused' }],
};
const otherTeamService = answering({ 'GET /api/teams-api/team_1': ok(OTHER_TEAM) });

it('fails Team Member > Get Many rather than list the members of another team', async () => {
	const run = await runAction(
		'teamMember',
		'getMany',
		{ teamId: 'team_1', returnAll: true },
		otherTeamService,
	);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toMatch(/does not have the expected shape/);
	expect(String((run.error as { description?: string }).description)).toMatch(/team_9/);
});

it('fails Team > Get rather than return another team', async () => {
	const run = await runAction('team', 'get', { teamId: 'team_1' }, otherTeamService);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toMatch(/does not have the expected shape/);
});

it('never leaves a pause unsent because another team lists the member as paused', async () => {
	const run = await runAction(
		'teamMember',
		'pause',
		{ teamId: 'team_1', email: 'a@example.com' },
		otherTeamService,
	);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toMatch(/does not have the expected shape/);
	expect(run.sent.filter((request) => request.method === 'PUT')).toEqual([]);
});
