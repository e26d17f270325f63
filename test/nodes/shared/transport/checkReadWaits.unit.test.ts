/**
 * A change whose outcome is unknown (a 5xx, a lost answer) is checked by reads the transport has its check send
 * (verifyUnknownOutcome, verifyAfterRefusal). It hands the check what the change has waited, and the reads passed
 * it wait within the change's Maximum Wait; the change sent again after them, within what they left. Before, each
 * read started a Maximum Wait of its own, so one item could wait about twice what the user set. Only the reads
 * passed the check count so: another change of the item, a plain read of it, another item's reads keep their own.
 */
import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { checkWithin, waitOfRequest, type CheckWait } from '../../../../nodes/shared/checkWait';
import type { SlotWait } from '../../../../nodes/shared/slotWait';
import { isOutcomeUnknown } from '../../../../nodes/shared/outcomeMarks';
import { qrtracApiRequest, type TransportContext } from '../../../../nodes/shared/transport';
import { answering, runAction, STORED_CODE } from '../../../support/actionRequests';
import {
	fakeContext,
	ok,
	refused,
	type FakeAnswer,
	type SentRequest,
} from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

const sleepMock = () => jest.requireMock<{ sleep: jest.Mock }>('n8n-workflow').sleep;
const toldToWait = (seconds: number) =>
	refused(429, 'slow down', { 'retry-after': String(seconds) });

/** What was slept in all (the fake clock moves by what was asked). */
function slept(): number {
	return sleepMock().mock.calls.reduce((sum, [ms]) => sum + (ms as number), 0);
}

beforeEach(() => sleepMock().mockClear());

/** Answers per route (`GET /api/...`), each route's in turn; routes not named answer as the contract says. */
function byRoute(routes: Record<string, FakeAnswer[]>): (request: SentRequest) => FakeAnswer {
	const base = answering({});
	return (request) =>
		routes[`${request.method} ${new URL(request.url).pathname}`]?.shift() ?? base(request);
}

const routeOf = (request: SentRequest) => `${request.method} ${new URL(request.url).pathname}`;

it("Update Tags: the check read told to wait past what the PUT left fails at once, the PUT's outcome unknown", async () => {
	// the PUT waits 40 s, its answer is lost, its retry refused; the check read is told to wait 40 s more
	const run = await runAction(
		'qrCode',
		'updateTags',
		{ qrCodeId: 'qr_1', mode: 'replace', tags: 'b' },
		byRoute({
			'GET /api/qrs-api/teams/qr_1': [ok(STORED_CODE), toldToWait(40)],
			'PUT /api/qrs-api/qr_1/tags': [
				toldToWait(40),
				refused(502, 'Bad Gateway'),
				refused(409, 'Conflict'),
			],
		}),
	);
	const error = run.error as NodeApiError;
	expect(run.sent.map(routeOf)).toEqual([
		'GET /api/qrs-api/teams/qr_1',
		'PUT /api/qrs-api/qr_1/tags',
		'PUT /api/qrs-api/qr_1/tags',
		'PUT /api/qrs-api/qr_1/tags',
		'GET /api/qrs-api/teams/qr_1',
	]);
	expect(slept()).toBeLessThanOrEqual(60_000);
	expect(isOutcomeUnknown(error)).toBe(true);
	expect(error.description).toMatch(/this refusal may be of a change already made/);
	expect(error.description).toMatch(
		/QRTRAC asked to wait 40 s .*over this node's Maximum Wait of 60 s: this read, Get QR Code \(GET \/api\/qrs-api\/teams\/qr_1\), and Update QR Code Tags \(PUT \/api\/qrs-api\/qr_1\/tags\), whose outcome it checks, have already waited 4\d(\.\d)? s/,
	);
});

const create = {
	qrType: 'WEB',
	qrRedirectUrl: 'https://example.com/spring',
	displayId: 'spring-2025',
};

it("Create: the look-up told to wait past what the create left fails at once, the create's outcome unknown", async () => {
	const run = await runAction(
		'qrCode',
		'create',
		create,
		byRoute({
			'POST /api/qrs-api': [toldToWait(40), { networkError: 'ECONNRESET' }],
			'GET /api/qrs-api/v2/teams/': [toldToWait(40)],
		}),
	);
	const error = run.error as NodeApiError;
	expect(run.sent.map(routeOf).filter((route) => !route.includes('availability'))).toEqual([
		'POST /api/qrs-api',
		'POST /api/qrs-api',
		'GET /api/qrs-api/v2/teams/',
	]);
	expect(slept()).toBeLessThanOrEqual(60_000);
	expect(isOutcomeUnknown(error)).toBe(true);
	expect(error.description).toMatch(/The outcome of this POST is unknown/);
	expect(error.description).toMatch(
		/QRTRAC asked to wait 40 s .*Maximum Wait of 60 s: this read, Get Many QR Codes \(GET \/api\/qrs-api\/v2\/teams\/\), and Create QR Code \(POST \/api\/qrs-api\), whose outcome it checks, have already waited 4\d(\.\d)? s/,
	);
	expect(error.description).toMatch(/It was not sent again/);
});

it('Create: sent again after its look-up found nothing, it waits only what the look-up left', async () => {
	// 30 s before the create, 25 s for its look-up, then 10 s more asked for the create: 65 s in all
	const run = await runAction(
		'qrCode',
		'create',
		create,
		byRoute({
			'POST /api/qrs-api': [toldToWait(30), { networkError: 'ECONNRESET' }, toldToWait(10)],
			'GET /api/qrs-api/v2/teams/': [toldToWait(25), ok({ qrs: [], totalCount: 0 })],
		}),
	);
	expect(run.sent.map(routeOf).filter((route) => !route.includes('availability'))).toEqual([
		'POST /api/qrs-api',
		'POST /api/qrs-api',
		'GET /api/qrs-api/v2/teams/',
		'GET /api/qrs-api/v2/teams/',
		'POST /api/qrs-api',
	]);
	expect(slept()).toBeLessThanOrEqual(60_000);
	expect(run.error?.message).toMatch(
		/^QRTRAC asked to wait 10 s .*Maximum Wait of 60 s: this request has already waited 5\d(\.\d)? s$/,
	);
});

/**
 * A change answered `lost` (a wait of 30 s, then its answer lost, a retry refused), whose first check read after
 * that (matching `check`) is told to wait 40 s: 70 s with the change's, over a Maximum Wait of 60 s.
 */
function lostThenChecked(change: RegExp, lost: FakeAnswer[], check: RegExp) {
	const base = answering({});
	const state = { changes: 0, checkReads: 0 };
	const answer = (request: SentRequest): FakeAnswer => {
		const route = routeOf(request);
		if (change.test(route)) return lost[state.changes++] ?? base(request);
		if (check.test(route) && state.changes >= lost.length && state.checkReads++ === 0)
			return toldToWait(40);
		return base(request);
	};
	return { answer, state };
}

const PUT_LOST = [toldToWait(30), refused(502, 'Bad Gateway'), refused(400, 'Already done')];
const POST_LOST = [toldToWait(30), { networkError: 'ECONNRESET' }];
const bob = { name: 'Bob', email: 'b@example.com', teamsSource: 'json' };

it.each([
	[
		'qrCode',
		'update',
		{ qrCodeId: 'qr_1', updateFields: { name: 'Renamed' } },
		/^PUT \/api\/qrs-api\/qr_1$/,
		PUT_LOST,
		/^GET \/api\/qrs-api\/teams\/qr_1$/,
	],
	[
		'qrCode',
		'updateTitle',
		{ qrCodeId: 'qr_1', title: 'New title' },
		/^PATCH .*\/title$/,
		PUT_LOST,
		/^GET \/api\/qrs-api\/teams\/qr_1$/,
	],
	[
		'team',
		'rename',
		{ teamId: 'team_1', name: 'Renamed' },
		/^PUT /,
		PUT_LOST,
		/^GET \/api\/teams-api\/team_1$/,
	],
	[
		'team',
		'setDomains',
		{ teamId: 'team_1', domains: 'a.example, b.example', defaultDomain: 'b.example' },
		/^PUT /,
		PUT_LOST,
		/^GET \/api\/teams-api\/team_1$/,
	],
	[
		'teamMember',
		'pause',
		{ teamId: 'team_1', email: 'a@example.com' },
		/^PUT .*\/pause$/,
		PUT_LOST,
		/^GET \/api\/teams-api\/team_1$/,
	],
	[
		'teamMember',
		'delete',
		{ teamId: 'team_1', email: 'a@example.com' },
		/^DELETE /,
		PUT_LOST,
		/^GET \/api\/teams-api$/,
	],
	[
		'teamMember',
		'addToTeams',
		{ ...bob, teamsJson: '[{"teamId":"team_1","role":"viewer"}]' },
		/^POST /,
		POST_LOST,
		/^GET \/api\/teams-api\/team_1$/,
	],
] as const)(
	"%s > %s: its check reads wait within the change's Maximum Wait",
	async (resource, operation, parameters, change, lost, check) => {
		const { answer, state } = lostThenChecked(change, [...lost], check);
		const run = await runAction(resource, operation, { ...parameters }, answer);
		const error = run.error as NodeApiError;
		expect(slept()).toBeLessThanOrEqual(60_000);
		expect(state.checkReads).toBe(1);
		expect(isOutcomeUnknown(error)).toBe(true);
		expect(`${error.message} ${error.description}`).toMatch(
			/QRTRAC asked to wait 40 s .*Maximum Wait of 60 s: this read, .*, whose outcome it checks, have already waited/,
		);
	},
);

it("QR Code > Delete: its check read told to wait past what the DELETE left is not sent again; Delete's own check decides", async () => {
	const { answer, state } = lostThenChecked(
		/^DELETE /,
		[toldToWait(30), refused(502, 'Bad Gateway'), refused(400, 'QR code not found')],
		/^GET \/api\/qrs-api\/teams\/fromTime\//,
	);
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_1' }, answer);
	// the check read, told to wait, was not sent again; Delete's own check of the refusal (deletedAfterRefusals) read
	// the changes once more, within a Maximum Wait of its own (RELIABILITY.md: left), and found the code live
	expect(state.checkReads).toBe(2);
	expect(run.error?.message).toMatch(/not found/);
});

/** A PUT of tags of item `itemIndex` whose answer is lost and retry refused, checked by `check`. */
async function checkedPut(
	ctx: TransportContext,
	id: string,
	check: (checking: CheckWait) => Promise<IDataObject | undefined>,
	itemIndex = 0,
) {
	return await qrtracApiRequest(ctx, {
		operation: 'Update Tags',
		method: 'PUT',
		path: `/qrs-api/${id}/tags`,
		body: { tags: ['b'] },
		itemIndex,
		verifyAfterRefusal: check,
	});
}

/** The read of code `id` for item `itemIndex`, within `checking` when given. */
async function readCode(
	ctx: TransportContext,
	id: string,
	itemIndex: number,
	checking?: CheckWait,
): Promise<IDataObject> {
	const read = { method: 'GET' as const, path: `/qrs-api/teams/${id}`, itemIndex, checking };
	return (await qrtracApiRequest<IDataObject>(ctx, read)).data;
}

/**
 * The first PUT waits 40 s, loses its answer and has its retry refused; while its check runs, `during` sends other
 * requests, each told to wait 50 s once (more than the PUT left, less than a Maximum Wait of their own).
 */
function whileChecked(routes: Record<string, FakeAnswer[]>) {
	return fakeContext({
		answers: byRoute({
			'PUT /api/qrs-api/qr_1/tags': [
				toldToWait(40),
				refused(502, 'Bad Gateway'),
				refused(409, 'Conflict'),
			],
			'GET /api/qrs-api/teams/qr_1': [ok({ id: 'qr_1', tags: ['b'] })],
			...routes,
		}),
	});
}

it('two changes of one item checked at once each keep their own Maximum Wait', async () => {
	const { ctx, sent } = whileChecked({
		'PUT /api/qrs-api/qr_2/tags': [refused(502, 'Bad Gateway'), refused(409, 'Conflict')],
		'GET /api/qrs-api/teams/qr_2': [toldToWait(50), ok({ id: 'qr_2', tags: ['b'] })],
	});
	let second: unknown;
	const first = await checkedPut(ctx, 'qr_1', async (checking) => {
		// another change of the same item (Delete Missing's deletes run side by side), checked by its own reads
		second = await checkedPut(ctx, 'qr_2', async (own) => await readCode(ctx, 'qr_2', 0, own));
		return await readCode(ctx, 'qr_1', 0, checking);
	});
	expect(first).toMatchObject({ verifiedAfterUnknownOutcome: true, data: { id: 'qr_1' } });
	expect(second).toMatchObject({ verifiedAfterUnknownOutcome: true, data: { id: 'qr_2' } });
	expect(sent.filter((request) => request.method === 'GET')).toHaveLength(3);
});

it.each([
	["a plain read of the item during its change's check", 0],
	["another item's read while one item's change is checked", 1],
])('%s keeps its own Maximum Wait', async (_case, item) => {
	const { ctx } = whileChecked({
		'GET /api/qrs-api/teams/qr_3': [toldToWait(50), ok({ id: 'qr_3' })],
	});
	let unchecked: unknown;
	const response = await checkedPut(ctx, 'qr_1', async (checking) => {
		unchecked = await readCode(ctx, 'qr_3', item);
		return await readCode(ctx, 'qr_1', 0, checking);
	});
	expect(unchecked).toEqual({ id: 'qr_3' });
	expect(response).toMatchObject({ verifiedAfterUnknownOutcome: true });
});

it('the same read passed the check is held to what the change left', async () => {
	const { ctx } = whileChecked({
		'GET /api/qrs-api/teams/qr_3': [toldToWait(50), ok({ id: 'qr_3' })],
	});
	const error = await checkedPut(ctx, 'qr_1', async (checking) => {
		await readCode(ctx, 'qr_3', 0, checking);
		return await readCode(ctx, 'qr_1', 0, checking);
	}).then(
		() => undefined,
		(failure: NodeApiError) => failure,
	);
	expect(isOutcomeUnknown(error)).toBe(true);
	expect(error?.description).toMatch(/QRTRAC asked to wait 50 s .*Update Tags \(PUT/);
});

describe('checkWait.ts', () => {
	const limiter = {} as SlotWait['limiter'];
	const change = (): SlotWait => ({
		limiter,
		ceilingMs: 60_000,
		waitedMs: 40_000,
		operation: 'Update Tags (PUT /api/qrs-api/qr_1/tags)',
		limitOf: 'team',
	});
	const readWait = { limiter, ceilingMs: 60_000, operation: 'GET /x', limitOf: 'team' as const };

	it('reads sent side by side for one check count their longest wait, not their sum', async () => {
		const wait = change();
		await checkWithin(wait, async (checking) => {
			const [first, second] = [
				waitOfRequest(checking, readWait),
				waitOfRequest(checking, readWait),
			];
			expect([first.waitedMs, second.waitedMs]).toEqual([40_000, 40_000]);
			first.waitedMs += 15_000;
			second.waitedMs += 12_000;
			// a read sent after them goes on from the longest
			const third = waitOfRequest(checking, readWait);
			expect(third.waitedMs).toBe(55_000);
			third.waitedMs += 1_000;
		});
		// the change sent again afterwards has only what is left
		expect(wait.waitedMs).toBe(56_000);
	});

	it('a check whose reads waited nothing leaves the change as it was; a request not passed one starts at 0', async () => {
		const wait = change();
		await checkWithin(wait, async () => undefined);
		expect(wait.waitedMs).toBe(40_000);
		expect(waitOfRequest(undefined, readWait)).toMatchObject({ waitedMs: 0 });
		expect(waitOfRequest(undefined, readWait).checking).toBeUndefined();
	});

	it('a check that fails still counts what its reads waited', async () => {
		const wait = change();
		await expect(
			checkWithin(wait, async (checking) => {
				waitOfRequest(checking, readWait).waitedMs = 50_000;
				throw new Error('read failed');
			}),
		).rejects.toThrow('read failed');
		expect(wait.waitedMs).toBe(50_000);
	});
});
