/** Scan > Get Scans for Codes: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it("posts the codes and the range's bounds in epoch ms, then reads the team's codes for their names", async () => {
	const run = await runAction('analytics', 'getScansForCodes', {
		codeSelection: 'list',
		qrCodeIds: 'qr_1, qr_2',
		timeRange: 'custom',
		startTime: '2026-01-01',
		endTime: '2026-01-31',
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'POST',
			path: '/api/analytics-api/detailed/all',
			headers: TEAM_HEADERS,
			// the range's bounds (2026-01-01T00:00Z .. 2026-01-31T23:59:59.999Z), one millisecond wider on each side
			body: { qrIds: ['qr_1', 'qr_2'], startTime: 1767225600000 - 1, endTime: 1769903999999 + 1 },
		},
		{
			method: 'GET',
			path: '/api/qrs-api/v2/teams/',
			qs: { sortBy: 'createdAt', sortOrder: 'asc', limit: 100, page: 1 },
			headers: TEAM_HEADERS,
		},
	]);
});
