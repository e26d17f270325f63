/** QR Code > Get Updated Since: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, answering, described, runAction } from '../../../support/actionRequests';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it("asks for the team's codes changed since the time, in the path", async () => {
	const run = await runAction('qrCode', 'getUpdatedSince', { since: 1800000000000, scope: 'team' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/fromTime/1800000000000', headers: TEAM_HEADERS },
	]);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const refusals: Refusal[] = [
		{
			rule: 'Since in epoch milliseconds, not seconds',
			parameters: { since: VALUE },
			good: 1704067200000,
			bad: 1704067200,
			message:
				'Item 1: "Since" must be epoch milliseconds (after 2000-01-01); seconds are not accepted',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'getUpdatedSince', refusal.parameters, [
				refusal.good,
				refusal.bad,
			]);

			expect(good.error).toBeUndefined();
			expect(bad.error).toMatchObject({
				name: 'NodeOperationError',
				message: refusal.message,
				itemIndex: 1,
			});
		},
	);
});

describe('Since is read as the Scan operations read a date (one reader of a date or epoch ms)', () => {
	const since = async (values: unknown[]) =>
		parseItems('qrCode', 'getUpdatedSince', { since: VALUE, scope: 'team' }, values);

	it("takes a day in ISO 8601's basic form, digits alone, as text or a number, as its first moment (UTC)", async () => {
		const parsed = await since(['20260310', 20260310, '2026069', '2026-03-10']);
		expect(parsed.map((item) => item.error?.message)).toEqual([
			undefined,
			undefined,
			undefined,
			undefined,
		]);
		expect(parsed.map((item) => (item.input as { since: number }).since)).toEqual(
			Array(4).fill(Date.parse('2026-03-10T00:00:00Z')),
		);
	});

	it.each(['2026', '+002026', 2026])(
		'refuses a year alone (%j) as not a date, not as epoch seconds or January 1',
		async (value) => {
			const [item] = await since([value]);
			expect(item.error?.message).toMatch(/^Item 0: "Since" must be a date, not a year alone: /);
		},
	);
});

describe('a code the answer lists once per version, in any order (a feed of versions)', () => {
	const since = Date.now() - 3_600_000;
	const code = { id: 'qr_a', teamId: 'team_1', name: 'Spring', createdAt: since - 1_000 };
	const run = async (includeDeleted: boolean, ...versions: object[]) =>
		await changesSince(since, includeDeleted, ...versions);

	it('gives the code once, as its latest version says, whatever order the versions come in', async () => {
		const older = { ...code, name: 'Spring 1', updatedAt: since + 1_000 };
		const newer = { ...code, name: 'Spring 2', updatedAt: since + 2_000 };

		const outputs = [await run(false, newer, older), await run(false, older, newer)];

		expect(outputs.map(({ output }) => output?.[0].map(({ json }) => json.name))).toEqual([
			['Spring 2'],
			['Spring 2'],
		]);
	});

	it('gives a code updated, then deleted in the same second, as deleted, or not at all', async () => {
		const updated = { ...code, name: 'Spring 2', updatedAt: since + 1_000 };
		const deleted = { ...updated, deleted: true };

		const [kept, left] = [await run(true, deleted, updated), await run(false, deleted, updated)];

		expect(kept.output?.[0].map(({ json }) => [json.id, json.deleted])).toEqual([['qr_a', true]]);
		expect(left.error).toBeUndefined();
		expect(left.output?.[0]).toEqual([]);
	});
});

describe('a deleted code without the time of its change (updatedAt null or 0)', () => {
	it.each([null, 0])(
		'is given with Include Deleted (updatedAt %j), not left out by its creation before Since',
		async (updatedAt) => {
			const since = Date.now() - 86_400_000;
			const deleted = {
				id: 'qr_a',
				teamId: 'team_1',
				deleted: true,
				updatedAt,
				createdAt: since - 9 * 86_400_000,
			};
			const run = await changesSince(since, true, deleted);

			expect(run.error).toBeUndefined();
			expect(run.output?.[0].map(({ json }) => [json.id, json.deleted])).toEqual([['qr_a', true]]);
		},
	);
});

it('gives a code listed live and deleted without the time of its deletion as deleted', async () => {
	const since = Date.now() - 86_400_000;
	const live = { id: 'qr_a', teamId: 'team_1', createdAt: since - 1_000, updatedAt: since + 1_000 };
	const deleted = { ...live, deleted: true, updatedAt: null };
	const run = await changesSince(since, true, deleted, live);

	expect(run.output?.[0].map(({ json }) => [json.id, json.deleted])).toEqual([['qr_a', true]]);
});

/** Get Updated Since of the team from `since`, QRTRAC's changes answer holding `versions` as given. */
async function changesSince(since: number, includeDeleted: boolean, ...versions: object[]) {
	return await runAction(
		'qrCode',
		'getUpdatedSince',
		{ since, scope: 'team', simplify: false, includeDeleted },
		answering({
			[`GET /api/qrs-api/teams/fromTime/${since}`]: {
				status: 200,
				body: { success: true, data: versions },
			},
		}),
	);
}
