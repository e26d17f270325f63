/**
 * The "nothing went out" mark (serviceErrors.ts nothingWentOut) is never set once any attempt may have acted, whatever
 * the later attempts answered (a retried write whose first attempt timed out, then was refused). A fake context
 * with queued answers, as transport.unit.test.ts.
 */
import { NodeApiError } from 'n8n-workflow';

import { nothingWentOut } from '../../../../nodes/shared/outcomeMarks';
import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { fakeContext, ok, refused } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

sleepOnFakeClock();

async function failure(request: Promise<unknown>): Promise<NodeApiError> {
	try {
		await request;
	} catch (error) {
		return error as NodeApiError;
	}
	throw new Error('expected a failure');
}

describe('a failure after an attempt that may have acted is never marked "nothing went out"', () => {
	it.each<[string, NonNullable<Parameters<typeof fakeContext>[0]>['answers']]>([
		['a timeout (ETIMEDOUT), then a 400', [{ networkError: 'ETIMEDOUT' }, refused(400, 'no')]],
		[
			'a dropped connection, then a 409',
			[{ networkError: 'ECONNRESET' }, refused(409, 'conflict')],
		],
		['a 408, then a 400', [refused(408, 'slow'), refused(400, 'no')]],
		[
			'a 429, a 502, then a 404',
			[refused(429, 'slow', { 'retry-after': '1' }), refused(502, 'x'), refused(404, 'gone')],
		],
	])('PUT: %s', async (_case, answers) => {
		const { ctx, sent } = fakeContext({ answers });
		const error = await failure(qrtracApiRequest(ctx, { method: 'PUT', path: '/x/pause' }));
		expect(sent.length).toBeGreaterThan(1);
		expect(nothingWentOut(error)).toBe(false);
	});

	it('a POST whose lost answer was looked up as not made, sent again and refused: still may have acted', async () => {
		const { ctx, sent } = fakeContext({
			answers: [{ networkError: 'ETIMEDOUT' }, refused(400, 'no')],
		});
		const error = await failure(
			qrtracApiRequest(ctx, {
				method: 'POST',
				path: '/qrs-api',
				verifyUnknownOutcome: async () => null,
			}),
		);
		expect(sent).toHaveLength(2);
		expect(nothingWentOut(error)).toBe(false);
	});

	it('a success is never an error; a single 401 is marked', async () => {
		const { ctx } = fakeContext({ answers: [refused(401, 'bad')] });
		expect(
			nothingWentOut(
				await failure(qrtracApiRequest(ctx, { method: 'GET', path: '/x', hasSideEffects: true })),
			),
		).toBe(true);
		const done = fakeContext({ answers: [ok({})] });
		await expect(qrtracApiRequest(done.ctx, { method: 'GET', path: '/x' })).resolves.toBeDefined();
	});
});
