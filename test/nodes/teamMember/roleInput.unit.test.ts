/** Roles as typed in a sheet or by an AI agent: any case, surrounding spaces (fake context, no sockets). */
import { described, runAction } from '../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it.each([
	[
		'changeRole',
		{ teamId: 'team_1', email: 'a@example.com', role: ' Editor ' },
		{ role: 'editor' },
	],
	[
		'add',
		{ teamId: 'team_1', name: 'Nia', email: 'nia@example.com', role: 'VIEWER' },
		{ name: 'Nia', email: 'nia@example.com', role: 'viewer' },
	],
	[
		'addToTeams',
		{
			name: 'Ann',
			email: 'a@example.com',
			teamsSource: 'json',
			teamsJson: '[{"teamId":"team_1","role":"Admin"}]',
		},
		{ name: 'Ann', email: 'a@example.com', teams: [{ teamId: 'team_1', role: 'admin' }] },
	],
])(
	'%s takes a role written in another case or with spaces (a sheet, an AI agent) and sends it lower-case',
	async (operation, parameters, body) => {
		const run = await runAction('teamMember', operation, parameters);

		expect(run.error).toBeUndefined();
		expect(run.sent.map(described).at(-1)?.body).toEqual(body);
	},
);
