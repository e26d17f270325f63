/**
 * Create or Update: the later row's read by ID of the code the row before wrote, refused with a 400 or 403 of
 * other words while the code is live, fails that row and passes the code's ID on. Searching instead (as for a gone
 * code) made a search lagging behind updates start the rows after from the version before that write.
 */
import { failedWriteSuite, firstWriteFails } from './failedWriteSetup';

const { suite, newTeam, upsert } = failedWriteSuite('read-refused team');

describe.each([
	[403, 'Forbidden'],
	[400, 'Request could not be processed, try again'],
])('read by ID refused %s while the code is live', (status, message) => {
	it.each(['lookUpEachRow', 'sync'])(
		"%s: no row is `unchanged` on a lagging search's old version (the 503 chain test of dd95c8b)",
		async (mode) => {
			// Row 2's read by ID is refused once (a gateway's 403, a 400 of other words); the code stays live.
			const { held, rows } = firstWriteFails(suite.sim, {
				displayId: `read-refused-${status}-${mode}`,
				url: 'https://example.com/chain',
				team: newTeam(),
				laterRows: 2,
				readByIdAnswered: { status, message, count: 1 },
			});
			suite.sim.setListDrift({ listStaleMs: 60_000 });
			suite.sim.clearRequestLog();
			const done = await upsert(rows, mode);
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
