/** Create or Update: a code read by its ID answering the row's Display ID in another case (fake context). */
import { ok, refused } from '../../../support/fakeContext';
import { STORED_CODE, answering, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

// The list answers the Display ID as stored ("Spring-A"); Get QR by ID answers it lower-cased.
const listed = { ...STORED_CODE, displayId: 'Spring-A', tags: [] as string[] };
const run = async (mode: string, readDisplayId: string) =>
	await runAction(
		'qrCode',
		'createOrUpdate',
		{
			mode,
			displayId: 'Spring-A',
			qrType: 'WEB',
			name: 'New name',
			qrRedirectUrl: STORED_CODE.qrRedirectUrl,
		},
		answering({
			'GET /api/qrs-api/v2/teams/': ok({ qrs: [listed], totalCount: 1 }),
			'GET /api/qrs-api/teams/qr_1': ok({ ...listed, displayId: readDisplayId }),
			'POST /api/qrs-api': refused(400, 'displayId "Spring-A" is already taken'),
			'GET /api/qrs-api/teams/fromTime/0': ok([listed]),
		}),
	);
const requests = (done: Awaited<ReturnType<typeof run>>) =>
	done.sent.map((request) => `${request.method} ${new URL(request.url).pathname}`);

describe.each(['sync', 'lookUpEachRow'])('%s', (mode) => {
	it('updates the code whose read by ID answers its Display ID in another case: the same code', async () => {
		// Before: taken as renamed by another writer; the create was refused as taken and the row failed.
		const done = await run(mode, 'spring-a');

		expect(done.error).toBeUndefined();
		expect(done.output?.[0].map((item) => [item.json.result, item.json.id])).toEqual([
			['updated', 'qr_1'],
		]);
		expect(requests(done)).toEqual([
			'GET /api/qrs-api/v2/teams/',
			'GET /api/qrs-api/teams/qr_1',
			'PUT /api/qrs-api/qr_1',
		]);
	});

	it('never renames back a code whose read holds another Display ID', async () => {
		const done = await run(mode, 'spring-b');

		expect(requests(done)).not.toContain('PUT /api/qrs-api/qr_1');
		expect(requests(done)).toContain('POST /api/qrs-api');
	});
});
