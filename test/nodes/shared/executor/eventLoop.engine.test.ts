/**
 * One execution must not starve the others in the same n8n process: a 1,000-row run validates every row
 * before it sends anything, and while it does so no timer or socket of any other execution can fire. If that
 * takes longer than the shortest request timeout a user can set (1 s), another execution's requests time out
 * though their answers have arrived, and a POST of theirs then fails as "outcome unknown".
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { runNode } from '../../../support/n8nHarness';
import { recordFigures } from '../../../support/reliability/figures';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
} from '../../../support/reliability/reliabilityTeam';

let env: ReliabilitySimulator;

beforeAll(async () => {
	env = await startReliabilitySimulator();
});

afterAll(async () => {
	await env?.sim.close();
});

/** The shortest Request Timeout the credential allows. */
const SHORTEST_TIMEOUT_MS = 1000;

it('a 1,000-row Create blocks the event loop for less than the shortest request timeout', async () => {
	const tag = randomBytes(3).toString('hex');
	const team = createReliabilityTeam(env, `Loop ${tag}`, { ratePerSecond: 1000 });
	const rows = Array.from({ length: 1000 }, (_, index) => ({ marker: `loop-${tag}-${index}` }));
	// Warm up (module loading, first compilation) so that only the run itself is measured.
	await runNode({
		nodeType: 'qrtrac',
		credentials: team.credentials,
		parameters: { resource: 'team', operation: 'getMany' },
	});

	const delay = monitorEventLoopDelay({ resolution: 10 });
	delay.enable();
	const result = await runNode({
		nodeType: 'qrtrac',
		credentials: team.credentials,
		parameters: {
			resource: 'qrCode',
			operation: 'create',
			qrType: 'WEB',
			name: '={{ $json.marker }}',
			qrRedirectUrl: 'https://example.com/l',
		},
		items: rows,
	});
	delay.disable();

	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(rows.length);
	const longestBlockMs = Math.round(delay.max / 1e6);
	recordFigures('event-loop', { rows: rows.length, longestBlockMs });
	expect({ longestBlockMs, withinShortestTimeout: longestBlockMs < SHORTEST_TIMEOUT_MS }).toEqual({
		longestBlockMs,
		withinShortestTimeout: true,
	});
}, 180_000);
