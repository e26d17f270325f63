/** A service that KEEPS the range (to the ms or to whole seconds), capped at its newest or oldest N, never
 * meets the new stop (ignoredRange.ts): duplicates, events at slice edges, events without qrId. One comparing
 * whole seconds is split by codes once a second's halves answer alike (`halvesAlike`), not a request per ms. */
import * as api from '../../../../nodes/shared/api';
import * as scanTotals from '../../../../nodes/shared/api/scanTotals';
import {
	fakeContext,
	ok,
	refused,
	type FakeAnswer,
	type SentRequest,
} from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

// the spies below replace an export: the module as a plain object (compiled exports are fixed getters)
jest.mock('../../../../nodes/shared/api/scanTotals', () => ({
	__esModule: true,
	...jest.requireActual('../../../../nodes/shared/api/scanTotals'),
}));

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

/** Scans of codes q1 and q2 as a service comparing whole seconds keeps them, its oldest or newest 100, Get Scans too. */
function wholeSeconds(
	scans: Array<{ qrId: string; scanTime: number }>,
	keeps: 'oldest' | 'newest',
) {
	const capped = <X>(list: X[]) => (keeps === 'oldest' ? list.slice(0, 100) : list.slice(-100));
	return (request: SentRequest) => {
		const body = request.body as { qrIds: string[]; startTime: number; endTime: number };
		if (request.method === 'GET') {
			const qrId = ['q1', 'q2'].find((id) => request.url.includes(`/${id}`));
			return ok(capped(scans.filter((scan) => scan.qrId === qrId)));
		}
		if (request.url.endsWith('/overviews'))
			return ok(
				body.qrIds.map((id) => ({
					id,
					totalScans: scans.filter((scan) => scan.qrId === id).length,
				})),
			);
		const from = Math.floor(body.startTime / 1000) * 1000;
		const to = Math.floor(body.endTime / 1000) * 1000 + 999;
		return ok(
			capped(
				scans.filter(
					(scan) => body.qrIds.includes(scan.qrId) && scan.scanTime >= from && scan.scanTime <= to,
				),
			),
		);
	};
}

/**
 * Two codes share a second of 122 scans (61 each, under the cap per code); q2 has other scans earlier in the range
 * (mirrored when the oldest 100 are kept), which a read of q2 over a slice split by codes alone (`halvesAlike`)
 * sends to its capped Get Scans: over an hour (200 more, a minute off) only a slice of a few seconds is split so;
 * over 3.9 s (47 more, two seconds off) the slice is, q2's read cannot be shown whole, and the slice is split by
 * time after all, as before `halvesAlike`.
 */
describe.each([
	[
		'an hour, 200 more scans of q2 a minute off',
		-60_000,
		-10_000,
		200,
		[3_600_000, 3_600_000],
		MOST_REQUESTS,
	],
	['3.9 s, 47 more scans of q2 two seconds off', -1_990, 20, 47, [2_500, 1_400], 5_000],
])(
	'a service comparing whole seconds, Get Scans capped too, %s',
	(_, first, step, more, [before, after], most) => {
		it.each(['newest', 'oldest'] as const)(
			'reads every scan of both codes, its %s 100',
			async (keeps) => {
				const at = (ms: number) => (keeps === 'newest' ? T + ms : T - ms);
				const scans: Array<{ qrId: string; scanTime: number }> = [];
				for (let i = 0; i < 61; i++) scans.push({ qrId: 'q1', scanTime: at(500 + i * 5) });
				for (let i = 0; i < 61; i++) scans.push({ qrId: 'q2', scanTime: at(502 + i * 5) });
				for (let i = 0; i < more; i++) scans.push({ qrId: 'q2', scanTime: at(first + i * step) });
				scans.sort((a, b) => a.scanTime - b.scanTime);
				const { ctx, sent } = fakeContext({ answers: wholeSeconds(scans, keeps) });
				const [startTime, endTime] = [at(-before), at(after)].sort((a, b) => a - b);
				const found: number[] = [];
				await api.walkBulkScans(ctx, { qrIds: ['q1', 'q2'], startTime, endTime }, (answer) =>
					found.push(...answer.map((scan) => scan.scanTime)),
				);
				expect(found.sort((a, b) => a - b)).toEqual(scans.map((scan) => scan.scanTime));
				expect(sent.length).toBeLessThanOrEqual(most);
			},
		);
	},
);

/** q1 and q2 share a busy second (61 each); q1 has 61 more two seconds later. */
function busyThenLater(): Array<{ qrId: string; scanTime: number }> {
	const scans: Array<{ qrId: string; scanTime: number }> = [];
	for (let i = 0; i < 61; i++) scans.push({ qrId: 'q1', scanTime: T + 2000 + i * 16 });
	for (let i = 0; i < 61; i++) scans.push({ qrId: 'q2', scanTime: T + 2003 + i * 16 });
	for (let i = 0; i < 61; i++) scans.push({ qrId: 'q1', scanTime: T + 4000 + i * 16 });
	return scans.sort((a, b) => a.scanTime - b.scanTime);
}

/**
 * q1 and q2 share a busy second (61 each) and q1 has 61 more two seconds later: a 3.9 s slice's halves answer
 * alike and q1 is read over it from Get Scans (122 in 5 seconds, which looks capped); when that read fails (here
 * refused; an answer too large to read alike), the slice is split by time after all, as before `halvesAlike`, which
 * never read Get Scans here.
 */
it('reads every scan when the read of a code over a slice split by codes alone fails', async () => {
	const scans = busyThenLater();
	const service = wholeSeconds(scans, 'oldest');
	const { ctx, sent } = fakeContext({
		answers: (request: SentRequest) =>
			request.method === 'GET'
				? { status: 403, body: { success: false, message: 'Not allowed' } }
				: service(request),
	});
	const [startTime, endTime] = [T + 100, T + 3_999];
	const found: number[] = [];
	await api.walkBulkScans(ctx, { qrIds: ['q1', 'q2'], startTime, endTime }, (answer) =>
		found.push(...answer.map((scan) => scan.scanTime)),
	);
	const inRange = scans.filter((scan) => scan.scanTime >= startTime && scan.scanTime <= endTime);
	expect(found.sort((a, b) => a - b)).toEqual(inRange.map((scan) => scan.scanTime));
	expect(sent.filter((request) => request.method === 'GET')).toHaveLength(1);
});

/** As above, but Get Scans answers against the contract: that fails the walk, never taken for a refusal. */
it.each([
	['an event of a code not asked for', () => ok([{ qrId: 'q9', scanTime: T }])],
	['data that is no list', () => ok('not scans')],
])('fails naming Get Scans when its answer over such a slice holds %s', async (_, get) => {
	const scans = busyThenLater();
	const service = wholeSeconds(scans, 'oldest');
	const { ctx, sent } = fakeContext({
		answers: (request: SentRequest) => (request.method === 'GET' ? get() : service(request)),
	});
	const outcome = await api
		.walkBulkScans(ctx, { qrIds: ['q1', 'q2'], startTime: T + 100, endTime: T + 3_999 }, () => {})
		.then(
			() => 'completed',
			(error: Error) => error.message,
		);
	expect({ outcome, gets: sent.filter((request) => request.method === 'GET').length }).toEqual({
		outcome: expect.stringMatching(/Get Scans/),
		gets: 1,
	});
});

/**
 * Each way the read of a code over such a slice may fail (Get Scans, or the Get Scan Totals that checks it), on a
 * service that meets the contract or not: a failure of the request (a refusal, a 5xx, no answer) splits the slice
 * by time and every scan is read once; an answer off the contract (ScanEventsResponse, application/json), a 2xx
 * that is no JSON or says nothing (no `success`, no `data`) as much as data that is no list, fails the walk naming
 * the operation, nothing returned; so does a told wait past Maximum Wait.
 */
describe.each(['Get Scans', 'Get Scan Totals'])(
	'the read of a code by %s over such a slice',
	(which) => {
		const failures: Array<[string, () => FakeAnswer, RegExp | 'every', RegExp | 'every']> = [
			[
				'a 429 telling a wait past Maximum Wait',
				() => ({ ...refused(429, 'slow down'), headers: { 'retry-after': '3600' } }),
				/Maximum Wait/,
				/Maximum Wait/,
			],
			['a 429 every time', () => refused(429, 'slow down'), 'every', 'every'],
			['a 500 every time', () => refused(500, 'boom'), 'every', 'every'],
			['a 404', () => refused(404, 'Not found'), 'every', 'every'],
			['a 2xx saying success: false', () => refused(200, 'nope'), 'every', 'every'],
			[
				'a 2xx that is not JSON',
				() => ({ status: 200, body: '<html>gateway garbled</html>' }),
				/Get Scans \(GET \/api\/analytics-api\/detailed\/q1\) with HTTP 200 and a body that is not JSON/,
				/Get Scan Totals \(POST \/api\/analytics-api\/overviews\) with HTTP 200 and a body that is not JSON/,
			],
			[
				'a 2xx {} (no success, no data)',
				() => ({ status: 200, body: {} }),
				/Get Scans \(GET \/api\/analytics-api\/detailed\/q1\) with HTTP 200 without saying whether it succeeded/,
				/Get Scan Totals \(POST \/api\/analytics-api\/overviews\) with HTTP 200 without saying whether it succeeded/,
			],
			['a 2xx {success: true} (no data)', () => ok(), 'every', 'every'],
			['a 2xx whose data is no list', () => ok('not scans'), /Get Scans/, /Get Scan Totals/],
			['an event of another code', () => ok([{ qrId: 'q9', scanTime: T }]), /Get Scans/, 'every'],
			['ETIMEDOUT', () => ({ networkError: 'ETIMEDOUT' }), 'every', 'every'],
			['ECONNRESET', () => ({ networkError: 'ECONNRESET' }), 'every', 'every'],
		];
		it.each(failures)('answered %s', async (_, fail, wantGet, wantTotals) => {
			const scans = busyThenLater();
			const service = wholeSeconds(scans, 'oldest');
			const { ctx } = fakeContext({
				// the fake clock adds up the sleeps of requests waiting side by side, so a request that retries a
				// 429 until its tries run out may seem to have waited a minute: room enough that only the tries count
				credentials: { maxWaitSeconds: 600 },
				answers: (request: SentRequest) => {
					const hit =
						which === 'Get Scans' ? request.method === 'GET' : request.url.endsWith('/overviews');
					return hit ? fail() : service(request);
				},
			});
			const [startTime, endTime] = [T + 100, T + 3_999];
			const found: number[] = [];
			const outcome = await api
				.walkBulkScans(ctx, { qrIds: ['q1', 'q2'], startTime, endTime }, (answer) =>
					found.push(...answer.map((scan) => scan.scanTime)),
				)
				.then(
					() => 'completed',
					(error: Error & { description?: string }) =>
						`${error.message} ${error.description ?? ''}`,
				);
			const want = which === 'Get Scans' ? wantGet : wantTotals;
			if (want === 'every') {
				const inRange = scans.filter((s) => s.scanTime >= startTime && s.scanTime <= endTime);
				expect({ outcome, found: found.sort((a, b) => a - b) }).toEqual({
					outcome: 'completed',
					found: inRange.map((scan) => scan.scanTime),
				});
			} else
				expect({ outcome, found: found.length }).toEqual({
					outcome: expect.stringMatching(want),
					found: 0,
				});
		});
	},
);

/**
 * An error of the node's own code while that read is checked (here the Get Scan Totals read failing once with a
 * TypeError) is no failure of the request: it ends the walk, never hidden by splitting the slice by time.
 */
it('fails the walk on an error of its own code while reading a code over such a slice', async () => {
	const scans = busyThenLater();
	const { ctx } = fakeContext({ answers: wholeSeconds(scans, 'oldest') });
	const fault = jest
		.spyOn(scanTotals, 'getTotalScansOverview')
		.mockRejectedValueOnce(new TypeError('a fault of the node'));
	const found: number[] = [];
	const outcome = await api
		.walkBulkScans(ctx, { qrIds: ['q1', 'q2'], startTime: T + 100, endTime: T + 3_999 }, (answer) =>
			found.push(...answer.map((scan) => scan.scanTime)),
		)
		.then(
			() => 'completed',
			(error: Error) => `${error.name}: ${error.message}`,
		)
		.finally(() => fault.mockRestore());
	expect({ outcome, found: found.length }).toEqual({
		outcome: 'TypeError: a fault of the node',
		found: 0,
	});
});

/** The execution stopped (n8n's Stop) while that read failed: the walk ends there, nothing more is asked. */
it('ends the walk at once when the execution is stopped during the read of a code over such a slice', async () => {
	const scans = busyThenLater();
	const service = wholeSeconds(scans, 'oldest');
	const stop = new AbortController();
	const { ctx, sent } = fakeContext({
		answers: (request: SentRequest) => {
			if (request.method !== 'GET') return service(request);
			stop.abort();
			return { networkError: 'ECONNRESET' };
		},
	});
	Object.assign(ctx, { getExecutionCancelSignal: () => stop.signal });
	const outcome = await api
		.walkBulkScans(ctx, { qrIds: ['q1', 'q2'], startTime: T + 100, endTime: T + 3_999 }, () => {})
		.then(
			() => 'completed',
			(error: Error) => error.message,
		);
	const afterGet = sent.slice(sent.findIndex((request) => request.method === 'GET') + 1);
	expect({ outcome, afterGet: afterGet.length }).toEqual({
		outcome: expect.stringMatching(/cancelled/),
		afterGet: 0,
	});
});
