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
const MOST_REQUESTS = 80;

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

/**
 * Whole seconds, Get Scans capped too: two codes share a second of 122 scans (61 each, under the cap per code),
 * and one has 200 more scans in the same hour. Only a slice as short as the slack is split by codes alone
 * (`halvesAlike`): the hour is split by time down to the busy second, so that code's other scans are not sent to
 * its capped Get Scans (which failed the walk while the whole hour was split by codes).
 */
describe.each(['oldest', 'newest'] as const)(
	'a service comparing whole seconds, its %s 100, Get Scans capped too',
	(keeps) => {
		const capped = <X>(list: X[]) => (keeps === 'oldest' ? list.slice(0, 100) : list.slice(-100));
		const busy: Array<{ qrId: string; scanTime: number }> = [];
		for (let i = 0; i < 61; i++) busy.push({ qrId: 'q1', scanTime: T + 100 + i * 7 });
		for (let i = 0; i < 61; i++) busy.push({ qrId: 'q2', scanTime: T + 103 + i * 7 });
		// q2's other scans after the busy second (the oldest 100 kept) or before it (the newest)
		const side = keeps === 'oldest' ? 1 : -1;
		for (let i = 0; i < 200; i++)
			busy.push({ qrId: 'q2', scanTime: T + side * (60_000 + i * 10_000) });
		busy.sort((a, b) => a.scanTime - b.scanTime);

		it('reads every scan of both codes', async () => {
			const { ctx, sent } = fakeContext({
				answers: (request: SentRequest) => {
					const body = request.body as { qrIds: string[]; startTime: number; endTime: number };
					if (request.method === 'GET') {
						const qrId = ['q1', 'q2'].find((id) => request.url.includes(`/${id}`));
						return ok(capped(busy.filter((scan) => scan.qrId === qrId)));
					}
					if (request.url.endsWith('/overviews'))
						return ok(
							body.qrIds.map((id) => ({
								id,
								totalScans: busy.filter((scan) => scan.qrId === id).length,
							})),
						);
					const from = Math.floor(body.startTime / 1000) * 1000;
					const to = Math.floor(body.endTime / 1000) * 1000 + 999;
					return ok(
						capped(
							busy.filter(
								(scan) =>
									body.qrIds.includes(scan.qrId) && scan.scanTime >= from && scan.scanTime <= to,
							),
						),
					);
				},
			});
			const found: number[] = [];
			await api.walkBulkScans(
				ctx,
				{ qrIds: ['q1', 'q2'], startTime: T - 3_600_000, endTime: T + 3_600_000 },
				(scans) => found.push(...scans.map((scan) => scan.scanTime)),
			);
			expect(found.sort((a, b) => a - b)).toEqual(busy.map((scan) => scan.scanTime));
			expect(sent.length).toBeLessThanOrEqual(MOST_REQUESTS);
		});
	},
);
