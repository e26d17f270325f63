/**
 * A change whose outcome is unknown (a 5xx, a lost answer) is checked by reads the transport sends on their own
 * (verifyUnknownOutcome, verifyAfterRefusal). Their waits count against the change's Maximum Wait, and the change's
 * retries after them against what is left: one item never waits more than Maximum Wait for the rate limit and
 * retries. Before, each read started a Maximum Wait of its own, so one item could wait twice what the user set.
 * The error when it runs out names the read, the change it checks, and that the change may have been made.
 */
import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { isOutcomeUnknown } from '../../../../nodes/shared/outcomeMarks';
import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { fakeContext, ok, refused, type FakeAnswer } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

const sleepMock = () => jest.requireMock<{ sleep: jest.Mock }>('n8n-workflow').sleep;
const wait = (seconds: number) => refused(429, 'slow down', { 'retry-after': String(seconds) });
const read = { method: 'GET' as const, path: '/qrs-api/teams/qr_1' };

async function failure(request: Promise<unknown>): Promise<NodeApiError> {
	return await request.then(
		() => {
			throw new Error('the request did not fail');
		},
		(error: NodeApiError) => error,
	);
}

/** What the item slept in all (the fake clock moves by what was asked). */
function slept(): number {
	return sleepMock().mock.calls.reduce((sum, [ms]) => sum + (ms as number), 0);
}

beforeEach(() => sleepMock().mockClear());

/** A create of item 0 whose lost answer is checked by a read of item `readItem`, the check finding `found`. */
function createChecked(
	ctx: Parameters<typeof qrtracApiRequest>[0],
	{ readItem = 0, found = null }: { readItem?: number; found?: IDataObject | null } = {},
) {
	return qrtracApiRequest(ctx, {
		method: 'POST',
		path: '/qrs-api',
		body: {},
		itemIndex: 0,
		verifyUnknownOutcome: async () => {
			await qrtracApiRequest(ctx, { ...read, itemIndex: readItem });
			return found;
		},
	});
}

it('a refused retry after a lost answer: the check read may wait only what the change left of Maximum Wait', async () => {
	// the PUT waits 40 s, its answer is lost, its retry refused; the check read is told to wait 40 s more
	const answers: FakeAnswer[] = [
		wait(40),
		refused(502, 'Bad Gateway'),
		refused(409, 'Conflict'),
		wait(40),
		ok({ id: 'qr_1', tags: ['b'] }),
	];
	const { ctx, sent } = fakeContext({ answers });
	const error = await failure(
		qrtracApiRequest(ctx, {
			method: 'PUT',
			path: '/qrs-api/qr_1/tags',
			body: { tags: ['b'] },
			itemIndex: 0,
			verifyAfterRefusal: async () => (await qrtracApiRequest(ctx, { ...read, itemIndex: 0 })).data,
		}),
	);
	expect(sent.map((request) => request.method)).toEqual(['PUT', 'PUT', 'PUT', 'GET']);
	expect(slept()).toBeLessThanOrEqual(60_000);
	expect(isOutcomeUnknown(error)).toBe(true);
	expect(error.description).toMatch(/this refusal may be of a change already made/);
	expect(error.description).toMatch(
		/QRTRAC asked to wait 40 s .*over this node's Maximum Wait of 60 s: .*GET \/api\/qrs-api\/teams\/qr_1.*PUT \/api\/qrs-api\/qr_1\/tags.* already waited 4\d(\.\d)? s/,
	);
});

it("a create's look-up after a lost answer waits within the create's Maximum Wait", async () => {
	const answers: FakeAnswer[] = [wait(40), { networkError: 'ECONNRESET' }, wait(40), ok([])];
	const { ctx, sent } = fakeContext({ answers });
	const error = await failure(createChecked(ctx));
	expect(sent.map((request) => request.method)).toEqual(['POST', 'POST', 'GET']);
	expect(slept()).toBeLessThanOrEqual(60_000);
	expect(isOutcomeUnknown(error)).toBe(true);
	expect(error.description).toMatch(/The outcome of this POST is unknown/);
	expect(error.description).toMatch(/QRTRAC asked to wait 40 s .*POST \/api\/qrs-api/);
	expect(error.description).toMatch(/It was not sent again/);
});

it('the change sent again after its check finds nothing made waits only what the check left', async () => {
	// 30 s before the create, 25 s for its look-up, then 10 s more asked for the create: 65 s in all
	const answers: FakeAnswer[] = [
		wait(30),
		{ networkError: 'ECONNRESET' },
		wait(25),
		ok([]),
		wait(10),
		ok({ id: 'qr_2' }),
	];
	const { ctx, sent } = fakeContext({ answers });
	const error = await failure(createChecked(ctx));
	expect(sent.map((request) => request.method)).toEqual(['POST', 'POST', 'GET', 'GET', 'POST']);
	expect(slept()).toBeLessThanOrEqual(60_000);
	expect(error.message).toMatch(
		/^QRTRAC asked to wait 10 s .*Maximum Wait of 60 s: this request has already waited 5\d(\.\d)? s$/,
	);
});

it("another item's reads keep their own Maximum Wait while one item's change is checked", async () => {
	const answers: FakeAnswer[] = [
		wait(40),
		{ networkError: 'ECONNRESET' },
		wait(40),
		ok([]),
		ok([]),
	];
	const { ctx, sent } = fakeContext({ answers });
	// a read of item 1 sent while item 0's create is checked
	const response = await createChecked(ctx, { readItem: 1, found: { id: 'qr_1' } });
	expect(response).toMatchObject({ recovered: true, data: { id: 'qr_1' } });
	expect(sent.map((request) => request.method)).toEqual(['POST', 'POST', 'GET', 'GET']);
});
