/**
 * The "From List" pickers follow Options > Team (Override) of the node being edited: with team B picked, the
 * code lists and the design templates are team B's, not the credential's team A. An override the editor could
 * not resolve (an expression on the item) lists the credential's team and says so. Through n8n-core's load
 * options context against the simulator.
 */
import { callLoadOptions, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let orgCount = 0;

/** Team A (the credential's) and team B, each with one code of its own. */
function twoTeams() {
	orgCount += 1;
	const { org, team: teamA } = suite.sim.state.createOrganization(
		`Override org ${orgCount}`,
		{ name: 'Olivia Owner', email: `owner${orgCount}@override.example` },
		'Team A',
	);
	const teamB = suite.sim.state.createTeam(org.id, 'Team B');
	const code = (teamId: string, name: string) =>
		suite.sim.state.createQr(teamId, { name, qrType: 'WEB', qrRedirectUrl: 'https://example.com' });
	const codeA = code(teamA.id, 'Poster of A');
	const codeB = code(teamB.id, 'Poster of B');
	const credentials: HarnessCredentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, 'owner', teamA.id),
	};
	return { teamA, teamB, codeA, codeB, credentials };
}

const overrideOf = (teamId: string) => ({
	teamOverride: { __rl: true, mode: 'list', value: teamId },
});

interface Listed {
	results: Array<{ name: string; value: string; description?: string }>;
}

/** QR Code > Create's Design Template dropdown as the editor asks, with the node's `options`. */
async function listTemplates(credentials: HarnessCredentials, options: Record<string, unknown>) {
	return await callLoadOptions('qrtrac', 'getTemplates', {
		kind: 'loadOptions',
		credentials,
		parameters: { resource: 'qrCode', operation: 'create', qrType: 'WEB', options },
		parameterPath: 'parameters.additionalFields.templateId',
	});
}

/** QR Code > Get's code field listed by `method` as the editor asks, with the node's `options`. */
async function listCodes(
	method: string,
	credentials: HarnessCredentials,
	options: Record<string, unknown>,
): Promise<Listed> {
	return (await callLoadOptions('qrtrac', method, {
		kind: 'listSearch',
		credentials,
		parameters: { resource: 'qrCode', operation: 'get', options },
		parameterPath: 'parameters.qrCodeId',
	})) as Listed;
}

describe('the pickers follow Team (Override)', () => {
	it.each(['searchQrCodes', 'searchQrCodesByName'])(
		"%s lists team B's codes when the override names team B",
		async (method) => {
			const { teamB, codeB, credentials } = twoTeams();

			const listed = await listCodes(method, credentials, overrideOf(teamB.id));

			expect(listed.results.map((result) => result.value)).toEqual([codeB.id]);
			expect(suite.sim.requestLog.every((entry) => entry.teamId === teamB.id)).toBe(true);
			suite.expectRequestsFollowContract();
		},
	);

	it("the code multi-select (layout 1.1, a dropdown's override) lists team B's codes", async () => {
		const { teamB, codeB, credentials } = twoTeams();

		const options = (await callLoadOptions('qrtrac', 'getQrCodes', {
			kind: 'loadOptions',
			credentials,
			parameters: {
				resource: 'analytics',
				operation: 'getTotals',
				options: { teamOverride: teamB.id },
			},
			parameterPath: 'parameters.pickedQrCodeIds',
		})) as Array<{ value: string }>;

		expect(options.map((option) => option.value)).toEqual([codeB.id]);
		suite.expectRequestsFollowContract();
	});

	it("Design Template lists team B's templates", async () => {
		const { teamA, teamB, credentials } = twoTeams();

		const options = (await listTemplates(credentials, overrideOf(teamB.id))) as Array<{
			value: string;
		}>;

		const idsOf = (teamId: string) =>
			suite.sim.state
				.templatesOfTeam(teamId)
				.map((template) => template.id)
				.sort();
		const listed = options
			.slice(1)
			.map((option) => option.value)
			.sort();
		expect(listed).toEqual(idsOf(teamB.id));
		expect(listed).not.toEqual(idsOf(teamA.id));
		suite.expectRequestsFollowContract();
	});

	it("an override the editor could not resolve lists the credential's team and says so", async () => {
		const { codeA, credentials } = twoTeams();

		const listed = await listCodes('searchQrCodes', credentials, {
			teamOverride: { __rl: true, mode: 'id', value: '={{ $json.team }}' },
		});

		expect(listed.results.map((result) => result.value)).toEqual([codeA.id]);
		expect(listed.results[0].description).toMatch(
			/credential's team.*Team \(Override\).*cannot be resolved/,
		);
	});

	it.each(['searchQrCodes', 'searchQrCodesByName'])(
		"%s: with an override the editor could not resolve, each entry's name (all n8n's list shows) starts with whose codes these are, before n8n's 385 px cut",
		async (method) => {
			const { codeA, credentials } = twoTeams();

			const listed = await listCodes(method, credentials, {
				teamOverride: { __rl: true, mode: 'id', value: '={{ $json.team }}' },
			});

			expect(listed.results.map((result) => result.name)).toEqual([
				`[credential's team] Poster of A (${codeA.displayId})`,
			]);
		},
	);

	it("without an override the pickers list the credential's team, with no remark", async () => {
		const { codeA, credentials } = twoTeams();

		const listed = await listCodes('searchQrCodes', credentials, {});

		expect(listed.results).toEqual([
			expect.not.objectContaining({ description: expect.anything() }),
		]);
		expect(listed.results[0].value).toBe(codeA.id);
	});
});

/**
 * What real n8n sends: the editor resolves the node's parameters before asking, and a leaf it cannot resolve
 * (`{{ $json.team }}` with or without input data) arrives as null; one that resolves to undefined is left out of
 * the request's JSON. Both are an override the editor could not resolve; an override left empty is none.
 */
describe('an override as the editor sends an expression it could not resolve', () => {
	const unresolvedOverrides: Array<[string, unknown]> = [
		["a picker's value null", { __rl: true, mode: 'id', value: null }],
		["a picker's value left out", { __rl: true, mode: 'id' }],
		["a dropdown's value null (layout 1.1)", null],
		// `{{ 1e21 }}` resolved: a number no sheet shows is no team ID, never the team "1e+21"
		["a dropdown's value the number 1e21 (layout 1.1)", 1e21],
	];

	it.each(unresolvedOverrides)(
		"searchQrCodes and searchQrCodesByName: %s lists the credential's team and each entry says so",
		async (_, teamOverride) => {
			const { codeA, credentials } = twoTeams();

			for (const method of ['searchQrCodes', 'searchQrCodesByName']) {
				const listed = await listCodes(method, credentials, { teamOverride });

				expect(listed.results.map((result) => result.value)).toEqual([codeA.id]);
				expect(listed.results[0].name).toBe(`[credential's team] Poster of A (${codeA.displayId})`);
				expect(listed.results[0].description).toMatch(/Team \(Override\).*cannot be resolved/);
			}
		},
	);

	it.each(unresolvedOverrides)(
		"the code multi-select and Design Template: %s lists the credential's team and each entry says so",
		async (_, teamOverride) => {
			const { codeA, credentials } = twoTeams();

			const codes = (await callLoadOptions('qrtrac', 'getQrCodes', {
				kind: 'loadOptions',
				credentials,
				parameters: { resource: 'analytics', operation: 'getTotals', options: { teamOverride } },
				parameterPath: 'parameters.pickedQrCodeIds',
			})) as Array<{ value: string; description?: string }>;
			const templates = (await listTemplates(credentials, { teamOverride })) as Array<{
				value: string;
				description?: string;
			}>;

			expect(codes.map((code) => code.value)).toEqual([codeA.id]);
			for (const entry of [...codes, ...templates]) {
				expect(entry.description).toMatch(
					/credential's team.*Team \(Override\).*cannot be resolved/,
				);
			}
		},
	);

	it('the team list itself still lists every team of the organization', async () => {
		const { teamA, teamB, credentials } = twoTeams();

		const listed = (await callLoadOptions('qrtrac', 'searchTeams', {
			kind: 'listSearch',
			credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'get',
				options: { teamOverride: { __rl: true, mode: 'list', value: null } },
			},
			parameterPath: 'parameters.options.teamOverride',
		})) as Listed;

		expect(listed.results).toEqual([
			{ name: "Team A (credential's team)", value: teamA.id },
			{ name: 'Team B', value: teamB.id },
		]);
	});

	it.each([
		["a picker's", { __rl: true, mode: 'list', value: '' }],
		["a dropdown's", ''],
	])(
		"%s override left empty is no override: the credential's team, with no remark",
		async (_, teamOverride) => {
			const { codeA, credentials } = twoTeams();

			const listed = await listCodes('searchQrCodes', credentials, { teamOverride });

			expect(listed.results).toEqual([
				expect.objectContaining({ name: `Poster of A (${codeA.displayId})`, value: codeA.id }),
			]);
			expect(listed.results[0].description).toBeUndefined();
		},
	);
});
