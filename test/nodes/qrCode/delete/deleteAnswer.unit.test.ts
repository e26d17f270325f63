/**
 * QR Code > Delete against answers the contract allows: its `data` is a Qr whose fields are all optional, and
 * Delete never reads it, so an answer without the code's `id` must not fail an item whose code was deleted.
 */
import { answering, runAction, STORED_CODE } from '../../../support/actionRequests';
import { ok, refused } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it.each([
	['an empty record', {}],
	['a record without its id', { deleted: true }],
])('a delete answered with %s is done', async (_what, data) => {
	const run = await runAction(
		'qrCode',
		'delete',
		{ qrCodeId: 'qr_1' },
		answering({ 'DELETE /api/qrs-api/qr_1': ok(data) }),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toEqual({ deleted: true, id: 'qr_1', result: 'deleted' });
});

describe('a code deleted already: refused as not found, in the words the contract gives or as a 404', () => {
	const deletedCode = { ...STORED_CODE, teamId: 'team_1', deleted: true };
	const changes = ok([deletedCode]);

	it.each([
		['400 "not found"', refused(400, 'QR code not found')],
		['404 without a message', { status: 404, body: { success: false } }],
	])('%s, and the change feed holds it deleted: unchanged', async (_what, refusal) => {
		const run = await runAction(
			'qrCode',
			'delete',
			{ qrCodeId: 'qr_1' },
			answering({
				'DELETE /api/qrs-api/qr_1': refusal,
				// the changes since a minute before the version the read showed live
				[`GET /api/qrs-api/teams/fromTime/${STORED_CODE.updatedAt - 60_000}`]: changes,
			}),
		);

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toEqual({ deleted: true, id: 'qr_1', result: 'unchanged' });
	});

	it.each([
		['200 success:false "QR code not found"', refused(200, 'QR code not found')],
		['200 success without a code', ok()],
	])(
		'its read answered %s, and the change feed holds it deleted: unchanged, nothing sent',
		async (_what, answer) => {
			const run = await runAction(
				'qrCode',
				'delete',
				{ qrCodeId: 'qr_1' },
				answering({
					'GET /api/qrs-api/teams/qr_1': answer,
					'GET /api/qrs-api/teams/fromTime/0': changes,
				}),
			);

			expect(run.error).toBeUndefined();
			expect(run.output?.[0][0].json).toEqual({ deleted: true, id: 'qr_1', result: 'unchanged' });
			expect(run.sent.map((request) => request.method)).not.toContain('DELETE');
		},
	);

	it('a read answered success without a code for an ID the feed does not hold deleted fails, with the check-the-ID hint', async () => {
		const run = await runAction(
			'qrCode',
			'delete',
			{ qrCodeId: 'qr_9' },
			answering({
				'GET /api/qrs-api/teams/qr_9': ok(),
				'GET /api/qrs-api/teams/fromTime/0': changes,
			}),
		);

		expect(run.error?.message).toMatch(/without a code/);
		expect((run.error as { description?: string }).description).toMatch(/Check the ID/);
	});

	it('a 404 for a code the feed does not hold deleted still fails, with the check-the-ID hint', async () => {
		const run = await runAction(
			'qrCode',
			'delete',
			{ qrCodeId: 'qr_9' },
			answering({
				'GET /api/qrs-api/teams/qr_9': { status: 404, body: { success: false } },
				'DELETE /api/qrs-api/qr_9': { status: 404, body: { success: false } },
				'GET /api/qrs-api/teams/fromTime/0': changes,
			}),
		);

		expect(run.error).toMatchObject({ httpCode: '404' });
		expect((run.error as { description?: string }).description).toMatch(/Check the ID/);
	});
});
