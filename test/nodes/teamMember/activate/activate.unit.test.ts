/** Team Member > Activate: the exact requests the node builds for a typical input (fake context, no sockets). */
import { ok } from '../../../support/fakeContext';
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

/** A team whose member a@example.com is paused. */
const paused = answering({
	'GET /api/teams-api/team_1': ok({
		...STORED_TEAM,
		members: [{ ...STORED_TEAM.members[0], status: 'paused' }],
	}),
});

it('reads the roster, then activates the paused member (e-mail encoded in the path)', async () => {
	const run = await runAction(
		'teamMember',
		'activate',
		{ teamId: 'team_1', email: 'a@example.com' },
		paused,
	);

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/teams-api/team_1', headers: TEAM_HEADERS },
		{
			method: 'PUT',
			path: '/api/teams-api/team_1/members/a%40example.com/activate',
			headers: TEAM_HEADERS,
		},
	]);
});
