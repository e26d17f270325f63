/** Team > Set Domains: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the team, then puts the domains and the default', async () => {
	const run = await runAction('team', 'setDomains', {
		teamId: 'team_1',
		domains: 'a.example, b.example',
		defaultDomain: 'b.example',
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/teams-api/team_1', headers: TEAM_HEADERS },
		{
			method: 'PUT',
			path: '/api/teams-api/team_1/domainPreferences',
			headers: TEAM_HEADERS,
			body: { defaultDomain: 'b.example', domains: ['a.example', 'b.example'] },
		},
	]);
});

it("sends a Unicode domain as its punycode and a domain written with the root's trailing dot without it", async () => {
	const run = await runAction('team', 'setDomains', {
		teamId: 'team_1',
		domains: 'Bücher.example, qr.example.com.',
		defaultDomain: 'bücher.example.',
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)[1]).toMatchObject({
		method: 'PUT',
		body: {
			defaultDomain: 'xn--bcher-kva.example',
			domains: ['xn--bcher-kva.example', 'qr.example.com'],
		},
	});
});
