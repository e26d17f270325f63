/** Create or Update's Delete Missing: each candidate read by its ID right before its delete (fake context). */
import { fakeContext, ok, refused, type FakeAnswer } from '../../../support/fakeContext';
import { STORED_CODE, answering, runAction, serviceAnswer } from '../../../support/actionRequests';
import { Qrtrac } from '../../../../nodes/Qrtrac/Qrtrac.node';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

describe('Delete Missing reads each candidate by its ID before deleting it', () => {
	// The snapshot (the team's list) holds d9 with the Delete Missing tag "a"; no row names it.
	const dropped = { ...STORED_CODE, id: 'qr_9', displayId: 'd9' };
	const run = async (readAnswer: object) =>
		await runAction(
			'qrCode',
			'createOrUpdate',
			{
				mode: 'sync',
				displayId: 'd1',
				qrType: 'WEB',
				name: STORED_CODE.name,
				qrRedirectUrl: STORED_CODE.qrRedirectUrl,
				additionalFields: { tags: 'a' },
				options: { deleteMissing: true, deleteMissingTag: 'a' },
			},
			answering({
				'GET /api/qrs-api/v2/teams/': ok({ qrs: [STORED_CODE, dropped], totalCount: 2 }),
				'GET /api/qrs-api/teams/qr_9': ok(readAnswer),
				'DELETE /api/qrs-api/qr_9': ok({ id: 'qr_9', deleted: true }),
			}),
		);
	const outcomes = (done: Awaited<ReturnType<typeof run>>) =>
		done.output?.[0].map((item) => [item.json.result, item.json.id]);
	/** The code as a read leaving out the named fields shows it. */
	const without = (...fields: string[]) =>
		Object.fromEntries(Object.entries(dropped).filter(([field]) => !fields.includes(field)));
	const withoutTags = without('tags');
	const spared = {
		result: 'deleteMissingSpared',
		spared: 1,
		displayIds: ['d9'],
		reason: expect.stringContaining('no longer') as unknown,
	};

	it('spares a code read without the tag, and says so on the last row', async () => {
		const done = await run({ ...dropped, tags: ['b'] });

		expect(outcomes(done)).toEqual([
			['unchanged', 'qr_1'],
			['deleteMissingSpared', undefined],
		]);
		expect(done.output?.[0][1].json).toEqual(spared);
		expect(done.sent.map((request) => request.method)).toEqual(['GET', 'GET']);
	});

	it("deletes a code whose read leaves its tags out when the read is the snapshot's version (one change time)", async () => {
		const done = await run(withoutTags);

		expect(outcomes(done)).toEqual([
			['unchanged', 'qr_1'],
			['deleted', 'qr_9'],
		]);
		expect(done.sent.map((request) => request.method)).toEqual(['GET', 'GET', 'DELETE']);
	});

	it('spares a code whose read leaves its tags out after another writer changed it (an empty list left out)', async () => {
		// Before: the snapshot's tags ["a"] were kept for the missing list, so the code another writer untagged
		// was deleted (the API has no undelete).
		const done = await run({ ...withoutTags, updatedAt: dropped.updatedAt + 60_000 });

		expect(outcomes(done)).toEqual([
			['unchanged', 'qr_1'],
			['deleteMissingSpared', undefined],
		]);
		expect(done.output?.[0][1].json).toEqual(spared);
		expect(done.sent.map((request) => request.method)).toEqual(['GET', 'GET']);
	});

	it('spares a code whose read leaves its tags out and carries no time to compare', async () => {
		const done = await run(without('tags', 'updatedAt', 'createdAt'));

		expect(outcomes(done)).toEqual([
			['unchanged', 'qr_1'],
			['deleteMissingSpared', undefined],
		]);
		expect(done.sent.map((request) => request.method)).toEqual(['GET', 'GET']);
	});

	it('deletes a later version that still shows the tag', async () => {
		const done = await run({ ...dropped, name: 'Renamed', updatedAt: dropped.updatedAt + 60_000 });

		expect(outcomes(done)).toEqual([
			['unchanged', 'qr_1'],
			['deleted', 'qr_9'],
		]);
		expect(done.output?.[0][1].json.name).toBe('Renamed');
	});
});

it.each([1, 1.1])(
	'a node saved with version %s keeps its output: a spared code adds no item (deleteMissingSpared is 1.2)',
	async (typeVersion) => {
		const dropped = { ...STORED_CODE, id: 'qr_9', displayId: 'd9' };
		const { ctx, sent } = fakeContext({
			parameters: {
				...{ resource: 'qrCode', operation: 'createOrUpdate', mode: 'sync', displayId: 'd1' },
				...{ qrType: 'WEB', name: STORED_CODE.name, qrRedirectUrl: STORED_CODE.qrRedirectUrl },
				...{ additionalFields: { tags: 'a' } },
				options: { deleteMissing: true, deleteMissingTag: 'a' },
			},
			typeVersion,
			answers: answering({
				'GET /api/qrs-api/v2/teams/': ok({ qrs: [STORED_CODE, dropped], totalCount: 2 }),
				'GET /api/qrs-api/teams/qr_9': ok({ ...dropped, tags: ['b'] }),
			}),
		});

		const output = await new Qrtrac().execute.call(ctx);

		// before: a second item {operation: 'deleteMissingSpared', ...} that these versions never gave
		expect(output[0].map((item) => item.json.operation)).toEqual(['unchanged']);
		expect(output[0]).toHaveLength(1);
		expect(sent.map((request) => request.method)).toEqual(['GET', 'GET']);
	},
);

describe('a candidate whose read shows no code: refused as not found, or answered success without a code', () => {
	// the contract documents only a 200 for Get QR by ID, its `data` optional: both say no code is there
	const dropped = { ...STORED_CODE, id: 'qr_9', displayId: 'd9' };
	const deletedMeanwhile = { ...dropped, deleted: true, updatedAt: dropped.updatedAt + 60_000 };
	const run = async (readAnswer: FakeAnswer) =>
		await runAction(
			'qrCode',
			'createOrUpdate',
			{
				mode: 'sync',
				displayId: 'd1',
				qrType: 'WEB',
				name: STORED_CODE.name,
				qrRedirectUrl: STORED_CODE.qrRedirectUrl,
				additionalFields: { tags: 'a' },
				options: { deleteMissing: true, deleteMissingTag: 'a' },
			},
			(request) => {
				const route = `${request.method} ${new URL(request.url).pathname}`;
				if (route === 'GET /api/qrs-api/v2/teams/')
					return ok({ qrs: [STORED_CODE, dropped], totalCount: 2 });
				if (route === 'GET /api/qrs-api/teams/qr_9') return readAnswer;
				// the team's changes since the snapshot's version hold the candidate deleted by another writer
				if (route.startsWith('GET /api/qrs-api/teams/fromTime/')) return ok([deletedMeanwhile]);
				return serviceAnswer(request);
			},
		);

	it.each([
		['200 success:false "QR code not found"', refused(200, 'QR code not found')],
		['200 success without a code', ok()],
	])('%s, the changes holding it deleted: deleted already, nothing sent', async (_what, answer) => {
		const done = await run(answer);

		expect(done.error).toBeUndefined();
		expect(done.output?.[0].map((item) => [item.json.result, item.json.id])).toEqual([
			['unchanged', 'qr_1'],
			['deleted', 'qr_9'],
		]);
		expect(done.output?.[0][1].json.alreadyDeleted).toBe(true);
		expect(done.sent.map((request) => request.method)).not.toContain('DELETE');
	});
});
