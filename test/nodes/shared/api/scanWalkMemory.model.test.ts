/**
 * How many capped answers the scan walk (analytics.ts `walkBulkScans`) holds at once, for a service keeping the
 * range (its oldest 1,000) when both halves of every capped slice are capped too, 20 levels deep; and that every
 * scan is still read once. Both halves are asked before either is split: before each level dropped its own answer
 * first, the walk held about twice as many (42.8 answers of 1,000 events against 21.7 now).
 */
import { setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';

import * as api from '../../../../nodes/shared/api';
import { fakeContext, ok, type SentRequest } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
// pacing slots come on a fake clock instead of a spin on the real one
sleepOnFakeClock();

// the heap is measured after a full collection at each request
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;
/** The walk's 85 requests, each after a full collection, take seconds on a busy machine. */
const WALK_TIMEOUT_MS = 120_000;

const DEPTH = 20;
const L = 2 ** 25;
const S = Date.UTC(2026, 10, 20, 0, 0, 0);
const E = S + L - 1;
const PAD = 'x'.repeat(2_000);
const times: number[] = [];
// base [S, S + L/2^(DEPTH+1)): 999 events (not round); each I_k = [S + L/2^(k+1), S + L/2^k): 1,001 events
const baseLen = L / 2 ** (DEPTH + 1);
for (let i = 0; i < 999; i++) times.push(S + Math.floor((i * baseLen) / 999));
for (let k = 1; k <= DEPTH; k++) {
	const from = S + L / 2 ** (k + 1);
	const len = L / 2 ** (k + 1);
	for (let i = 0; i < 1_001; i++) times.push(from + Math.floor((i * len) / 1_001));
}
times.sort((a, b) => a - b);

it(
	'holds at most about one capped answer per level (besides the path), reads every scan once',
	async () => {
		let peak = 0;
		gc();
		const baseline = process.memoryUsage().heapUsed;
		const { ctx, sent } = fakeContext({
			answers: (request: SentRequest) => {
				gc();
				peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
				if (request.method === 'GET') throw new Error('no GET expected');
				const { startTime, endTime } = request.body as { startTime: number; endTime: number };
				const kept = times.filter((t) => t >= startTime && t <= endTime).slice(0, 1_000);
				return ok(kept.map((scanTime) => ({ scanTime, qrId: 'q1', pad: PAD })));
			},
		});
		// the `sent` log keeps only request bodies (small)
		const found: number[] = [];
		await api.walkBulkScans(ctx, { qrIds: ['q1'], startTime: S, endTime: E }, (scans) => {
			for (const scan of scans) found.push(scan.scanTime);
		});
		const answerMb = (1_000 * 2_100) / 1e6;
		expect(sent).toHaveLength(85);
		expect(found.sort((a, b) => a - b)).toEqual(times);
		expect(peak / 1e6 / answerMb).toBeLessThanOrEqual(DEPTH + 3);
	},
	WALK_TIMEOUT_MS,
);
