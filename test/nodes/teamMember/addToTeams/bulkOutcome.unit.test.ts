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

/** Bob into team_1 (viewer) and team_2 (editor). */
const BOB_TO_TWO_TEAMS = {
	name: 'Bob',
	email: 'b@example.com',
	teamsSource: 'json',
	teamsJson: '[{"teamId":"team_1","role":"viewer"},{"teamId":"team_2","role":"editor"}]',
};

/**
 * Bob into team_1 (viewer) and team_2 (editor); each bulk add joins team_1 only (`joinsBoth`: both) and is answered
 * `answer`.
 */
async function addBobJoiningFirstOnly(answer: FakeAnswer, joinsBoth = false) {
	const members: Record<string, object[]> = { team_1: [ANN], team_2: [ANN] };
	const service = (request: SentRequest): FakeAnswer => {
		const { pathname } = new URL(request.url);
		if (request.method === 'POST') {
			members.team_1 = [ANN, { name: 'Bob', email: 'b@example.com', role: 'viewer' }];
			if (joinsBoth)
				members.team_2 = [ANN, { name: 'Bob', email: 'b@example.com', role: 'editor' }];
			return answer;
		}
		const teamId = pathname.split('/').pop() as string;
		return ok({ id: teamId, name: teamId, members: members[teamId] });
	};
	return await runAction('teamMember', 'addToTeams', BOB_TO_TWO_TEAMS, service);
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

/** A 200 whose body, beyond the contract's `success`, lists the teams QRTRAC joined and those it did not. */
const PER_TEAM = {
	status: 200,
	body: {
		success: true,
		data: { added: ['team_1'], failed: [{ teamId: 'team_2', message: 'Seat limit reached' }] },
	},
};

it.each([
	['per-team results', PER_TEAM],
	['a message', { status: 200, body: { success: true, message: 'Added to 1 of 2 teams' } }],
	['HTTP 207', { status: 207, body: { success: true } }],
])(
	'a success answered with %s is checked against the teams: one not joined fails the item',
	async (_answer, answer) => {
		const run = await addBobJoiningFirstOnly(answer);

		// before: the item said `updated`, both teams `added`
		expect(run.error?.message).toContain('Add Member to Teams');
		expect(description(run.error)).toContain(
			'team_1 (viewer): in place; team_2 (editor): not in place',
		);
		expect(description(run.error)).toContain(JSON.stringify(answer.body).slice(0, 20));
	},
);

it('a success answered with more than `success` stands when every team lists the person', async () => {
	const run = await addBobJoiningFirstOnly(PER_TEAM, true);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({ result: 'updated' });
	expect(run.sent.filter((request) => request.method === 'GET')).toHaveLength(4);
});

it("the contract's plain success is taken as it is, with no read afterwards", async () => {
	const run = await addBobJoiningFirstOnly({ status: 200, body: { success: true } });

	expect(run.error).toBeUndefined();
	expect(run.sent.map((request) => request.method)).toEqual(['GET', 'GET', 'POST']);
});

it('a success answered with more than `success` stands when a team cannot be read afterwards', async () => {
	let posted = false;
	const run = await runAction('teamMember', 'addToTeams', BOB_TO_TWO_TEAMS, (request) => {
		const teamId = new URL(request.url).pathname.split('/').pop() as string;
		if (request.method === 'POST') {
			posted = true;
			return PER_TEAM;
		}
		const bob = { name: 'Bob', email: 'b@example.com', role: 'viewer' };
		if (!posted) return ok({ id: teamId, name: teamId, members: [ANN] });
		if (teamId === 'team_2') return { status: 403, body: { success: false, message: 'No' } };
		return ok({ id: teamId, name: teamId, members: [ANN, bob] });
	});

	// a read that fails is no proof that QRTRAC's success is wrong
	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({ result: 'updated' });
});
