/** Team Member > Get Many: the exact requests the node builds for a typical input (fake context, no sockets). */
import { ok } from '../../../support/fakeContext';
import { TEAM_HEADERS, answering, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the team for its members', async () => {
	const run = await runAction('teamMember', 'getMany', { teamId: 'team_1', returnAll: true });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/teams-api/team_1', headers: TEAM_HEADERS },
	]);
});

it('fails a Statuses filter over a team whose members do not tell a status, whatever their e-mail', async () => {
	const team = (members: object[]) =>
		answering({ 'GET /api/teams-api/team_1': ok({ id: 'team_1', name: 'One', members }) });
	const statuses = { teamId: 'team_1', returnAll: true, filters: { statuses: ['active'] } };
	// every member without e-mail and status: a list left empty would pass for "nobody active"
	const hiddenOnly = await runAction(
		'teamMember',
		'getMany',
		statuses,
		team([
			{ name: 'A', role: 'viewer' },
			{ name: 'B', role: 'editor' },
		]),
	);
	const mixed = await runAction(
		'teamMember',
		'getMany',
		statuses,
		team([
			{ name: 'Ann', email: 'a@example.com', role: 'viewer', status: 'active' },
			{ name: 'B', role: 'editor' },
		]),
	);
	const told = await runAction(
		'teamMember',
		'getMany',
		statuses,
		team([
			{ name: 'Ann', email: 'a@example.com', role: 'viewer', status: 'active' },
			{ name: 'B', role: 'editor', status: 'paused' },
		]),
	);

	for (const run of [hiddenOnly, mixed]) {
		expect(run.output).toBeUndefined();
		expect(run.error?.message).toMatch(
			/does not tell the members' status, so 'Statuses' cannot filter them/,
		);
	}
	expect(told.error).toBeUndefined();
	expect(told.output?.[0].map((item) => item.json.email)).toEqual(['a@example.com']);
});
