/** QR Code > Get Many: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('asks for the first page at the default page size (100), newest changes first', async () => {
	const run = await runAction('qrCode', 'getMany', { returnAll: false, limit: 50 });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'GET',
			path: '/api/qrs-api/v2/teams/',
			qs: { sortBy: 'updatedAt', sortOrder: 'desc', limit: 100, page: 1 },
			headers: TEAM_HEADERS,
		},
	]);
});
