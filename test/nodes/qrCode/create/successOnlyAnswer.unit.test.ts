/**
 * QR Code > Create answered `{success: true}` alone (201): the contract's QrResponse does not require `data`
 * (NOTES: some success answers carry only `success`). The code was made; with a Display ID it is found by it and
 * is the item, never a failure that invites a second create. Without one it cannot be told, and the item says so.
 */
import { answering, runAction, STORED_CODE } from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const made = { ...STORED_CODE, id: 'qr_new', displayId: 'spring-2025', name: 'Spring' };

const successOnly = answering({
	'POST /api/qrs-api': { status: 201, body: { success: true } },
	'GET /api/qrs-api/v2/teams/': ok({ qrs: [made], totalCount: 1 }),
});

it('with a Display ID: the code found by it is the item', async () => {
	const run = await runAction(
		'qrCode',
		'create',
		{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/spring', displayId: 'spring-2025' },
		successOnly,
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({
		id: 'qr_new',
		displayId: 'spring-2025',
		result: 'created',
	});
});

it('without a Display ID: the item fails saying the code was probably created', async () => {
	const run = await runAction(
		'qrCode',
		'create',
		{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/spring' },
		successOnly,
	);

	expect(run.error?.message).toContain('the QR code was probably created');
});
