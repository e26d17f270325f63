/** Team Member > Add To Teams: the exact requests the node builds for a typical input (fake context, no sockets). */
import { ok } from '../../../support/fakeContext';
import { TEAM_HEADERS, answering, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

/** Add To Teams of Bob (b@example.com) with this Teams (JSON), answered as runAction answers by default. */
const addBob = async (teamsJson: string) =>
	await runAction('teamMember', 'addToTeams', {
		name: 'Bob',
		email: 'b@example.com',
		teamsSource: 'json',
		teamsJson,
	});

it("reads each team's roster, then posts the member with the teams to join", async () => {
	const run = await addBob('[{"teamId":"team_1","role":"viewer"}]');

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/teams-api/team_1', headers: TEAM_HEADERS },
		{
			method: 'POST',
			path: '/api/teams-api/members/bulk',
			headers: TEAM_HEADERS,
			body: { name: 'Bob', email: 'b@example.com', teams: [{ teamId: 'team_1', role: 'viewer' }] },
		},
	]);
});

it('after a refused bulk add, says a re-run also sends the teams that cannot be told, and a re-run does', async () => {
	const one = {
		id: 'team_1',
		name: 'One',
		members: [{ name: 'Ann', email: 'a@example.com', role: 'viewer', status: 'active' }],
	};
	const two = {
		...one,
		id: 'team_2',
		members: [...one.members, { name: 'Invited member', role: 'viewer' }],
	};
	const teams = {
		'GET /api/teams-api/team_1': ok(one),
		'GET /api/teams-api/team_2': ok(two),
	};
	const params = {
		name: 'Bea',
		email: 'bea@example.com',
		teamsSource: 'json',
		teamsJson: '[{"teamId":"team_1","role":"viewer"},{"teamId":"team_2","role":"viewer"}]',
	};
	const refused = await runAction(
		'teamMember',
		'addToTeams',
		params,
		answering({
			...teams,
			'POST /api/teams-api/members/bulk': {
				status: 400,
				body: { success: false, message: 'Team not found' },
			},
		}),
	);
	const rerun = await runAction('teamMember', 'addToTeams', params, answering(teams));

	const description = (refused.error as { description?: string } | undefined)?.description;
	expect(description).toContain('team_1 (viewer): not in place');
	expect(description).toContain('team_2 (viewer): cannot be told');
	expect(description).toContain(
		'Running the item again without Always Send sends the teams not in place and those that cannot be told.',
	);
	const posted = rerun.sent.filter((request) => request.method === 'POST');
	expect(posted.map((request) => request.body)).toEqual([
		expect.objectContaining({
			teams: [
				{ teamId: 'team_1', role: 'viewer' },
				{ teamId: 'team_2', role: 'viewer' },
			],
		}),
	]);
});

it('refuses Teams (JSON) that is not valid JSON under its own label, saying so, before any request', async () => {
	const run = await addBob('[{"teamId":"team_1","role":"viewer"}');

	expect(run.error?.message).toBe('Item 0: "Teams (JSON)" is not valid JSON');
	expect(run.sent).toHaveLength(0);
});

it('refuses Teams (JSON) that is no list under its own label, and a bad row by its field', async () => {
	const notList = await addBob('{"teamId":"team_1","role":"viewer"}');
	const badRow = await addBob('[{"teamId":"team_1","role":"owner"}]');

	expect(notList.error?.message).toBe(
		'Item 0: "Teams (JSON)" must be a list of {"teamId", "role"} objects',
	);
	expect(badRow.error?.message).toMatch(/^Item 0: "Role" \(row 1\) must be one of "admin"/);
	expect([...notList.sent, ...badRow.sent]).toHaveLength(0);
});

it.each([
	['a list', '["team_1"]'],
	['an object', '{"id": "team_1"}'],
	['true', 'true'],
])(
	'refuses a Teams (JSON) row whose teamId is %s under the ID rule, not as its text, before any request',
	async (_kind, teamId) => {
		const run = await addBob(`[{"teamId":${teamId},"role":"viewer"}]`);

		expect(run.error?.message).toBe('Item 0: "Team Name or ID" (row 1) must be text');
		expect(run.sent).toHaveLength(0);
	},
);

it('takes a Teams (JSON) row whose teamId is a number as its text, and one without it as empty', async () => {
	const numbered = await addBob('[{"teamId":1042,"role":"viewer"}]');
	const none = await addBob('[{"role":"viewer"}]');

	expect(numbered.sent.map((request) => described(request).path)).toContain('/api/teams-api/1042');
	expect(none.error?.message).toBe('Item 0: "Team Name or ID" (row 1) must not be empty');
	expect(none.sent).toHaveLength(0);
});

it('reads blank Teams (JSON) as no teams, refused as such, as a blank JSON field reads as nothing', async () => {
	const run = await addBob('  ');

	expect(run.error?.message).toBe('Item 0: "Teams (JSON)" must list at least one team');
	expect(run.sent).toHaveLength(0);
});

it('refuses a Define Teams the form does not offer, naming the values it takes, before any request', async () => {
	const run = await runAction('teamMember', 'addToTeams', {
		name: 'Bob',
		email: 'b@example.com',
		teamsSource: 'xml',
		teamsJson: '[{"teamId":"team_1","role":"viewer"}]',
	});

	expect(run.error?.message).toBe(
		'Item 0: "Define Teams" must be one of "fields", "json", not "xml"',
	);
	expect(run.sent).toEqual([]);
});
