/**
 * The codes picker of Scan > Get for Codes and Get Totals (issue 25, item 2). Version 1.1 picks from a multi-select
 * that loads the team's codes as the form opens, before n8n has attached the credential of a new node: the form
 * opens with "Error fetching options". From 1.2 each code is added with its own list, which loads when it is
 * opened (with the credential), searches, and is sorted by name. Through n8n-core against the simulator.
 */
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Qrtrac } from '../../../../nodes/Qrtrac/Qrtrac.node';
import { callLoadOptions, runNode, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let orgCount = 0;

/** A team whose codes' names are in no order of creation, and another team with a code of its own. */
function teamWithCodes() {
	orgCount += 1;
	const { org, team } = suite.sim.state.createOrganization(
		`Picker org ${orgCount}`,
		{ name: 'Olivia Owner', email: `owner${orgCount}@picker.example` },
		'Main',
	);
	const other = suite.sim.state.createTeam(org.id, 'Other');
	const codes = ['Poster', 'Flyer', 'Menu card', 'Banner', 'Receipt'].map((name, index) =>
		suite.sim.state.createQr(team.id, {
			name,
			// a Display ID of its own: a generated one may hold the searched "er" and match too
			displayId: `c${orgCount}-${index}`,
			qrType: 'WEB',
			qrRedirectUrl: `https://example.com/${index}`,
		}),
	);
	suite.sim.state.createQr(other.id, {
		name: 'Aardvark elsewhere',
		qrType: 'WEB',
		qrRedirectUrl: 'https://example.com/elsewhere',
	});
	const credentials: HarnessCredentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, 'owner', team.id),
	};
	return { team, codes, credentials };
}

interface Listed {
	results: Array<{ name: string; value: string }>;
	paginationToken?: string;
}

const pickerOf = (properties: INodeProperties[]) =>
	properties.find((property) => property.name === 'pickedQrCodes');

describe('the 1.2 codes picker: a searchable list of the team codes, sorted by name', () => {
	it("lists the credential team's codes sorted by name, once opened with the credential", async () => {
		const { codes, credentials } = teamWithCodes();

		const listed = (await callLoadOptions('qrtrac', 'searchQrCodesByName', {
			kind: 'listSearch',
			credentials,
			parameterPath: 'parameters.pickedQrCodes.code[0].qrCodeId',
		})) as Listed;

		expect(listed.results.map((result) => result.name.replace(/ \(.*\)$/, ''))).toEqual([
			'Banner',
			'Flyer',
			'Menu card',
			'Poster',
			'Receipt',
		]);
		expect(listed.results.map((result) => result.value).sort()).toEqual(
			codes.map((code) => code.id).sort(),
		);
		expect(listed.results[0].name).toBe(`Banner (${codes[3].displayId})`);
		expect(listed.paginationToken).toBeUndefined();
		suite.expectRequestsFollowContract();
	});

	it('searches by name or Display ID', async () => {
		const { codes, credentials } = teamWithCodes();

		const byName = (await callLoadOptions('qrtrac', 'searchQrCodesByName', {
			kind: 'listSearch',
			credentials,
			filter: 'ER',
		})) as Listed;
		const byDisplayId = (await callLoadOptions('qrtrac', 'searchQrCodesByName', {
			kind: 'listSearch',
			credentials,
			filter: String(codes[2].displayId),
		})) as Listed;

		expect(byName.results.map((result) => result.name.replace(/ \(.*\)$/, ''))).toEqual([
			'Banner',
			'Flyer',
			'Poster',
		]);
		expect(byDisplayId.results.map((result) => result.value)).toEqual([codes[2].id]);
	});

	it('labels a code with an empty name by its Display ID alone, and by its ID when that is empty too', async () => {
		const { codes, credentials } = teamWithCodes();
		codes[0].name = '';
		codes[1].name = ' ';
		codes[1].displayId = '';

		const searched = (await callLoadOptions('qrtrac', 'searchQrCodes', {
			kind: 'listSearch',
			credentials,
			parameterPath: 'parameters.qrCodeId',
		})) as Listed;
		const dropdown = (await callLoadOptions('qrtrac', 'getQrCodes', {
			kind: 'loadOptions',
			credentials,
			parameters: { resource: 'analytics', operation: 'getTotals' },
			parameterPath: 'parameters.pickedQrCodeIds',
		})) as Listed['results'];

		const expected = [
			{ name: String(codes[0].displayId), value: codes[0].id },
			{ name: codes[1].id, value: codes[1].id },
			{ name: `Menu card (${String(codes[2].displayId)})`, value: codes[2].id },
		];
		for (const entries of [searched.results, dropdown])
			expect(entries.map(({ name, value }) => ({ name, value }))).toEqual(
				expect.arrayContaining(expected),
			);
	});

	it('Get Totals reports the codes picked in 1.2, whichever mode each was picked with', async () => {
		const { codes, credentials } = teamWithCodes();
		suite.sim.state.addScan(codes[1].id, { scanTime: Date.now() - 60_000 });

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getTotals',
				pickedQrCodes: {
					code: [
						{ qrCodeId: { __rl: true, mode: 'list', value: codes[1].id } },
						{ qrCodeId: { __rl: true, mode: 'id', value: codes[4].id } },
					],
				},
			},
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.qrId, item.json.totalScans])).toEqual([
			[codes[1].id, 1],
			[codes[4].id, 0],
		]);
	});

	// the picker asks for codes, not IDs: the refusal says what to do in the form (seen in an editor walk)
	it.each([
		['nothing set', {}],
		['no row', { pickedQrCodes: { code: [] } }],
	])(
		'refuses a run with %s in the picker, naming the picker and Add Code, before sending anything',
		async (_, picked) => {
			const { credentials } = teamWithCodes();

			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: { resource: 'analytics', operation: 'getTotals', ...picked },
				credentials,
			});

			expect(result.error?.message).toBe(
				'Item 0: "QR Codes" must name at least one code: pick it with Add Code',
			);
			expect(suite.sim.requestLog).toHaveLength(0);
		},
	);

	// a row is there but its expression names no code (a row left empty is n8n's own "Parameter is required"):
	// "must list at least one ID" spoke of a list of IDs the form does not show
	it.each([['={{ $json.qrId }}'], ['={{ $json.qrId ?? "" }}']])(
		'refuses a run whose only row is %s, giving nothing, naming the picker, before sending anything',
		async (value) => {
			const { credentials } = teamWithCodes();

			const result = await runNode({
				nodeType: 'qrtrac',
				parameters: {
					resource: 'analytics',
					operation: 'getTotals',
					pickedQrCodes: { code: [{ qrCodeId: { __rl: true, mode: 'id', value } }] },
				},
				credentials,
			});

			expect(result.error?.message).toBe(
				'Item 0: "QR Codes" must name at least one code: its rows give no code ID (pick the code in each row, or make the expression give its ID)',
			);
			expect(suite.sim.requestLog).toHaveLength(0);
		},
	);
});

describe('the form of a new node opens without loading anything', () => {
	const description = new Qrtrac().description as INodeTypeDescription;

	/** The parameters n8n shows for a node of `version` with `parameters` set, as the editor computes them. */
	function shown(version: number, parameters: Record<string, unknown>): INodeProperties[] {
		const node = {
			name: 'QRTRAC',
			type: 'n8n-nodes-qrtrac.qrtrac',
			typeVersion: version,
			parameters,
		} as unknown as INode;
		const values = NodeHelpers.getNodeParameters(
			description.properties,
			node.parameters,
			true,
			false,
			node,
			description,
		)!;
		return description.properties.filter((property) =>
			NodeHelpers.displayParameter(values, property, node, description),
		);
	}

	it.each(['getScansForCodes', 'getTotals'])(
		'%s in 1.2: nothing loads options as the form opens; codes are added one by one from a searchable list',
		(operation) => {
			const properties = shown(1.2, { resource: 'analytics', operation });

			expect(
				properties.filter((property) => property.typeOptions?.loadOptionsMethod).map((p) => p.name),
			).toEqual([]);
			const picker = pickerOf(properties);
			expect(picker?.type).toBe('fixedCollection');
			const locator = (picker?.options?.[0] as { values: INodeProperties[] }).values[0];
			expect(locator.type).toBe('resourceLocator');
			expect(locator.modes?.find((mode) => mode.name === 'list')?.typeOptions).toMatchObject({
				searchListMethod: 'searchQrCodesByName',
				searchable: true,
			});
		},
	);

	it('1.1 keeps its multi-select of codes (saved workflows keep their picked IDs)', () => {
		const properties = shown(1.1, { resource: 'analytics', operation: 'getTotals' });

		expect(pickerOf(properties)).toBeUndefined();
		expect(
			properties.find((property) => property.name === 'pickedQrCodeIds')?.typeOptions,
		).toMatchObject({ loadOptionsMethod: 'getQrCodes' });
	});
});
