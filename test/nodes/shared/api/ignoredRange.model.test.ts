/**
 * The scan walk (analytics.ts `walkBulkScans`) against a service comparing the range in whole seconds, answers
 * capped at 100: halves within a second answer alike, and the walk still reads every scan (ignoredRange.ts lets
 * it split on), down to the burst's second, whose codes are then read apart (`halvesAlike`).
 */
import * as api from '../../../../nodes/shared/api';
import { fakeContext, ok, type SentRequest } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
// pacing slots come on a fake clock instead of a spin on the real one
sleepOnFakeClock();

const T = Date.UTC(2026, 10, 20, 12, 0, 0);
const scanAt = (scanTime: number, qrId = 'q1') => ({ qrId, scanTime });

describe('walkBulkScans against a service comparing whole seconds, answers capped at 100', () => {
	it('reads every scan of a burst in one second, without stopping early', async () => {
		const burst = Array.from({ length: 151 }, (_, index) => scanAt(T + 200 + index * 3));
		const { ctx } = fakeContext({
			answers: (request: SentRequest) => {
				if (request.method === 'GET') return ok(burst);
				const { startTime, endTime } = request.body as { startTime: number; endTime: number };
				const from = Math.floor(startTime / 1000) * 1000;
				const to = Math.floor(endTime / 1000) * 1000 + 999;
				return ok(burst.filter((s) => s.scanTime >= from && s.scanTime <= to).slice(0, 100));
			},
		});
		const found: number[] = [];

		await api.walkBulkScans(
			ctx,
			{ qrIds: ['q1'], startTime: T - 60_000, endTime: T + 60_000 },
			(scans) => found.push(...scans.map((scan) => scan.scanTime)),
		);

		expect(found.sort((a, b) => a - b)).toEqual(burst.map((scan) => scan.scanTime));
	});
});
