/**
 * A 429 without any wait told, every time, until the request's Maximum Wait is spent: the item's error states the
 * waits in seconds against Maximum Wait, as a told wait's error does, says nothing was changed, and names whose
 * limit it is (the team's, or the simple interface's API key's).
 */
import { NodeApiError } from 'n8n-workflow';

import { STORED_TEAM, answering, runAction } from '../../../support/actionRequests';
import { ok, refused } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

const limited = refused(429, 'Too many requests');

it("Team > Rename: seconds against Maximum Wait, nothing changed, the team's limit", async () => {
	const run = await runAction(
		'team',
		'rename',
		{ teamId: 'team_1', name: 'Renamed' },
		answering({ 'PUT /api/teams-api/team_1': limited }),
	);
	const { description, httpCode } = run.error as NodeApiError;
	expect(httpCode).toBe('429');
	// the retries' own wait, or the pause after a 429 that told none (whichever passes Maximum Wait first: the
	// retries' backoff is jittered), never a wait QRTRAC asked for
	expect(`${run.error?.message} ${description}`).toMatch(
		/Gave up after \d+ attempts of Rename Team \(PUT \/api\/teams-api\/team_1\): waiting another [\d.]+ s after [\d.]+ s already waited would pass this node's Maximum Wait of 60 s\. |QRTRAC refused with HTTP 429 without telling how long to wait; the pause of [\d.]+ s that follows .* would pass this node's Maximum Wait of 60 s/,
	);
	expect(`${run.error?.message} ${description}`).not.toMatch(/QRTRAC asked to wait/);
	expect(description).not.toMatch(/\d\.\d{2,}|total wait bound| ms\b/);
	expect(description).toMatch(/so nothing was changed/);
	expect(description).toMatch(/same team/);
});

it("Dynamic Link > Create: the API key's limit, not a team's", async () => {
	const run = await runAction(
		'dynamicLink',
		'create',
		{ destinationUrl: 'https://example.com', type: 'dynamic' },
		answering({ 'POST /v1/qr/create': limited }),
	);
	const { description } = run.error as NodeApiError;
	expect(description).toMatch(/so nothing was changed/);
	expect(description).toMatch(/same API key/);
	expect(description).not.toMatch(/team/);
});

it('Team > Rename answered 500, then 429 until Maximum Wait: the first try may have renamed it', async () => {
	let puts = 0;
	// another team than the first test's: its rate limiter (one per team, kept by the module) starts afresh
	const run = await runAction('team', 'rename', { teamId: 'team_3', name: 'Renamed' }, (request) =>
		request.method === 'PUT'
			? ++puts === 1
				? refused(500, 'Internal Server Error')
				: limited
			: ok({ ...STORED_TEAM, id: 'team_3' }),
	);
	const { description } = run.error as NodeApiError;
	expect(puts).toBeGreaterThan(2);
	expect(description).toMatch(/QRTRAC may have made the change all the same/);
	expect(description).not.toMatch(/nothing was changed/);
});
