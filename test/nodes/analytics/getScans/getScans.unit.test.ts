/** Scan > Get Scans: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it("gets the code's scans, then the code for its name", async () => {
	const run = await runAction('analytics', 'getScans', {
		qrCodeId: 'qr_1',
		timeRange: 'allTime',
		returnAll: true,
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/analytics-api/detailed/qr_1', headers: TEAM_HEADERS },
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
	]);
});
