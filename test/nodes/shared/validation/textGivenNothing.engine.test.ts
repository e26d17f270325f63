/**
 * A required text field whose expression gave nothing at all (undefined: `{{ $json.title }}` of an item without a
 * "title" key) is refused as missing, in the words the nodes use for an expression that gave nothing: not as a
 * value of the wrong kind (`must be text`, which null, a list and an object keep). Through n8n's engine against the
 * simulator; nothing is sent.
 */
import { memberRuns, pauseEachRow } from '../../../support/memberRuns';
import { runNode } from '../../../support/n8nHarness';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';
import { qrCodeRuns } from '../../qrCode/qrCodeRuns';

const suite = useSimulator();
const { runAt, newCode } = qrCodeRuns(suite);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const newOrganization = organizations(suite, 'given-nothing.example').withTeam;

const MISSING = 'is missing (an expression that gave no value)';

it('QR Code > Update Title: a Title read from a key the item lacks', async () => {
	const code = newCode({ name: 'Old' });
	const result = await runAt(
		'updateTitle',
		{ qrCodeId: byId(code.id), title: '={{ $json.title }}' },
		{ items: [{ name: 'no title key' }] },
	);

	expect(result.error?.message).toBe(`Item 0: "Title" ${MISSING}`);
	expect(suite.sim.requestLog).toHaveLength(0);
});

it('QR Code > Create: a Links row whose URL reads a key the item lacks', async () => {
	const result = await runAt(
		'create',
		{
			qrType: 'LINK_LIST',
			name: 'Links',
			linkListLinks: { link: [{ title: 'Docs', url: '={{ $json.url }}' }] },
		},
		{ items: [{ title: 'no url key' }] },
	);

	expect(result.error?.message).toBe(`Item 0: "Links: URL" (row 1) ${MISSING}`);
	expect(suite.sim.requestLog).toHaveLength(0);
});

it('Team Member > Pause: an Email read from a key the item lacks', async () => {
	const { team, credentials } = newOrganization();
	const result = await memberRuns(suite).run(credentials, pauseEachRow, [{ team: team.id }]);

	expect(result.error?.message).toBe(`Item 0: "Email" ${MISSING}`);
	expect(suite.sim.requestLog).toHaveLength(0);
});

it.each([
	['a key the item lacks', {}, MISSING],
	// null keeps the field's own words for a value of the wrong kind
	['null', { displayId: null }, 'must be text or a whole number (up to 9007199254740991)'],
])('QR Code > Create or Update: a Display ID read as %s', async (_case, item, words) => {
	const result = await runAt(
		'createOrUpdate',
		{
			qrType: 'WEB',
			displayId: '={{ $json.displayId }}',
			name: 'N',
			qrRedirectUrl: 'https://example.com/a',
		},
		{ items: [item] },
	);

	expect(result.error?.message).toBe(`Item 0: "Display ID" ${words}`);
	expect(suite.sim.requestLog).toHaveLength(0);
});

// the field is given: one entry of its list is nothing, told as the list's other entries of the wrong kind are
it('Team > Set Domains: a domain of the list read from a key the item lacks', async () => {
	const { team, credentials } = newOrganization();
	const result = await runNode({
		nodeType: 'qrtrac',
		credentials,
		parameters: {
			resource: 'team',
			operation: 'setDomains',
			teamId: byId(team.id),
			domains: '={{ ["qr.example.com", $json.domain] }}',
		},
		items: [{}],
	});

	expect(result.error?.message).toBe('Item 0: "Domains" must be text');
	expect(suite.sim.requestLog).toHaveLength(0);
});
