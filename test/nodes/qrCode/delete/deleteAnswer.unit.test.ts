/**
 * QR Code > Delete against answers the contract allows: its `data` is a Qr whose fields are all optional, and
 * Delete never reads it, so an answer without the code's `id` must not fail an item whose code was deleted.
 */
import { answering, runAction } from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';

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
