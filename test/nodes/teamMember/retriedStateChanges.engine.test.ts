/**
 * Retried state changes are checked, not guessed (issue 11, point 5). A change whose first answer is lost after
 * the service made it (a 500 after commit) is retried; when the retry is refused because the change is already
 * there ("already paused", "not found"), the node reads the state: the item is done and marked
 * `verifiedAfterUnknownOutcome` when the state is what was asked, and fails with the service's message otherwise.
 * Never a false failure, never a false success. Through n8n's engine against the simulator.
 */
import { runNode } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator();

let orgId: string;
let teamCount = 0;

beforeAll(() => {
	orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
});

/** Two teams, with `email` an accepted member of both (so pausing or removing in one is allowed). */
function twoTeamsWith(email: string) {
	const first = suite.sim.state.createTeam(orgId, `Retry team ${++teamCount}`);
	const second = suite.sim.state.createTeam(orgId, `Retry team ${++teamCount}`);
	suite.sim.state.addMember(first.id, { name: 'Retry Person', email, role: 'editor' });
	suite.sim.state.addMember(second.id, { name: 'Retry Person', email, role: 'editor' });
	suite.sim.state.acceptInvite(email);
	return { team: first.id, other: second.id };
}

/** The first matching write is made by the service, then its answer is lost (500 after commit). */
function loseFirstAnswer(method: string, pathPattern: RegExp): void {
	suite.sim.faults.add({
		kind: 'status',
		status: 500,
		method,
		pathPattern,
		afterWrite: true,
		count: 1,
	});
}

/** As nodes of 1.1 run: every change is sent (from 1.2 a state that already holds is not sent at all). */
async function run(parameters: Record<string, unknown>) {
	return await runNode({
		nodeType: 'qrtrac',
		typeVersion: 1.1,
		credentials: suite.credentials,
		parameters,
	});
}

const team = (id: string) => ({ __rl: true, mode: 'id', value: id });
const statuses = () => suite.sim.requestLog.map((entry) => `${entry.method} ${entry.status}`);

describe('a refused retry of a change that went through is verified and done', () => {
	it('Pause: "already paused" after a lost answer', async () => {
		const email = 'pause.retry@example.com';
		const { team: teamId } = twoTeamsWith(email);
		loseFirstAnswer('PUT', /\/pause$/);

		const result = await run({
			resource: 'teamMember',
			operation: 'pause',
			teamId: team(teamId),
			email,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			email,
			result: 'paused',
			verifiedAfterUnknownOutcome: true,
		});
		expect(statuses()).toEqual(['PUT 500', 'PUT 400', 'GET 200']);
		expect(suite.sim.state.findMember(teamId, email)?.state).toBe('paused');
	});

	it('Activate: "not paused" after a lost answer', async () => {
		const email = 'activate.retry@example.com';
		const { team: teamId } = twoTeamsWith(email);
		suite.sim.state.setMemberState(teamId, email, 'paused');
		loseFirstAnswer('PUT', /\/activate$/);

		const result = await run({
			resource: 'teamMember',
			operation: 'activate',
			teamId: team(teamId),
			email,
		});

		expect(result.items[0].json).toMatchObject({
			result: 'activated',
			verifiedAfterUnknownOutcome: true,
		});
		expect(suite.sim.state.findMember(teamId, email)?.state).toBe('active');
	});

	it('Remove from Team: "not a member" after a lost answer', async () => {
		const email = 'remove.retry@example.com';
		const { team: teamId, other } = twoTeamsWith(email);
		loseFirstAnswer('DELETE', /\/members\/[^/]+$/);

		const result = await run({
			resource: 'teamMember',
			operation: 'remove',
			teamId: team(teamId),
			email,
		});

		expect(result.items[0].json).toMatchObject({
			result: 'removed',
			verifiedAfterUnknownOutcome: true,
		});
		expect(suite.sim.state.findMember(teamId, email)).toBeUndefined();
		expect(suite.sim.state.findMember(other, email)).toBeDefined();
	});

	it('Delete Completely: gone from every team after a lost answer', async () => {
		const email = 'delete.retry@example.com';
		const { team: teamId } = twoTeamsWith(email);
		loseFirstAnswer('DELETE', /\/delete$/);

		const result = await run({
			resource: 'teamMember',
			operation: 'delete',
			teamId: team(teamId),
			email,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			deleted: true,
			email,
			verifiedAfterUnknownOutcome: true,
		});
		expect(suite.sim.state.findUser(email)).toBeUndefined();
	});

	it('Delete (QR code): "not found" after a lost answer, found deleted in the recent changes', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/del',
		});
		loseFirstAnswer('DELETE', /^\/api\/qrs-api\/qr_/);

		const result = await run({ resource: 'qrCode', operation: 'delete', qrCodeId: team(code.id) });

		expect(result.items[0].json).toEqual({
			deleted: true,
			id: code.id,
			verifiedAfterUnknownOutcome: true,
		});
		expect(suite.sim.state.getQr(code.id)?.deleted).toBe(true);
	});

	it.each([
		[
			'Change Role',
			'PUT',
			/\/changeRole$/,
			{ resource: 'teamMember', operation: 'changeRole', role: 'viewer' },
		],
		[
			'Rename (team)',
			'PUT',
			/^\/api\/teams-api\/team_[^/]+$/,
			{ resource: 'team', operation: 'rename', name: 'Renamed after retry' },
		],
		[
			'Set Domains',
			'PUT',
			/domainPreferences$/,
			{ resource: 'team', operation: 'setDomains', domains: 'a.example.com, b.example.com' },
		],
	])(
		'%s: a retry the service accepts again is simply done (no false failure)',
		async (_name, method, pattern, parameters) => {
			const email = `idempotent.${teamCount}@example.com`;
			const { team: teamId } = twoTeamsWith(email);
			loseFirstAnswer(method, pattern);

			const result = await run({ ...parameters, teamId: team(teamId), email });

			expect(result.error).toBeUndefined();
			expect(statuses().slice(0, 2)).toEqual([`${method} 500`, `${method} 200`]);
		},
	);

	it('Update Tags and Update Title: retried after a lost answer, state as asked', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/t',
			tags: ['a'],
		});
		loseFirstAnswer('PUT', /\/tags$/);
		loseFirstAnswer('PATCH', /\/title$/);

		const tags = await run({
			resource: 'qrCode',
			operation: 'updateTags',
			qrCodeId: team(code.id),
			mode: 'add',
			tags: 'b',
		});
		const title = await run({
			resource: 'qrCode',
			operation: 'updateTitle',
			qrCodeId: team(code.id),
			title: 'Retitled',
		});

		expect(tags.error).toBeUndefined();
		expect(title.error).toBeUndefined();
		expect(suite.sim.state.getQr(code.id)).toMatchObject({ tags: ['a', 'b'], name: 'Retitled' });
	});
});

describe('a refusal that stands is never turned into a success', () => {
	it('Pause refused for real after a lost answer (the member would have no active team): fails with the service message', async () => {
		const email = 'only.team@example.com';
		const only = suite.sim.state.createTeam(orgId, `Single team ${++teamCount}`);
		suite.sim.state.addMember(only.id, { name: 'Only', email, role: 'viewer' });
		suite.sim.state.acceptInvite(email);
		// The first attempt fails before the service acts; the retry is refused for a real reason.
		suite.sim.faults.add({
			kind: 'status',
			status: 500,
			method: 'PUT',
			pathPattern: /\/pause$/,
			count: 1,
		});

		const result = await run({
			resource: 'teamMember',
			operation: 'pause',
			teamId: team(only.id),
			email,
		});

		expect(result.error).toMatchObject({ name: 'NodeApiError', httpCode: '400' });
		expect(result.error?.message).toMatch(/active team/);
		expect(result.error?.description).toContain('the state read afterwards is not what was asked');
		expect(suite.sim.state.findMember(only.id, email)?.state).toBe('active');
	});

	it('Delete (QR code) of an unknown ID after a lost answer: still "not found"', async () => {
		suite.sim.faults.add({ kind: 'status', status: 500, method: 'DELETE', count: 1 });

		const result = await run({
			resource: 'qrCode',
			operation: 'delete',
			qrCodeId: team('qr_never_existed'),
		});

		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			httpCode: '400',
			message: 'QR code not found: qr_never_existed',
		});
	});
});
