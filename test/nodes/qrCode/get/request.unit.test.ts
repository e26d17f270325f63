/** QR Code > Get: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('gets the code by its ID', async () => {
	const run = await runAction('qrCode', 'get', { qrCodeId: 'qr_1' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
	]);
});
