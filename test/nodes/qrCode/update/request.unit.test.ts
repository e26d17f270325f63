/** QR Code > Update: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the code, then puts the complete record with the new name', async () => {
	const run = await runAction('qrCode', 'update', {
		qrCodeId: 'qr_1',
		updateFields: { name: 'Renamed' },
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{
			method: 'PUT',
			path: '/api/qrs-api/qr_1',
			headers: TEAM_HEADERS,
			body: {
				displayId: 'd1',
				tags: ['a'],
				name: 'Renamed',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/old',
			},
		},
	]);
});
