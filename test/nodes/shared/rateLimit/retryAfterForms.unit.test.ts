/**
 * `Retry-After` in a form the HTTP standard does not name: a point in time as epoch seconds or milliseconds. Read
 * as a delay it is decades long; the transport then failed every request of the team at once, and the limiter,
 * shared by the process, held the team's slots that long. Such a number is read as the time it names (the rule
 * the reset already follows); a told wait of days is a wait too (farToldWaits.unit.test.ts) (fake context, fake
 * clock).
 */
import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { parseRetryAfter } from '../../../../nodes/shared/rateLimit/headerTimes';
import { fakeContext, ok, refused } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const NOW_MS = Date.UTC(2027, 0, 15, 8, 0, 0, 250);
const get = { method: 'GET' as const, path: '/qr-templates-api' };

it('reads epoch seconds and epoch milliseconds as the time they name', () => {
	const at = Date.UTC(2027, 0, 15, 8, 0, 3);
	expect(parseRetryAfter(String(at / 1000), NOW_MS)).toBe(at - NOW_MS);
	expect(parseRetryAfter(String(at), NOW_MS)).toBe(at - NOW_MS);
	expect(parseRetryAfter(String(Math.floor(NOW_MS / 1000)), NOW_MS)).toBe(0);
});

it('believes a told wait beyond a day: it is no epoch number', () => {
	expect(parseRetryAfter('86400', NOW_MS)).toBe(86_400_000);
	expect(parseRetryAfter('90000', NOW_MS)).toBe(90_000_000);
	expect(parseRetryAfter('Sun, 17 Jan 2027 08:00:00 GMT', NOW_MS)).toBe(172_799_750);
});

it('waits for a 429 whose Retry-After is epoch seconds two seconds ahead, then succeeds', async () => {
	const sleepMock = jest.requireMock<{ sleep: jest.Mock }>('n8n-workflow').sleep;
	jest.useFakeTimers({ now: NOW_MS, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
	sleepMock.mockImplementation(async (ms: number) => {
		jest.setSystemTime(Date.now() + ms);
	});
	try {
		const retryAt = String(Math.floor(NOW_MS / 1000) + 2);
		const { ctx, sent } = fakeContext({
			answers: [refused(429, 'slow down', { 'retry-after': retryAt }), ok([]), ok([])],
		});
		await expect(qrtracApiRequest(ctx, get)).resolves.toMatchObject({ data: [] });
		await expect(qrtracApiRequest(ctx, get)).resolves.toMatchObject({ data: [] });
		expect(sent).toHaveLength(3);
		expect(Date.now() - NOW_MS).toBeLessThan(10_000);
	} finally {
		sleepMock.mockImplementation(async () => undefined);
		jest.useRealTimers();
	}
});
