/** A service that KEEPS the range (to the ms or to whole seconds), capped at its newest or oldest N, never
 * meets the new stop (ignoredRange.ts): duplicates, events at slice edges, events without qrId. One comparing
 * whole seconds is split by codes once a second's halves answer alike (`halvesAlike`), not a request per ms. */
import * as api from '../../../../nodes/shared/api';
import { fakeContext, ok, type SentRequest } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

const T = Date.UTC(2026, 10, 20, 12, 0, 0);
const S = T - 60_000;
const E = T + 60_000;
const events: Array<{ scanTime: number; qrId?: string }> = [];
for (let i = 0; i < 120; i++) events.push({ scanTime: S }); // duplicates on the range's first ms
for (let i = 0; i < 120; i++) events.push({ scanTime: E }); // and its last
for (let i = 0; i < 130; i++) events.push({ scanTime: T + 200 + i * 3 });
for (let i = 0; i < 131; i++) events.push({ scanTime: T + 1000 }); // duplicates on a second boundary (501 in all: the GET is whole)

// most requests a walk of these 501 events may send: before halvesAlike, the whole-seconds service's took 9,074
const MOST_REQUESTS = 60;

describe.each([
	['ms', 'newest', 100],
	['ms', 'oldest', 100],
	['s', 'newest', 100],
	['s', 'oldest', 1000],
	['s', 'newest', 1000],
])('a service keeping the range to the %s, its %s %i', (unit, keeps, cap) => {
	it.each([true, false])('reads every scan (qrId sent: %s)', async (withQrId) => {
		const all = events
			.map((e) => (withQrId ? { ...e, qrId: 'q1' } : { ...e }))
			.sort((a, b) => a.scanTime - b.scanTime);
		const { ctx, sent } = fakeContext({
			answers: (request: SentRequest) => {
				if (request.method === 'GET') return ok(all);
				const { startTime, endTime } = request.body as { startTime: number; endTime: number };
				const from = unit === 's' ? Math.floor(startTime / 1000) * 1000 : startTime;
				const to = unit === 's' ? Math.floor(endTime / 1000) * 1000 + 999 : endTime;
				const kept = all.filter((s) => s.scanTime >= from && s.scanTime <= to);
				return ok(
					keeps === 'oldest' ? kept.slice(0, cap) : kept.slice(Math.max(0, kept.length - cap)),
				);
			},
		});
		const found: number[] = [];
		await api.walkBulkScans(ctx, { qrIds: ['q1'], startTime: S, endTime: E }, (scans) =>
			found.push(...scans.map((scan) => scan.scanTime)),
		);
		expect(found.sort((a, b) => a - b)).toEqual(all.map((s) => s.scanTime));
		expect(sent.length).toBeLessThanOrEqual(MOST_REQUESTS);
	});
});
