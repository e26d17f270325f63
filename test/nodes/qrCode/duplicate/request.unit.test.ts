/** QR Code > Duplicate: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('posts the duplicate of the code, no body', async () => {
	const run = await runAction('qrCode', 'duplicate', { qrCodeId: 'qr_1' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'POST', path: '/api/qrs-api/duplicate/qr_1', headers: TEAM_HEADERS },
	]);
});
