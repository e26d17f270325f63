/**
 * The scan walk after a failure (analytics.ts `walkBulkScans`): with several chunks at once, a chunk deep in the
 * splits of a capped answer stops at its next request once another chunk failed, instead of walking on.
 */
import * as api from '../../../../nodes/shared/api';
import { fakeContext, ok, refused, type SentRequest } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const asked = (request: SentRequest) =>
	request.body as { qrIds: string[]; startTime: number; endTime: number };
const T = Date.now() - 3_600_000;

it('sends nothing more once another chunk failed, even while splitting a capped answer', async () => {
	const qrIds = Array.from({ length: 200 }, (_, index) => `q${index}`);
	// every code has a scan each ms over 100 ms; answers are capped at 10 events, so each slice splits deep
	const { ctx, sent } = fakeContext({
		answers: (request) => {
			const { qrIds: ids, startTime, endTime } = asked(request);
			if (ids.includes('q150')) return refused(400, 'Analytics are not available for q150');
			const events = [];
			for (const qrId of ids)
				for (let at = Math.max(startTime, T); at <= Math.min(endTime, T + 99); at++)
					events.push({ qrId, scanTime: at });
			return ok(events.slice(0, 10));
		},
	});

	await expect(
		api.walkBulkScans(ctx, { qrIds, startTime: T, endTime: T + 99 }, () => undefined, {
			chunksInFlight: 2,
		}),
	).rejects.toMatchObject({ message: expect.stringContaining('q150') });

	const failedAt = sent.findIndex((request) => asked(request).qrIds.includes('q150'));
	expect(failedAt).toBeGreaterThanOrEqual(0);
	// the other chunk may finish the request it had under way, nothing after that
	expect(sent.length - failedAt).toBeLessThanOrEqual(2);
});
