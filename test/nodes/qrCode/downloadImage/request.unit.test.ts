/** QR Code > Download Image: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the code, then fetches its image without the credential', async () => {
	const run = await runAction('qrCode', 'downloadImage', {
		qrCodeId: 'qr_1',
		binaryPropertyName: 'data',
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{ method: 'GET', path: '/qr_1.png', headers: {} },
	]);
});
