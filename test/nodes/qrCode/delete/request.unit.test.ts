/** QR Code > Delete: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('deletes the code by its ID', async () => {
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_1' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'DELETE', path: '/api/qrs-api/qr_1', headers: TEAM_HEADERS },
	]);
});
