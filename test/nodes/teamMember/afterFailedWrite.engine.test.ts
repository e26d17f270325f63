/**
 * A person's row after one of theirs failed once its write may have landed (an answer lost after QRTRAC made the
 * change, a bulk add refused part-way): it decides from the team's members read again, not from what the rows before
 * the failed one left (teamMember/personTurns.ts placementTurns).
 */
import { memberRuns, pauseEachRow } from '../../support/memberRuns';
import type { HarnessCredentials } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../support/organizations';

const suite = useSimulator({ seed: false });
const newOrganization = organizations(suite, 'failedwrite.example').withTwoTeams;
const { runRows } = memberRuns(suite);
afterEach(() => suite.sim.setAnswerModes({}));

/** Every write to `path` after the first is made, then answered 500 (retries too): the answer is lost. */
function loseAnswersAfterFirst(method: string, path: string | RegExp): void {
	suite.sim.faults.add({
		kind: 'status',
		status: 500,
		method,
		...(typeof path === 'string' ? { path } : { pathPattern: path }),
		afterWrite: true,
		skip: 1,
	});
}

const addParams = {
	resource: 'teamMember',
	operation: 'add',
	teamId: teamRef('={{ $json.team }}'),
	name: 'Pat',
	email: '={{ $json.email }}',
	role: '={{ $json.role }}',
};

/** Add of `email` to `teamId` over three rows, under Continue On Fail: viewer, then editor, then viewer again. */
const addViewerEditorViewer = async (
	credentials: HarnessCredentials,
	teamId: string,
	email: string,
) =>
	await runRows(
		credentials,
		addParams,
		['viewer', 'editor', 'viewer'].map((role) => ({ team: teamId, email, role })),
	);

it('Add: after a failed add that made them editor, the next row asking for viewer is sent, not `unchanged`', async () => {
	const { main, credentials } = newOrganization();
	const email = 'pat@failedwrite.example';
	loseAnswersAfterFirst('PUT', `/api/teams-api/${main.id}/members`);

	const result = await addViewerEditorViewer(credentials, main.id, email);

	expect(result.items[0].json.result).toBe('added');
	expect(result.items[1].json.error).toBeDefined();
	// row 3 read the team again: QRTRAC holds editor, so viewer is a change (its answer lost too, but sent)
	expect(result.items[2].json.error).toBeDefined();
	expect(result.items[2].json.result).toBeUndefined();
	const puts = suite.sim.requestLog.filter((entry) => entry.method === 'PUT');
	expect(puts.at(-1)?.body).toMatchObject({ email, role: 'viewer' });
	expect(suite.sim.state.findMember(main.id, email)?.role).toBe('viewer');
	suite.expectRequestsFollowContract();
});

it('Add: a failed read of the team after a failed add fails the next row, never taken as what the rows before left', async () => {
	const { main, credentials } = newOrganization();
	const email = 'ray@failedwrite.example';
	loseAnswersAfterFirst('PUT', `/api/teams-api/${main.id}/members`);
	// the run's first read of the team answers; every later one fails
	suite.sim.faults.add({
		kind: 'status',
		status: 500,
		method: 'GET',
		path: `/api/teams-api/${main.id}`,
		skip: 1,
	});

	const result = await addViewerEditorViewer(credentials, main.id, email);

	expect(result.items[0].json.result).toBe('added');
	expect(result.items[1].json.error).toBeDefined();
	expect(result.items[2].json.error).toBeDefined();
	expect(result.items[2].json.result).toBeUndefined();
	// row 3 sent nothing: only row 1 asked for viewer (each failed row's PUT is retried)
	const puts = suite.sim.requestLog.filter((entry) => entry.method === 'PUT');
	expect(puts.filter((entry) => (entry.body as { role: string }).role === 'viewer')).toHaveLength(
		1,
	);
	expect(suite.sim.state.findMember(main.id, email)?.role).toBe('editor');
});

it('Change Role (1.2): after a failed change that made them admin, the next row asking for editor is sent', async () => {
	const { main, credentials } = newOrganization();
	const email = 'quinn@failedwrite.example';
	suite.sim.state.addMember(main.id, { name: 'Quinn', email, role: 'viewer' });
	suite.sim.state.acceptInvite(email);
	loseAnswersAfterFirst('PUT', /changeRole$/);

	const result = await runRows(
		credentials,
		{
			resource: 'teamMember',
			operation: 'changeRole',
			teamId: teamRef('={{ $json.team }}'),
			email: '={{ $json.email }}',
			role: '={{ $json.role }}',
		},
		[
			{ team: main.id, email, role: 'editor' },
			{ team: main.id, email, role: 'admin' },
			{ team: main.id, email, role: 'editor' },
		],
	);

	expect(result.items[0].json.result).toBe('roleChanged');
	expect(result.items[1].json.error).toBeDefined();
	expect(result.items[2].json.result).toBeUndefined();
	const puts = suite.sim.requestLog.filter((entry) => entry.method === 'PUT');
	expect(puts.at(-1)?.body).toEqual({ role: 'editor' });
	expect(suite.sim.state.findMember(main.id, email)?.role).toBe('editor');
});

const addToTeamsParams = {
	resource: 'teamMember',
	operation: 'addToTeams',
	name: 'Rae',
	email: '={{ $json.email }}',
	teamsSource: 'json',
	teamsJson: '={{ JSON.stringify($json.teams) }}',
	options: { alwaysSend: '={{ $json.alwaysSend === true }}' },
};

it('Add to Teams: after a bulk add refused part-way that made them editor, the next row asking for viewer is sent', async () => {
	const { main, credentials } = newOrganization();
	const email = 'rae@failedwrite.example';
	// A service that applies the teams in order: Main is changed before the unknown team stops the request.
	suite.sim.setBulkAddInOrder(true);
	try {
		const result = await runRows(credentials, addToTeamsParams, [
			{ email, teams: [{ teamId: main.id, role: 'viewer' }] },
			{
				email,
				teams: [
					{ teamId: main.id, role: 'editor' },
					{ teamId: 'team_gone', role: 'viewer' },
				],
				alwaysSend: true,
			},
			{ email, teams: [{ teamId: main.id, role: 'viewer' }] },
		]);

		expect(result.items[0].json.result).toBe('updated');
		expect(result.items[1].json.httpCode).toBe('400');
		expect(result.items[2].json).toMatchObject({
			result: 'updated',
			teams: [{ teamId: main.id, role: 'viewer', result: 'roleChanged' }],
		});
		expect(suite.sim.state.findMember(main.id, email)?.role).toBe('viewer');
	} finally {
		suite.sim.setBulkAddInOrder(false);
	}
});

it('Add to Teams: a bulk add whose answer was lost is checked in place, and the next row starts from it', async () => {
	const { main, credentials } = newOrganization();
	const email = 'sam@failedwrite.example';
	loseAnswersAfterFirst('POST', '/api/teams-api/members/bulk');

	const result = await runRows(
		credentials,
		addToTeamsParams,
		['viewer', 'editor', 'viewer'].map((role) => ({ email, teams: [{ teamId: main.id, role }] })),
	);

	expect(result.items[1].json.error).toBeUndefined();
	expect((result.items[2].json.teams as Array<{ result: string }>)[0].result).toBe('roleChanged');
	expect(suite.sim.state.findMember(main.id, email)?.role).toBe('viewer');
});

const teamReads = (teamId: string) =>
	suite.sim.requestLog.filter(
		(entry) => entry.method === 'GET' && entry.path === `/api/teams-api/${teamId}`,
	);

it('Pause: a row refused before sending (not a member) leaves the team as read: the next row reads nothing', async () => {
	const { main, credentials } = newOrganization();
	const email = 'ghost@failedwrite.example';

	const result = await runRows(credentials, pauseEachRow, [
		{ team: main.id, email },
		{ team: main.id, email },
	]);

	for (const item of result.items) expect(item.json.error).toMatch(/is not a member of team Main/);
	expect(suite.sim.requestLog.filter((entry) => entry.method !== 'GET')).toHaveLength(0);
	expect(teamReads(main.id)).toHaveLength(1);
});

it('Pause: a row decided from the team read again names the team as that read gives it', async () => {
	const { main, credentials } = newOrganization();
	const email = 'rory@failedwrite.example';
	// The run's read lists no members: row 1 is sent untold and refused. The read again for row 2 lists them.
	suite.sim.setAnswerModes({ teamsWithoutMembers: true });
	suite.sim.faults.add({ kind: 'stall', method: 'PUT', delayMs: 300, count: 1 });
	let polls = 0;
	const pollMs = 5;
	const listMembersOncePaused = setInterval(() => {
		polls += 1;
		if (polls > 2000 || suite.sim.requestLog.some((entry) => entry.method === 'PUT')) {
			suite.sim.setAnswerModes({});
			clearInterval(listMembersOncePaused);
		}
	}, pollMs);

	const result = await runRows(credentials, pauseEachRow, [
		{ team: main.id, email },
		{ team: main.id, email },
	]).finally(() => clearInterval(listMembersOncePaused));

	expect(result.items[0].json.rosterNote ?? result.items[0].json.description).toMatch(
		/lists no members/,
	);
	expect(result.items[1].json.error).toBe(
		`Item 1: ${email} is not a member of team Main (${main.id}); Pause was not sent`,
	);
	expect(teamReads(main.id)).toHaveLength(2);
});

it('Add: a row decided from the team read again says why it was sent untold (members without an e-mail)', async () => {
	const { main, credentials } = newOrganization();
	const email = 'noor@failedwrite.example';
	suite.sim.setAnswerModes({ membersWithoutEmail: true });
	suite.sim.faults.add({ kind: 'status', status: 400, message: 'nope', method: 'PUT', count: 1 });

	const result = await runRows(
		credentials,
		{ ...addParams, options: { alwaysSend: '={{ $json.alwaysSend === true }}' } },
		[
			{ team: main.id, email, role: 'viewer', alwaysSend: true },
			{ team: main.id, email, role: 'viewer' },
		],
	);

	expect(result.items[0].json.error).toBe('nope');
	expect(result.items[1].json.rosterNote).toMatch(/the team lists 1 member without an e-mail/);
});

it('Add to Teams: a row decided from the team read again says why it was sent untold (members without an e-mail)', async () => {
	const { main, credentials } = newOrganization();
	const email = 'nell@failedwrite.example';
	suite.sim.setAnswerModes({ membersWithoutEmail: true });
	suite.sim.faults.add({ kind: 'status', status: 400, message: 'nope', method: 'POST', count: 1 });

	const result = await runRows(credentials, addToTeamsParams, [
		{ email, teams: [{ teamId: main.id, role: 'viewer' }], alwaysSend: true },
		{ email, teams: [{ teamId: main.id, role: 'viewer' }] },
	]);

	expect(result.items[0].json.error).toBe('nope');
	expect((result.items[1].json.teams as Array<{ rosterNote?: string }>)[0].rosterNote).toMatch(
		/the team lists 1 member without an e-mail/,
	);
});
