/**
 * One execution must not starve the others in the same n8n process: a 1,000-row run validates every row
 * before it sends anything, and while it does so no timer or socket of any other execution can fire. If that
 * takes longer than the shortest request timeout a user can set (1 s), another execution's requests time out
 * though their answers have arrived, and a POST of theirs then fails as "outcome unknown".
 * On a busy machine the loop's delay also counts the time the process waited for a core, which no code of the
 * node can shorten (a CI run beside other jobs once saw 1,453 ms where a quiet run sees about 35 ms): a block is
 * the smaller of that delay and the CPU time the process spent in the longest gap between two ticks of a timer,
 * both of which a real block of the loop fills.
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
	const monitor = blockMonitor(10);
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
	const longestCpuGapMs = monitor.stop();
	delay.disable();
	const longestDelayMs = Math.round(delay.max / 1e6);
	const longestBlockMs = Math.min(longestDelayMs, longestCpuGapMs);

	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(rows.length);
	recordFigures('event-loop', {
		rows: rows.length,
		longestBlockMs,
		longestDelayMs,
		longestCpuGapMs,
	});
	expect({ longestBlockMs, withinShortestTimeout: longestBlockMs < SHORTEST_TIMEOUT_MS }).toEqual({
		longestBlockMs,
		withinShortestTimeout: true,
	});
}, 180_000);

/**
 * The longest stretch the event loop was held by this process: for each gap between two ticks of a timer every
 * `intervalMs`, the smaller of its wall time past the interval and the CPU time the process used in it.
 */
function blockMonitor(intervalMs: number): { stop(): number } {
	let last = { wall: process.hrtime.bigint(), cpu: process.cpuUsage() };
	let longest = 0;
	const timer = setInterval(() => {
		const now = { wall: process.hrtime.bigint(), cpu: process.cpuUsage() };
		const wallMs = Number(now.wall - last.wall) / 1e6 - intervalMs;
		const used = process.cpuUsage(last.cpu);
		const cpuMs = (used.user + used.system) / 1000;
		longest = Math.max(longest, Math.min(wallMs, cpuMs));
		last = now;
	}, intervalMs);
	return {
		stop: () => {
			clearInterval(timer);
			return Math.round(longest);
		},
	};
}
