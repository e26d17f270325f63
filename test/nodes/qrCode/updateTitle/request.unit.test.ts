/** QR Code > Update Title: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the code, then patches its title', async () => {
	const run = await runAction('qrCode', 'updateTitle', { qrCodeId: 'qr_1', title: 'New title' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{
			method: 'PATCH',
			path: '/api/qrs-api/qr_1/title',
			headers: TEAM_HEADERS,
			body: { title: 'New title' },
		},
	]);
});
