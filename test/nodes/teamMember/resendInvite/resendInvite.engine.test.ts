/**
 * Team Member > Resend Invite through n8n's engine against the simulator: output and the member state afterwards, the service's owner and
 * role rules, and every request checked against the contract.
 */
import { runNode, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { organizations } from '../../../support/organizations';
import type { FaultRule } from '../../../../simulator/faults';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'member.example').withTwoTeams;

/** A person invited to the team as a viewer, who has not accepted yet. */
function invite(teamId: string, name: string, email: string): void {
	suite.sim.state.addMember(teamId, { name, email, role: 'viewer' });
}

/** The next invitation goes out, and its answer is lost (a 502 after the service acted). */
function loseNextResendAnswer(): void {
	suite.sim.faults.add({
		kind: 'status',
		status: 502,
		path: '/api/teams-api/resend/invite',
		afterWrite: true,
		count: 1,
	});
}

/** Resends the invitation of each e-mail, one item each. */
async function resendTo(
	emails: string[],
	credentials: HarnessCredentials,
	options: { typeVersion?: number; continueOnFail?: boolean; retryOnFail?: number } = {},
) {
	return await runNode({
		nodeType: 'qrtrac',
		parameters: { resource: 'teamMember', operation: 'resendInvite', email: '={{ $json.email }}' },
		items: emails.map((email) => ({ email })),
		credentials,
		...options,
	});
}

/**
 * Resends to `<row>.<tag>@member.example` for each row with n8n's Retry On Fail (3 tries) and Continue On Fail.
 * The first row, `refused`, is refused in every try (that person has accepted), so n8n runs the node all three
 * times. Each of `refusedOnce` is refused once (nothing sent) before the service sends it; `thenLoseAnswer` then has
 * the answer to its next invitation lost (a 502 after the service sent it). `sent(name)` reads how many invitations
 * went out. The simulator keeps its people across tests and counts by address: a test reading a count uses names
 * (or a `tag`) no other test uses.
 */
async function resendWithRetries(
	rows: string[],
	options: {
		tag?: string;
		refusedOnce?: string[];
		thenLoseAnswer?: string;
		typeVersion?: number;
	} = {},
) {
	const person = (name: string) => `${name}.${options.tag ?? 'person'}@member.example`;
	const { main, credentials } = newOrganization();
	for (const name of new Set(rows.map((row) => row.toLowerCase())))
		invite(main.id, 'P', person(name));
	const path = (name: string) => `/api/teams-api/resend/invite/${person(name)}`;
	suite.sim.faults.add({
		kind: 'status',
		status: 400,
		message: `${person('refused')} has already accepted the invitation`,
		path: path('refused'),
	});
	for (const name of options.refusedOnce ?? []) {
		suite.sim.faults.add({
			kind: 'status',
			status: 400,
			message: 'Invitation could not be sent',
			path: path(name),
			count: 1,
		});
	}
	if (options.thenLoseAnswer !== undefined) {
		const lost = path(options.thenLoseAnswer);
		suite.sim.faults.add({ kind: 'status', status: 502, path: lost, afterWrite: true, count: 1 });
	}

	const result = await resendTo(rows.map(person), credentials, {
		continueOnFail: true,
		retryOnFail: 3,
		typeVersion: options.typeVersion,
	});
	return { result, sent: (name: string) => suite.sim.state.resendCount(person(name)) };
}

describe('Team Member: Resend Invite', () => {
	it('re-sends the invitation of a pending person, up to the service limit', async () => {
		const { org, main, credentials } = newOrganization();
		invite(main.id, 'Penny', 'penny@member.example');
		const user = suite.sim.state.findUser('penny@member.example', org.id)!;
		user.resendCount = 2;
		const resend = async () =>
			await resendTo(['penny@member.example'], credentials, { continueOnFail: true });

		const first = await resend();
		const second = await resend();

		expect(first.items.map((item) => item.json)).toEqual([
			{ email: 'penny@member.example', status: 'pending', result: 'inviteResent' },
		]);
		expect(second.items[0].json.error).toBe(
			'Invitation resend limit reached for penny@member.example (3 resends)',
		);
		// Removing and adding a person QRTRAC knows invites nobody (only an unknown user is invited), and Remove
		// From Team refuses a member's last team; whether deleting completely makes them unknown is not written.
		expect(second.items[0].json.description).not.toMatch(/remove them from the team/i);
		expect(second.items[0].json.description).toContain(
			'deleting them completely (Owner API client, every team) and adding them again may send a fresh invitation',
		);
		expect(suite.sim.state.resendCount('penny@member.example')).toBe(3);
		expect(suite.sim.requestLog.map((entry) => entry.path)).toEqual([
			'/api/teams-api/resend/invite/penny@member.example',
			'/api/teams-api/resend/invite/penny@member.example',
		]);
		suite.expectRequestsFollowContract();
	});

	it('invites a person listed twice in one execution once, and again after a failed send (1.2)', async () => {
		const { main, credentials } = newOrganization();
		invite(main.id, 'Penny', 'penny.twice@member.example');
		invite(main.id, 'Quinn', 'quinn.twice@member.example');
		suite.sim.faults.add({
			kind: 'status',
			status: 400,
			message: 'Invitation could not be sent',
			path: '/api/teams-api/resend/invite/quinn.twice@member.example',
			count: 1,
		});

		const result = await resendTo(
			[
				'penny.twice@member.example',
				'quinn.twice@member.example',
				'Penny.Twice@Member.example',
				'quinn.twice@member.example',
			],
			credentials,
			{ continueOnFail: true },
		);

		expect(result.items.map((item) => item.json.result ?? 'failed')).toEqual([
			'inviteResent',
			'failed',
			'unchanged',
			'inviteResent',
		]);
		expect(result.items[2].json).toEqual({
			email: 'Penny.Twice@Member.example',
			status: 'pending',
			result: 'unchanged',
			note: 'Already resent by row 1 of this execution (item index 0); not sent again',
		});
		expect(suite.sim.state.resendCount('penny.twice@member.example')).toBe(1);
		expect(suite.sim.state.resendCount('quinn.twice@member.example')).toBe(1);
	});

	it('does not resend for a later row after an answer lost once the invitation may have gone out (1.2)', async () => {
		const { main, credentials } = newOrganization();
		invite(main.id, 'Rae', 'rae.lost@member.example');
		loseNextResendAnswer();

		const result = await resendTo(
			['rae.lost@member.example', 'rae.lost@member.example'],
			credentials,
			{ continueOnFail: true },
		);

		expect(result.items.map((item) => item.json.error)).toEqual([
			expect.stringContaining('with HTTP 502'),
			'The invitation to rae.lost@member.example may have gone out with row 1 (item index 0), whose outcome is unknown: it was not sent again',
		]);
		expect(suite.sim.state.resendCount('rae.lost@member.example')).toBe(1);
		expect(suite.sim.requestLog).toHaveLength(1);
	});

	it.each<[string, FaultRule]>([
		[
			'a 200 saying success: false',
			{
				kind: 'softError',
				message: 'Could not confirm',
				afterWrite: true,
				path: '/api/teams-api/resend/invite',
			},
		],
		[
			'a 303 to a page that is not found',
			{
				kind: 'status',
				status: 303,
				location: '/elsewhere',
				afterWrite: true,
				path: '/api/teams-api/resend/invite',
			},
		],
	])(
		'only a refusal tells nothing went out: after %s the invitation may have gone, so the next row is not sent (1.2)',
		async (_answer, fault) => {
			const { main, credentials } = newOrganization();
			invite(main.id, 'Rae', 'rae.unsure@member.example');
			suite.sim.faults.add({ ...fault, count: 1 });

			const result = await resendTo(
				['rae.unsure@member.example', 'Rae.Unsure@member.example'],
				credentials,
				{ continueOnFail: true },
			);

			// the service sent it before answering so: a second row would mail the person again
			expect(result.items[1].json.error).toBe(
				'The invitation to Rae.Unsure@member.example may have gone out with row 1 (item index 0), whose outcome is unknown: it was not sent again',
			);
			expect(suite.sim.state.resendCount('rae.unsure@member.example')).toBe(1);
		},
	);

	it('a row refused by the rate limit sent nothing: the next row of the person is not told it may have gone out (1.2)', async () => {
		const { main, credentials } = newOrganization();
		invite(main.id, 'Rae', 'rae.limited@member.example');
		suite.sim.faults.add({
			kind: 'status',
			status: 429,
			message: 'Too many requests',
			retryAfterSeconds: 3600,
			path: '/api/teams-api/resend/invite',
			count: 1,
		});

		const result = await resendTo(
			['rae.limited@member.example', 'Rae.Limited@member.example'],
			credentials,
			{ continueOnFail: true },
		);

		// QRTRAC refused the first (429) and its wait is over Maximum Wait: the second says so too, sending nothing
		expect(result.items.map((item) => item.json.error)).toEqual([
			expect.stringContaining("over this node's Maximum Wait"),
			expect.stringContaining("over this node's Maximum Wait"),
		]);
		expect(JSON.stringify(result.items)).not.toContain('may have gone out');
		expect(suite.sim.state.resendCount('rae.limited@member.example')).toBe(0);
		expect(suite.sim.requestLog).toHaveLength(1);
	});

	it('Continue On Fail off: a person whose first row never started has her next row neither sent nor failed (1.2)', async () => {
		const { main, credentials } = newOrganization(); // its plan sends 3 rows at once
		const emails = ['refused', 'slow.a', 'slow.b', 'late', 'late'].map(
			(name) => `${name}.held@member.example`,
		);
		for (const email of new Set(emails)) invite(main.id, 'P', email);
		const path = '/api/teams-api/resend/invite';
		// The first row is refused while the next two are in flight: the run stops before Late's first row starts.
		suite.sim.faults.add({ kind: 'status', status: 400, message: 'nope', path, count: 1 });
		suite.sim.faults.add({ kind: 'stall', path, delayMs: 800, count: 2 });

		const result = await resendTo(emails, credentials);

		expect(result.error?.message).toBe('nope');
		expect(result.error?.context).toMatchObject({
			itemsCompletedAfterFailure: [1, 2],
			itemsFailedAfterFailure: [],
		});
		expect(result.error?.description).toContain('The 2 item(s) after them were not started.');
		expect(suite.sim.state.resendCount('late.held@member.example')).toBe(0);
		expect(suite.sim.requestLog.filter((entry) => entry.path.startsWith(path))).toHaveLength(3);
	});

	it("with n8n's Retry On Fail and Continue On Fail, the try n8n runs again after a refused first row mails nobody twice", async () => {
		const { result, sent } = await resendWithRetries(['refused', 'penny', 'Quinn'], {
			tag: 'retry',
		});

		// n8n ran the node three times (its first item failed each time): Penny and Quinn were mailed on the first
		expect(result.items.map((item) => item.json.result ?? item.json.error)).toEqual([
			'refused.retry@member.example has already accepted the invitation',
			'inviteResent',
			'inviteResent',
		]);
		expect(sent('penny')).toBe(1);
		expect(sent('quinn')).toBe(1);
	});

	it("with n8n's Retry On Fail, a person whose later row sent the invitation is not mailed again by the next try's first row (1.2)", async () => {
		// Quinn's first row is refused once (nothing sent), so her second row sends it in the first try.
		const { result, sent } = await resendWithRetries(['refused', 'quinn', 'Quinn'], {
			refusedOnce: ['quinn'],
		});

		// before: the next try's row 2 sent it again (2 e-mails), keyed by item while row 3 had sent it
		expect(sent('quinn')).toBe(1);
		expect(result.items.slice(1).map((item) => item.json)).toEqual([
			{
				email: 'quinn.person@member.example',
				status: 'pending',
				result: 'unchanged',
				note: 'Already resent by row 3 of this execution (item index 2) in an earlier try of this node; not sent again',
			},
			{ email: 'Quinn.person@member.example', status: 'pending', result: 'inviteResent' },
		]);
	});

	it("with n8n's Retry On Fail, a person whose later row lost its answer is not sent again by the next try's first row (1.2)", async () => {
		const { result, sent } = await resendWithRetries(['refused', 'rae', 'rae'], {
			refusedOnce: ['rae'],
			thenLoseAnswer: 'rae',
		});

		expect(sent('rae')).toBe(1);
		// Row 2 sent nothing in any try; row 3 sent it and lost the answer. Before: row 2 named no row ("an earlier
		// try of this node sent it") and row 3 was told it may have gone out with row 2.
		expect(result.items[1].json.error).toBe(
			'The outcome of Resend Invite is unknown: row 3 (item index 2) sent it in an earlier try of this node',
		);
		expect(result.items[2].json.error).toBe(
			'The invitation to rae.person@member.example may have gone out with row 3 (item index 2) in an earlier try of this node, whose outcome is unknown: it was not sent again',
		);
	});

	it("with n8n's Retry On Fail, 1.1 keeps each row's invitation by item: a person's two rows mail twice in the first try, never again", async () => {
		const { result, sent } = await resendWithRetries(['refused', 'penny', 'Penny'], {
			typeVersion: 1.1,
		});

		expect(result.items.slice(1).map((item) => item.json)).toEqual([
			{ email: 'penny.person@member.example', status: 'pending', result: 'inviteResent' },
			{ email: 'Penny.person@member.example', status: 'pending', result: 'inviteResent' },
		]);
		// 1.1 has no once-per-person rule: two rows, two e-mails in the first try, none in later tries
		expect(sent('penny')).toBe(2);
	});

	it("with n8n's Retry On Fail, a person refused once (nothing sent) is sent on the next try, another person not again (1.2)", async () => {
		const { result, sent } = await resendWithRetries(['refused', 'ann', 'bob'], {
			refusedOnce: ['bob'],
		});

		expect(result.items.slice(1).map((item) => item.json)).toEqual([
			{ email: 'ann.person@member.example', status: 'pending', result: 'inviteResent' },
			{ email: 'bob.person@member.example', status: 'pending', result: 'inviteResent' },
		]);
		expect(sent('ann')).toBe(1);
		expect(sent('bob')).toBe(1);
	});

	it("with n8n's Retry On Fail, a row whose answer was lost is not sent again by the next try, which says why", async () => {
		const { main, credentials } = newOrganization();
		invite(main.id, 'Lia', 'lia.retry@member.example');
		loseNextResendAnswer();

		const result = await resendTo(['lia.retry@member.example'], credentials, { retryOnFail: 2 });

		expect(result.error?.message).toMatch(
			/^The outcome of Resend Invite is unknown: an earlier try/,
		);
		expect(result.error?.description).toContain(
			'Ask the person whether the invitation arrived before resending it',
		);
		expect(suite.sim.state.resendCount('lia.retry@member.example')).toBe(1);
		expect(suite.sim.requestLog).toHaveLength(1);
	});

	it('sends every row as before in nodes saved with 1.1', async () => {
		const { main, credentials } = newOrganization();
		invite(main.id, 'Penny', 'penny.old@member.example');

		const result = await resendTo(
			['penny.old@member.example', 'penny.old@member.example'],
			credentials,
			{ typeVersion: 1.1 },
		);

		expect(result.items.map((item) => item.json.result)).toEqual(['inviteResent', 'inviteResent']);
		expect(suite.sim.state.resendCount('penny.old@member.example')).toBe(2);
	});

	it('an answer lost after the invitation went out fails the item, saying to ask the person first', async () => {
		const { main, credentials } = newOrganization();
		invite(main.id, 'Lia', 'lia.lost@member.example');
		loseNextResendAnswer();

		const result = await resendTo(['lia.lost@member.example'], credentials);

		expect(result.error?.httpCode).toBe('502');
		expect(result.error?.description).toContain(
			'Ask the person whether the invitation arrived before resending it',
		);
		expect(result.error?.description).not.toMatch(/Display ID|team's codes/);
		expect(suite.sim.state.resendCount('lia.lost@member.example')).toBe(1);
		expect(suite.sim.requestLog).toHaveLength(1);
	});

	it('refuses an encoded slash in the e-mail before sending anything', async () => {
		const { credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'resendInvite',
				email: 'x%2F..%2F@member.example',
			},
			credentials,
		});

		expect(result.error?.message).toBe(
			'Item 0: "Email" must be an e-mail address such as ada@example.com',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});
