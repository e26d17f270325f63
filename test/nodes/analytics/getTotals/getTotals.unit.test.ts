/** Scan > Get Totals: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, answering, described, runAction } from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it("posts the codes' IDs, after reading the team's codes, which hold them", async () => {
	const run = await runAction(
		'analytics',
		'getTotals',
		{
			codeSelection: 'list',
			qrCodeIds: 'qr_1',
		},
		answering({
			'GET /api/qrs-api/v2/teams/': ok({
				qrs: [{ id: 'qr_1', name: 'Code 1', teamId: 'team_1' }],
				totalCount: 1,
			}),
		}),
	);

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'GET',
			path: '/api/qrs-api/v2/teams/',
			qs: { sortBy: 'createdAt', sortOrder: 'asc', limit: 100, page: 1 },
			headers: TEAM_HEADERS,
		},
		{
			method: 'POST',
			path: '/api/analytics-api/overviews',
			headers: TEAM_HEADERS,
			body: { qrIds: ['qr_1'] },
		},
	]);
});
