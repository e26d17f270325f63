/**
 * Rename and Set Domains against a service whose team records leave out the changed fields (Team requires none:
 * `name`, `domains`, `defaultDomain` may be absent or null): nothing there contradicts the change QRTRAC answered
 * success to, so it is `updated`, as a code's change whose answer leaves the written fields out is. A record
 * showing another value still fails the item.
 */
import { answering, runAction } from '../../support/actionRequests';
import { ok } from '../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const DOMAINS = {
	teamId: 'team_1',
	domains: 'qr.example.com, b.example',
	defaultDomain: 'qr.example.com',
};

it.each([
	[
		'rename',
		{ teamId: 'team_1', name: 'Renamed' },
		'PUT /api/teams-api/team_1',
		{ id: 'team_1', domains: [] },
	],
	[
		'setDomains',
		DOMAINS,
		'PUT /api/teams-api/team_1/domainPreferences',
		{ id: 'team_1', name: 'Team' },
	],
	[
		'setDomains',
		DOMAINS,
		'PUT /api/teams-api/team_1/domainPreferences',
		{ id: 'team_1', name: 'Team', domains: null, defaultDomain: null },
	],
])(
	'%s: team records without the changed fields are `updated`',
	async (operation, parameters, route, team) => {
		const run = await runAction(
			'team',
			operation,
			{ ...parameters },
			answering({ [route]: ok(team), 'GET /api/teams-api/team_1': ok(team) }),
		);

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({ id: 'team_1', result: 'updated' });
	},
);

it('setDomains: a record showing other domains, the default left out, still fails the item', async () => {
	const team = { id: 'team_1', name: 'Team', domains: ['a.example'] };
	const run = await runAction(
		'team',
		'setDomains',
		{ ...DOMAINS },
		answering({
			'PUT /api/teams-api/team_1/domainPreferences': ok(team),
			'GET /api/teams-api/team_1': ok(team),
		}),
	);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toContain('does not show the change');
});
