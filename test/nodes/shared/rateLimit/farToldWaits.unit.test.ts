/**
 * A told wait over a day (`Retry-After: 172800`, an HTTP date or a reset days ahead) is a wait like a shorter one:
 * past Maximum Wait it fails the item at once, naming it, without sending again. Before, it was read as no wait,
 * so the node paused by its own backoff and sent again into a refusal it had been told about (fake clock).
 */
import type { NodeApiError } from 'n8n-workflow';

import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { parseResetHeader, parseRetryAfter } from '../../../../nodes/shared/rateLimit/headerTimes';
import { fakeContext, ok, refused } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

const get = { method: 'GET' as const, path: '/qr-templates-api' };
const DAY_MS = 86_400_000;

async function failure(request: Promise<unknown>): Promise<NodeApiError> {
	return await request.then(
		() => {
			throw new Error('the request did not fail');
		},
		(error: NodeApiError) => error,
	);
}

const httpDate = (ms: number) => new Date(ms).toUTCString();

it.each([
	['Retry-After: 172800', () => ({ 'retry-after': '172800' }), '172,800'],
	[
		'Retry-After: an HTTP date three days ahead',
		() => ({ 'retry-after': httpDate(Date.now() + 3 * DAY_MS) }),
		'259,200',
	],
	[
		'X-RateLimit-Reset: epoch seconds three days ahead, no Retry-After',
		() => ({
			'x-ratelimit-remaining': '0',
			'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 3 * 86_400),
		}),
		'259,20\\d',
	],
	[
		'X-RateLimit-Reset: 259200 seconds, no Retry-After',
		() => ({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '259200' }),
		'259,200',
	],
])('a 429 telling %s fails at once naming the wait, sent once', async (_name, headers, seconds) => {
	const { ctx, sent } = fakeContext({ answers: () => refused(429, 'quota used up', headers()) });
	const error = await failure(qrtracApiRequest(ctx, get));
	expect(error.message).toMatch(
		new RegExp(
			`^QRTRAC asked to wait ${seconds} s \\(until .+Z by n8n's clock\\); that is over this node's Maximum Wait of 60 s$`,
		),
	);
	expect(sent).toHaveLength(1);
});

it('a 200 telling nothing remaining until a reset three days ahead: the next request fails at once, unsent', async () => {
	const resetAt = String(Math.ceil(Date.now() / 1000) + 3 * 86_400);
	const { ctx, sent } = fakeContext({
		answers: [
			ok([], {
				'x-ratelimit-limit': '200',
				'x-ratelimit-remaining': '0',
				'x-ratelimit-reset': resetAt,
			}),
		],
	});
	await expect(qrtracApiRequest(ctx, get)).resolves.toMatchObject({ data: [] });
	const error = await failure(qrtracApiRequest(ctx, get));
	expect(error.message).toMatch(/^QRTRAC asked to wait 259,\d{3} s/);
	expect(sent).toHaveLength(1);
});

it('reads none only where the value cannot be a wait', () => {
	const now = Date.UTC(2027, 0, 15, 8, 0, 0);
	expect(parseRetryAfter('172800', now)).toBe(2 * DAY_MS);
	expect(parseRetryAfter(httpDate(now + 3 * DAY_MS), now)).toBe(3 * DAY_MS);
	expect(parseResetHeader(String(now / 1000 + 3 * 86_400), now)).toBe(now + 3 * DAY_MS);
	for (const garbage of ['-5', 'soon', '', '1e3', httpDate(now - 60_000)])
		expect(parseRetryAfter(garbage, now)).toBeUndefined();
	expect(parseRetryAfter('1.5', now)).toBe(1500);
});

it('reads an epoch reset in micro- or nanoseconds in its unit, not as ms millennia ahead (review r375)', () => {
	const now = Date.UTC(2027, 0, 15, 8, 0, 0);
	const inFive = now + 5_000;
	expect(parseResetHeader(String(inFive * 1000), now)).toBe(inFive);
	expect(parseResetHeader(String(inFive * 1_000_000), now)).toBe(inFive);
	expect(parseRetryAfter(String(inFive * 1000), now)).toBe(5_000);
	// epoch ms and seconds as before
	expect(parseResetHeader(String(inFive), now)).toBe(inFive);
	expect(parseResetHeader(String(inFive / 1000), now)).toBe(inFive);
});
