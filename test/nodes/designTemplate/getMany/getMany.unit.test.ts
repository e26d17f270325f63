/** Design Template > Get Many: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it("gets the team's templates", async () => {
	const run = await runAction('designTemplate', 'getMany', { returnAll: true });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qr-templates-api', headers: TEAM_HEADERS },
	]);
});
