/**
 * Create or Update: the later row's read by ID of the code the row before wrote, refused with a 400 or 403 of
 * other words while the code is live, fails that row and passes the code's ID on. Searching instead (as for a gone
 * code) made a search lagging behind updates start the rows after from the version before that write.
 */
import { runNode } from '../../../support/n8nHarness';
import { rowByRowForm } from '../../../support/sheetRows';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();
afterEach(() => {
	suite.sim.setListDrift({});
	suite.sim.setAnswerModes({});
	suite.sim.faults.clear();
});

let teams = 0;
function newTeam(): string {
	const orgId = suite.sim.state.teams.get(suite.sim.credentials.teamId)!.orgId;
	return suite.sim.state.createTeam(orgId, `read-refused team ${++teams}`).id;
}

async function upsert(items: Array<Record<string, unknown>>, mode: string) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { ...rowByRowForm, mode, options: { teamOverride: '={{ $json.team }}' } },
		items,
		continueOnFail: true,
	});
}

describe.each([
	[403, 'Forbidden'],
	[400, 'Request could not be processed, try again'],
])('read by ID refused %s while the code is live', (status, message) => {
	it.each(['lookUpEachRow', 'sync'])(
		"%s: no row is `unchanged` on a lagging search's old version (the 503 chain test of dd95c8b)",
		async (mode) => {
			const displayId = `read-refused-${status}-${mode}`;
			const team = newTeam();
			const held = suite.sim.state.createQr(team, {
				qrType: 'WEB',
				name: 'Old',
				displayId,
				qrRedirectUrl: 'https://example.com/chain',
			});
			suite.sim.setListDrift({ listStaleMs: 60_000 });
			suite.sim.faults.add({
				kind: 'softError',
				method: 'PUT',
				path: `/api/qrs-api/${held.id}`,
				afterWrite: true,
				count: 1,
			});
			// Row 2's read by ID is refused once (a gateway's 403, a 400 of other words); the code stays live.
			suite.sim.faults.add({
				kind: 'status',
				status,
				message,
				method: 'GET',
				path: `/api/qrs-api/teams/${held.id}`,
				skip: 1,
				count: 1,
			});
			const row = { displayId, url: 'https://example.com/chain', team };
			suite.sim.clearRequestLog();
			const done = await upsert(
				[
					{ ...row, name: 'New' },
					{ ...row, name: 'Old' },
					{ ...row, name: 'Old' },
				],
				mode,
			);
			const results = done.items.map((i) => i.json.result ?? `error: ${String(i.json.error)}`);
			// the first row's write went through but was answered as failed; the second row's read is refused
			expect(results[0]).toMatch(/^error: /);
			expect(results[1]).toMatch(/^error: /);
			// the third reads the code by its ID and writes "Old" back: never "unchanged" while QRTRAC holds "New"
			expect(results[2]).toBe('updated');
			expect(suite.sim.state.getQr(held.id)?.name).toBe('Old');
		},
	);
});
