/**
 * A change answered "success" with its record but without `id` (simulator shape drift `changeWithoutId`):
 * QrResponse and TeamResponse require no field, so the change was made. It is read like an answer without
 * `data`: the code or the team is read back by its ID; never a failed item after the write went through.
 */
import { runNode } from '../../../support/n8nHarness';
import { byId, organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();
const newOrganization = organizations(suite, 'change-no-id.example').withTwoTeams;

beforeEach(() => suite.sim.setShapeDrift(['changeWithoutId']));
afterEach(() => suite.sim.setShapeDrift([]));

function newCode() {
	return suite.sim.state.createQr(suite.credentials.teamId!, {
		qrType: 'WEB',
		name: 'Before',
		qrRedirectUrl: 'https://example.com/before',
	});
}

async function run(parameters: Record<string, unknown>, credentials = suite.credentials) {
	return await runNode({ nodeType: 'qrtrac', credentials, parameters, continueOnFail: true });
}

describe('a change answered with its record but without an id', () => {
	it.each([
		['update', { updateFields: { name: 'After' } }, { name: 'After' }],
		['updateTitle', { title: 'After' }, { name: 'After' }],
		['updateTags', { tags: 'fresh, new' }, { tags: ['fresh', 'new'] }],
	])(
		'QR Code > %s: the code read back by its ID is the item',
		async (operation, fields, changed) => {
			const code = newCode();

			const result = await run({
				resource: 'qrCode',
				operation,
				qrCodeId: byId(code.id),
				...fields,
			});

			expect(result.items[0].json.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({ id: code.id, ...changed });
			expect(suite.sim.state.getQr(code.id)).toMatchObject(changed);
			expect(suite.sim.requestLog.at(-1)).toMatchObject({
				method: 'GET',
				path: `/api/qrs-api/teams/${code.id}`,
			});
		},
	);

	it('Team > Rename and Set Domains: the team read back by its ID is the item', async () => {
		const { sales, credentials } = newOrganization();

		const renamed = await run(
			{ resource: 'team', operation: 'rename', teamId: byId(sales.id), name: 'Sales EMEA' },
			credentials,
		);
		const domains = await run(
			{
				resource: 'team',
				operation: 'setDomains',
				teamId: byId(sales.id),
				domains: 'go.example.com',
				defaultDomain: 'go.example.com',
			},
			credentials,
		);

		expect(renamed.items[0].json).toMatchObject({ id: sales.id, name: 'Sales EMEA' });
		expect(domains.items[0].json).toMatchObject({ id: sales.id, domains: ['go.example.com'] });
		expect(suite.sim.requestLog.at(-1)).toMatchObject({
			method: 'GET',
			path: `/api/teams-api/${sales.id}`,
		});
		expect(suite.sim.state.team(sales.id)).toMatchObject({
			name: 'Sales EMEA',
			domains: ['go.example.com'],
		});
	});
});
