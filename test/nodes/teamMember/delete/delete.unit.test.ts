/** Team Member > Delete: the exact requests the node builds for a typical input (fake context, no sockets). */
import { ok, type SentRequest } from '../../../support/fakeContext';
import { TEAM_HEADERS, answering, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('deletes the member completely', async () => {
	const run = await runAction('teamMember', 'delete', { teamId: 'team_1', email: 'a@example.com' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		// From 1.2 the team is read first: a person it does not list is never deleted through it.
		{ method: 'GET', path: '/api/teams-api/team_1', headers: TEAM_HEADERS },
		{
			method: 'DELETE',
			path: '/api/teams-api/team_1/members/a%40example.com/delete',
			headers: TEAM_HEADERS,
		},
	]);
});

describe('a team listing members without an e-mail', () => {
	const ONE = {
		id: 'team_1',
		name: 'One',
		members: [{ name: 'Ann', email: 'a@example.com', role: 'viewer', status: 'active' }],
	};
	const TWO = {
		id: 'team_2',
		name: 'Two',
		members: [
			{ name: 'Zed', email: 'z@example.com', role: 'viewer', status: 'active' },
			{ name: 'Invited member', role: 'viewer' },
		],
	};
	const HIDDEN = {
		...ONE,
		id: 'team_3',
		members: [...ONE.members, { name: 'Hidden', role: 'viewer' }],
	};
	const descriptionOf = (run: { error?: Error }) =>
		(run.error as { description?: string } | undefined)?.description;
	const writes = (sent: SentRequest[]) => sent.filter((request) => request.method !== 'GET');
	const deleteOf = async (
		teamId: string,
		answer: ReturnType<typeof answering>,
		sendWhenEmailHidden?: boolean,
	) =>
		await runAction(
			'teamMember',
			'delete',
			{
				teamId,
				email: 'b@example.com',
				...(sendWhenEmailHidden ? { options: { sendWhenEmailHidden } } : {}),
			},
			answer,
		);

	it('only in another team: refused naming that team, without advising the option (it would not send)', async () => {
		const answer = answering({
			'GET /api/teams-api': ok([ONE, TWO]),
			'GET /api/teams-api/team_1': ok(ONE),
			'GET /api/teams-api/team_2': ok(TWO),
		});

		const off = await deleteOf('team_1', answer);
		const on = await deleteOf('team_1', answer, true);

		for (const run of [off, on]) {
			expect(run.error?.message).toBe(
				'Item 0: b@example.com is not a member of team team_1; Delete Completely was not sent',
			);
			expect(descriptionOf(run)).toContain(
				'team team_2 lists members without one: if they are one of those, pick that team',
			);
			expect(descriptionOf(run)).not.toContain('Send When Email Is Hidden');
			expect(writes(run.sent)).toEqual([]);
		}
	});

	it('in the chosen team, which Get All Teams does not list: refused advising the option, which sends', async () => {
		const answer = answering({
			'GET /api/teams-api': ok([ONE]),
			'GET /api/teams-api/team_1': ok(ONE),
			'GET /api/teams-api/team_3': ok(HIDDEN),
		});

		const off = await deleteOf('team_3', answer);
		const on = await deleteOf('team_3', answer, true);

		expect(off.output).toBeUndefined();
		expect(off.error?.message).toBe(
			'Item 0: b@example.com is not a member of team team_3; Delete Completely was not sent',
		);
		expect(descriptionOf(off)).toContain(
			'the team lists 1 member without an e-mail, who may be this person',
		);
		expect(descriptionOf(off)).toContain('turn on Options > Send When Email Is Hidden');
		expect(writes(off.sent)).toEqual([]);
		expect(on.error).toBeUndefined();
		expect(on.output?.[0][0].json).toMatchObject({ result: 'deleted' });
		expect(writes(on.sent).map(described)).toEqual([
			expect.objectContaining({
				method: 'DELETE',
				path: '/api/teams-api/team_3/members/b%40example.com/delete',
			}),
		]);
	});

	it('reads the chosen team once: Get All Teams leaving it out costs no second read of it', async () => {
		const answer = answering({
			'GET /api/teams-api': ok([TWO]),
			'GET /api/teams-api/team_1': ok(ONE),
			'GET /api/teams-api/team_2': ok({ ...TWO, members: [TWO.members[0]] }),
		});

		const run = await deleteOf('team_1', answer);

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({ result: 'unchanged' });
		expect(run.sent.map((request) => described(request).path)).toEqual([
			'/api/teams-api/team_1',
			'/api/teams-api',
			'/api/teams-api/team_2',
		]);
	});

	it('in the chosen team and another: the option advice names the other team too', async () => {
		const answer = answering({
			'GET /api/teams-api': ok([HIDDEN, TWO]),
			'GET /api/teams-api/team_2': ok(TWO),
			'GET /api/teams-api/team_3': ok(HIDDEN),
		});

		const run = await deleteOf('team_3', answer);

		expect(descriptionOf(run)).toContain('(team team_2 lists members without one too)');
		expect(descriptionOf(run)).toContain('turn on Options > Send When Email Is Hidden');
		expect(writes(run.sent)).toEqual([]);
	});
});
