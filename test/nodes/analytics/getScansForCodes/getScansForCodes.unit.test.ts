/** Scan > Get Scans for Codes: the exact requests the node builds for a typical input (fake context, no sockets). */
import {
	STORED_CODE,
	TEAM_HEADERS,
	answering,
	described,
	runAction,
} from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it("posts the codes and the range's bounds in epoch ms, then reads the team's codes for their names", async () => {
	// both codes are listed as the team's, so qr_2, without scans, is not read by its ID (unlistedCodes.ts)
	const codes = [STORED_CODE, { ...STORED_CODE, id: 'qr_2', displayId: 'second' }];
	const run = await runAction(
		'analytics',
		'getScansForCodes',
		{
			codeSelection: 'list',
			qrCodeIds: 'qr_1, qr_2',
			timeRange: 'custom',
			startTime: '2026-01-01',
			endTime: '2026-01-31',
		},
		answering({ 'GET /api/qrs-api/v2/teams/': ok({ qrs: codes, totalCount: 2 }) }),
	);

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
