/**
 * Continue On Fail OFF, one failure in a bulk run: the node stops and reports the failed row. Rows run
 * concurrently, so rows after the failed one were already in flight and some of them were written. The user
 * can only act safely (re-run from the failed row without creating codes twice) when the error tells exactly
 * which later rows were written; "N later item(s) completed too" is not enough.
 */
import { randomBytes } from 'node:crypto';

import { runNode } from '../../../support/n8nHarness';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
} from '../../../support/reliability/reliabilityTeam';

let env: ReliabilitySimulator;

beforeAll(async () => {
	env = await startReliabilitySimulator({ latencyMs: 5 });
});

afterAll(async () => {
	await env?.sim.close();
});

const ROWS = 120;
const FAILING_POST = 10;

it('the error names every row after the failed one that was written anyway', async () => {
	const tag = randomBytes(3).toString('hex');
	const team = createReliabilityTeam(env, `Stop ${tag}`, { ratePerSecond: 1000 });
	env.sim.faults.add({
		kind: 'status',
		status: 500,
		method: 'POST',
		skip: FAILING_POST - 1,
		count: 1,
	});
	const rows = Array.from({ length: ROWS }, (_, index) => ({ marker: `stop-${tag}-${index}` }));

	const result = await runNode({
		nodeType: 'qrtrac',
		credentials: team.credentials,
		parameters: {
			resource: 'qrCode',
			operation: 'create',
			qrType: 'WEB',
			name: '={{ $json.marker }}',
			qrRedirectUrl: 'https://example.com/s',
		},
		items: rows,
	});
	env.sim.faults.clear();

	const failedRow = result.error?.itemIndex;
	expect(failedRow).toBeDefined();
	const written = new Set(env.sim.state.listQrs(team.teamId).map((qr) => qr.name));
	const writtenAfter = rows
		.map((row, index) => ({ index, written: written.has(row.marker) }))
		.filter((row) => row.index > failedRow! && row.written);
	// The run really had rows in flight past the failure: the case this test is about.
	expect(writtenAfter.length).toBeGreaterThan(0);
	const told = `${result.error?.message ?? ''} ${result.error?.description ?? ''} ${JSON.stringify(result.error?.context ?? {})}`;
	const unnamed = writtenAfter.filter((row) => !new RegExp(`\\b${row.index}\\b`).test(told));
	expect({
		failedRow,
		writtenAfterTheFailure: writtenAfter.length,
		unnamed: unnamed.map((row) => row.index),
	}).toEqual({
		failedRow,
		writtenAfterTheFailure: writtenAfter.length,
		unnamed: [],
	});
}, 60_000);
