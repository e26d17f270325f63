/**
 * Team Member > Add To Teams: what the item says when QRTRAC's answer to the bulk add does not plainly say the
 * person joined every team sent (fake context, no sockets). The service here joins the first team only.
 */
import { ok, type FakeAnswer, type SentRequest } from '../../../support/fakeContext';
import { runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const ANN = { name: 'Ann', email: 'a@example.com', role: 'viewer', status: 'active' };

/** Bob into team_1 (viewer) and team_2 (editor); each bulk add joins team_1 only and is answered `answer`. */
async function addBobJoiningFirstOnly(answer: FakeAnswer) {
	const members: Record<string, object[]> = { team_1: [ANN], team_2: [ANN] };
	const service = (request: SentRequest): FakeAnswer => {
		const { pathname } = new URL(request.url);
		if (request.method === 'POST') {
			members.team_1 = [ANN, { name: 'Bob', email: 'b@example.com', role: 'viewer' }];
			return answer;
		}
		const teamId = pathname.split('/').pop() as string;
		return ok({ id: teamId, name: teamId, members: members[teamId] });
	};
	return await runAction(
		'teamMember',
		'addToTeams',
		{
			name: 'Bob',
			email: 'b@example.com',
			teamsSource: 'json',
			teamsJson: '[{"teamId":"team_1","role":"viewer"},{"teamId":"team_2","role":"editor"}]',
		},
		service,
	);
}

const description = (error?: Error) => (error as { description?: string } | undefined)?.description;

it.each([
	[
		'a 200 saying success: false',
		{ status: 200, body: { success: false, message: 'Could not add' } },
	],
	['a 5xx on every attempt', { status: 500, body: { success: false, message: 'boom' } }],
])(
	'after %s, the failed item says in which teams the person stands, as after a 400',
	async (_answer, answer) => {
		const run = await addBobJoiningFirstOnly(answer);

		// before: "Could not add" alone, or "Gave up after 6 attempts": team_1 joined went unsaid
		expect(description(run.error)).toContain(
			'team_1 (viewer): in place; team_2 (editor): not in place',
		);
	},
);
