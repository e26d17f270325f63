/**
 * A code read by its ID is the code asked for: an answer holding another code's record (another `id`) fails the
 * item, and no operation that reads the code first (Update, Update Title, Update Tags, Download Image) acts on
 * it. A record without `id` is the asked code's (the contract's Qr requires no field).
 */
import { answering, described, runAction, STORED_CODE } from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const otherCode = answering({
	'GET /api/qrs-api/teams/qr_1': ok({ ...STORED_CODE, id: 'qr_2', displayId: 'd2' }),
});

it('Get: the record of another code fails, naming both codes', async () => {
	const run = await runAction('qrCode', 'get', { qrCodeId: 'qr_1' }, otherCode);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toMatch(
		/^QRTRAC's answer to Get QR Code .*does not have the expected shape$/,
	);
	expect((run.error as { description?: string }).description).toMatch(
		/code asked for, "qr_1".*"id" is "qr_2", another code/,
	);
});

it.each([
	['update', { updateFields: { name: 'New name' } }],
	['updateTitle', { title: 'New name' }],
	['updateTags', { mode: 'add', tags: 'b' }],
	['downloadImage', {}],
])('%s: the record of another code is not acted on', async (operation, parameters) => {
	const run = await runAction('qrCode', operation, { qrCodeId: 'qr_1', ...parameters }, otherCode);

	expect(run.error?.message).toMatch(/does not have the expected shape/);
	expect(run.sent.map(described).map((request) => request.method)).toEqual(['GET']);
});

it('Get: a record without "id" is the asked code, given its ID', async () => {
	const withoutId: Record<string, unknown> = { ...STORED_CODE };
	delete withoutId.id;
	const run = await runAction(
		'qrCode',
		'get',
		{ qrCodeId: 'qr_1', simplify: false },
		answering({ 'GET /api/qrs-api/teams/qr_1': ok(withoutId) }),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({ id: 'qr_1', name: 'Stored' });
});
