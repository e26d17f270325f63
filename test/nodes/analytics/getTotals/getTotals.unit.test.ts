/** Scan > Get Totals: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it("posts the codes' IDs, reads the team's codes for their names, and reads a code they do not list by its ID", async () => {
	const run = await runAction('analytics', 'getTotals', {
		codeSelection: 'list',
		qrCodeIds: 'qr_1',
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'POST',
			path: '/api/analytics-api/overviews',
			headers: TEAM_HEADERS,
			body: { qrIds: ['qr_1'] },
		},
		{
			method: 'GET',
			path: '/api/qrs-api/v2/teams/',
			qs: { sortBy: 'createdAt', sortOrder: 'asc', limit: 100, page: 1 },
			headers: TEAM_HEADERS,
		},
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
	]);
});
