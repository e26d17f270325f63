/**
 * Two records with one name in a picker: names need not be unique (two teams "Marketing", two design templates
 * "Classic"), so their entries say their IDs, for a person to pick the right one; a name held once stays as it is.
 * Through n8n-core's load options and list search contexts against the simulator.
 */
import { callLoadOptions, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let orgCount = 0;

/** An organization with teams "Marketing", "marketing " and "Sales"; the credential is the first team's. */
function sameNamedTeams() {
	orgCount += 1;
	const { org, team: first } = suite.sim.state.createOrganization(
		`Names org ${orgCount}`,
		{ name: 'Olivia Owner', email: `owner${orgCount}@names.example` },
		'Marketing',
	);
	const second = suite.sim.state.createTeam(org.id, 'marketing ');
	const sales = suite.sim.state.createTeam(org.id, 'Sales');
	const credentials: HarnessCredentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, 'owner', first.id),
	};
	return { first, second, sales, credentials };
}

type Entry = { name: string; value: string };

describe('pickers of records sharing a name', () => {
	it('team entries whose names repeat (in any case) carry the ID; a unique name does not', async () => {
		const { first, second, sales, credentials } = sameNamedTeams();
		const expected = [
			{ name: `Marketing (${first.id}) (credential's team)`, value: first.id },
			{ name: `marketing (${second.id})`, value: second.id },
			{ name: 'Sales', value: sales.id },
		];

		const searched = (await callLoadOptions('qrtrac', 'searchTeams', {
			kind: 'listSearch',
			credentials,
			parameters: { resource: 'team', operation: 'get' },
			parameterPath: 'parameters.teamId',
		})) as { results: Entry[] };
		const filtered = (await callLoadOptions('qrtrac', 'searchTeams', {
			kind: 'listSearch',
			credentials,
			filter: second.id,
			parameterPath: 'parameters.teamId',
		})) as { results: Entry[] };
		const dropdown = (await callLoadOptions('qrtrac', 'getTeamsToJoin', {
			kind: 'loadOptions',
			credentials,
		})) as Entry[];

		expect(searched.results).toEqual(expect.arrayContaining(expected));
		expect(searched.results).toHaveLength(3);
		expect(filtered.results).toEqual([expected[1]]);
		expect(dropdown).toEqual(expect.arrayContaining(expected));
	});

	it('design template entries whose names repeat carry the ID', async () => {
		const { first, credentials } = sameNamedTeams();
		const [one, two] = suite.sim.state.templatesOfTeam(first.id);
		two.name = one.name;

		const options = (await callLoadOptions('qrtrac', 'getTemplates', {
			kind: 'loadOptions',
			credentials,
			parameters: { resource: 'qrCode', operation: 'create', qrType: 'WEB' },
			parameterPath: 'parameters.additionalFields.templateId',
		})) as Entry[];

		expect(options).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ name: `${one.name} (${one.id})`, value: one.id }),
				expect.objectContaining({ name: `${one.name} (${two.id})`, value: two.id }),
			]),
		);
	});

	it('a design template QRTRAC lists without an `id` is no entry (it cannot be chosen); the others are', async () => {
		const { first, credentials } = sameNamedTeams();
		const [one, two, three] = suite.sim.state.templatesOfTeam(first.id);
		(two as { id?: string }).id = undefined;

		const options = (await callLoadOptions('qrtrac', 'getTemplates', {
			kind: 'loadOptions',
			credentials,
			parameters: { resource: 'qrCode', operation: 'create', qrType: 'WEB' },
			parameterPath: 'parameters.additionalFields.templateId',
		})) as Entry[];

		expect(options.map((option) => option.value)).toEqual(['', one.id, three.id]);
	});
});
