/** QR Code > Create: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('posts the Website code with its name, target and tags', async () => {
	const run = await runAction('qrCode', 'create', {
		qrType: 'WEB',
		name: 'Launch',
		qrRedirectUrl: 'https://example.com',
		additionalFields: { tags: 'a,b' },
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'POST',
			path: '/api/qrs-api',
			headers: TEAM_HEADERS,
			body: {
				qrType: 'WEB',
				name: 'Launch',
				qrRedirectUrl: 'https://example.com',
				tags: ['a', 'b'],
			},
		},
	]);
});

it("with Team Override: the other team's header", async () => {
	const run = await runAction('qrCode', 'create', {
		qrType: 'WEB',
		name: 'Launch',
		qrRedirectUrl: 'https://example.com',
		options: { teamOverride: { __rl: true, mode: 'id', value: 'team_2' } },
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'POST',
			path: '/api/qrs-api',
			headers: { Accept: 'application/json', 'x-request-team-id': 'team_2' },
			body: { qrType: 'WEB', name: 'Launch', qrRedirectUrl: 'https://example.com' },
		},
	]);
});
