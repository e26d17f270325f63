/**
 * n8n's Stop: the execution's cancel signal ends a request's waits (a told 429 wait, its place in the limiter's
 * line) at once, and a request of a stopped execution takes no send slot, so that the team's other executions
 * are not held behind the stopped one's items. Fake context and fake clock, as the transport's unit tests.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { downloadPublicFile } from '../../../../nodes/shared/imageDownload';
import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { fakeContext, ok, refused, uniqueBaseUrl } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const get = { method: 'GET' as const, path: '/qr-templates-api' };

sleepOnFakeClock();

/** The context's cancel signal, as n8n's `getExecutionCancelSignal` hands it over. */
function cancellable(ctx: IExecuteFunctions, controller: AbortController): IExecuteFunctions {
	return Object.assign(ctx, { getExecutionCancelSignal: () => controller.signal });
}

describe('a stopped execution', () => {
	it('ends a told 429 wait at once and sends nothing more', async () => {
		const controller = new AbortController();
		const { ctx, sent } = fakeContext({
			answers: () => {
				controller.abort(); // Stop is pressed while the refused request is under way
				return refused(429, 'slow down', { 'retry-after': '30' });
			},
		});
		const startedAtMs = Date.now();

		await expect(qrtracApiRequest(cancellable(ctx, controller), get)).rejects.toThrow(/cancelled/);

		expect(sent).toHaveLength(1);
		expect(Date.now() - startedAtMs).toBeLessThan(1000);
	});

	it('ends a told 429 wait that has begun when Stop comes during it', async () => {
		const controller = new AbortController();
		const sleep = jest.requireMock<{ sleep: jest.Mock }>('n8n-workflow').sleep;
		// the told wait never ends by itself here: only Stop can end it
		sleep.mockImplementation(async (ms: number) => {
			if (ms >= 30_000) {
				setImmediate(() => controller.abort());
				await new Promise(() => undefined);
			}
			jest.setSystemTime(Date.now() + ms);
		});
		const { ctx, sent } = fakeContext({
			answers: [refused(429, 'slow down', { 'retry-after': '30' })],
		});

		await expect(qrtracApiRequest(cancellable(ctx, controller), get)).rejects.toThrow(/cancelled/);
		expect(sent).toHaveLength(1);
	});

	it("takes no send slot: the team's other executions are not held behind its items", async () => {
		const baseUrl = uniqueBaseUrl();
		const credentials = { baseUrl, plan: 'Business Plus' };
		const controller = new AbortController();
		controller.abort();
		const stopped = fakeContext({ credentials, answers: () => ok([]) });
		const stoppedCtx = cancellable(stopped.ctx, controller);
		// 25 items of the stopped execution still ask (Continue On Fail runs every item)
		const requests = Array.from({ length: 25 }, () => qrtracApiRequest(stoppedCtx, get));
		const other = fakeContext({ credentials, answers: () => ok([]) });
		const startedAtMs = Date.now();

		await qrtracApiRequest(other.ctx, get);
		const otherWaitedMs = Date.now() - startedAtMs;
		const outcomes = await Promise.allSettled(requests);

		expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
		expect(stopped.sent).toHaveLength(0);
		expect(other.sent).toHaveLength(1);
		// at 5 per second, 25 slots before it would have held it about 5 s
		expect(otherWaitedMs).toBeLessThan(1000);
	});

	it('gives back the slot it was granted when Stop comes during its wait: the next request is sent at that slot', async () => {
		// at 200 per second the next slot, an interval after the first, is granted at once (no nap in line first)
		const credentials = { baseUrl: uniqueBaseUrl(), plan: 'Enterprise' };
		// the first request's answer ends the cautious start
		await qrtracApiRequest(fakeContext({ credentials, answers: () => ok([]) }).ctx, get);
		const controller = new AbortController();
		const sleep = jest.requireMock<{ sleep: jest.Mock }>('n8n-workflow').sleep;
		let stoppedSlotAtMs = Number.NaN;
		// Stop is pressed while the request waits for its granted slot; that wait never ends by itself here
		sleep.mockImplementationOnce(async (ms: number) => {
			stoppedSlotAtMs = Date.now() + ms;
			setImmediate(() => controller.abort());
			await new Promise(() => undefined);
		});
		const stopped = fakeContext({ credentials, answers: () => ok([]) });
		await expect(qrtracApiRequest(cancellable(stopped.ctx, controller), get)).rejects.toThrow(
			/cancelled/,
		);
		let otherSentAtMs = Number.NaN;
		const other = fakeContext({
			credentials,
			answers: () => {
				otherSentAtMs = Date.now();
				return ok([]);
			},
		});

		await qrtracApiRequest(other.ctx, get);

		expect(stopped.sent).toHaveLength(0);
		expect(stoppedSlotAtMs).toBeGreaterThan(0);
		// kept as the stopped request's, it held the other an interval longer (and counted as sent in its window)
		expect(otherSentAtMs).toBe(stoppedSlotAtMs);
	});

	it("ends Download Image's retries of the image at once, sending nothing more", async () => {
		const controller = new AbortController();
		const { ctx, sent } = fakeContext({
			answers: () => {
				controller.abort(); // Stop is pressed while the image request is under way
				return refused(503, 'busy');
			},
		});
		const startedAtMs = Date.now();

		await expect(
			downloadPublicFile(cancellable(ctx, controller), 'https://images.example.com/qr_1.png', 0),
		).rejects.toThrow(/cancelled/);

		expect(sent).toHaveLength(1);
		expect(Date.now() - startedAtMs).toBeLessThan(1000);
	});

	it("keeps Download Image's retries within the credential's Maximum Wait, as the transport's", async () => {
		// backoff doubles from 0.25 s up to 8 s: the default 60 s bound let the retries wait up to 7.75 s in all
		const { ctx, sent } = fakeContext({
			credentials: { maxWaitSeconds: 1 },
			answers: () => refused(503, 'busy'),
		});
		const startedAtMs = Date.now();

		await expect(downloadPublicFile(ctx, 'https://images.example.com/qr_1.png', 0)).rejects.toThrow(
			/HTTP 503/,
		);

		expect(Date.now() - startedAtMs).toBeLessThanOrEqual(1000);
		expect(sent.length).toBeGreaterThan(1);
	});

	it("keeps Download Image's retries of the image within the total wait bound (60 s), as the transport's", async () => {
		const { ctx, sent } = fakeContext({ answers: () => refused(429, 'slow down') });
		const startedAtMs = Date.now();

		await expect(downloadPublicFile(ctx, 'https://images.example.com/qr_1.png', 0)).rejects.toThrow(
			/HTTP 429/,
		);

		expect(Date.now() - startedAtMs).toBeLessThanOrEqual(60_000);
		expect(sent.length).toBeLessThan(30);
	});
});
