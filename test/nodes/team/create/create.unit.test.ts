/** Team > Create: the exact requests the node builds for a typical input (fake context, no sockets). */
import type { NodeApiError } from 'n8n-workflow';

import {
	STORED_TEAM,
	TEAM_HEADERS,
	answering,
	described,
	runAction,
} from '../../../support/actionRequests';

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

it('answered a long record without "id": the cut excerpt ends its sentence with the cut, never "...."', async () => {
	const run = await runAction(
		'team',
		'create',
		{ name: 'New team' },
		answering({
			'POST /api/teams-api': {
				status: 200,
				body: { success: true, data: ['x'.repeat(400)] },
			},
		}),
	);

	const { description } = run.error as NodeApiError;
	expect(description).toMatch(/It was: \["x+\.\.\. Do not run/);
});

it.each([
	['the acting team under its own name', { ...STORED_TEAM }],
	['the acting team without a name', { id: STORED_TEAM.id }],
	['a team of another name', { ...STORED_TEAM, id: 'team_9', name: 'Old team' }],
])(
	'answered with %s: fails saying the team was probably created, never `created` for that team',
	async (_case, answered) => {
		const run = await runAction(
			'team',
			'create',
			{ name: 'New team' },
			answering({
				'POST /api/teams-api': { status: 200, body: { success: true, data: answered } },
			}),
		);

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toBe(
			`QRTRAC's answer to Create Team (POST /teams-api) names another team: the team was probably created`,
		);
		const { description } = run.error as NodeApiError;
		expect(description).toContain(`"${answered.id}"`);
		expect(description).toContain('"New team"');
		expect(description).toContain('Team > Get Many');
		expect(run.sent).toHaveLength(1);
	},
);

it('answered with the new team without its name: the team is created', async () => {
	const run = await runAction(
		'team',
		'create',
		{ name: 'New team' },
		answering({
			'POST /api/teams-api': { status: 200, body: { success: true, data: { id: 'team_2' } } },
		}),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toEqual({
		id: 'team_2',
		createdAt: null,
		createdAtIso: null,
		updatedAt: null,
		updatedAtIso: null,
		result: 'created',
	});
});
