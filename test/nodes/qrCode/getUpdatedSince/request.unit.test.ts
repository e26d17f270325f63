/** QR Code > Get Updated Since: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it("asks for the team's codes changed since the time, in the path", async () => {
	const run = await runAction('qrCode', 'getUpdatedSince', { since: 1800000000000, scope: 'team' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/fromTime/1800000000000', headers: TEAM_HEADERS },
	]);
});
