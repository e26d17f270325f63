/** QR Code > Check Availability: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('asks for the Display ID, encoded in the path', async () => {
	const run = await runAction('qrCode', 'checkAvailability', { displayId: 'd1' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/availability/d1', headers: TEAM_HEADERS },
	]);
});
