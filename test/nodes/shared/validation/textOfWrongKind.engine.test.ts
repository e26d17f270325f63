/**
 * A text field given a value of the wrong kind by an expression (null from an empty JSON cell, a list, an object) is
 * refused in the node's words, `must be text`, whichever schema checks it: never in the checker's own
 * ("Expected string, received null"). Through n8n's engine against the simulator; nothing is sent.
 */
import { runNode } from '../../../support/n8nHarness';
import { memberRuns, pauseEachRow } from '../../../support/memberRuns';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const newOrganization = organizations(suite, 'wrong-kind.example').withTeam;

it('Dynamic Link > Create: a Design Color given as a list', async () => {
	const result = await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: {
			resource: 'dynamicLink',
			operation: 'create',
			destinationUrl: 'https://example.com/a',
			design: { patternColor: '={{ ["#fff"] }}' },
		},
	});

	expect(result.error?.message).toBe('Item 0: "Color" must be text');
	expect(suite.sim.requestLog).toHaveLength(0);
});

it('Team Member > Pause: an Email null (an empty JSON cell)', async () => {
	const { team, credentials } = newOrganization();
	const result = await memberRuns(suite).run(credentials, pauseEachRow, [
		{ team: team.id, email: null },
	]);

	expect(result.error?.message).toBe('Item 0: "Email" must be text');
	expect(suite.sim.requestLog).toHaveLength(0);
});

it.each([
	// (a Default Domain null is blank, the first domain: setDomains.engine.test.ts)
	[
		'a Default Domain given as a list',
		{ domains: 'qr.example.com', defaultDomain: '={{ ["qr.example.com"] }}' },
		'Default Domain',
	],
	['a domain of the list null', { domains: '={{ ["qr.example.com", $json.value] }}' }, 'Domains'],
])('Team > Set Domains: %s', async (_case, fields, label) => {
	const { team, credentials } = newOrganization();
	const result = await runNode({
		nodeType: 'qrtrac',
		credentials,
		parameters: { resource: 'team', operation: 'setDomains', teamId: byId(team.id), ...fields },
		items: [{ value: null }],
	});

	expect(result.error?.message).toBe(`Item 0: "${label}" must be text`);
	expect(suite.sim.requestLog).toHaveLength(0);
});
