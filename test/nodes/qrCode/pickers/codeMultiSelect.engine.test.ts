/**
 * The codes multi-select of layout 1.1 (getQrCodes) lists a team's 1,000 most recently changed codes: a team with
 * more says so on the list's first entry (the rest are given by ID), a team with 1,000 or fewer lists all and
 * says nothing. Through n8n-core's load options context against the simulator.
 */
import { callLoadOptions, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

jest.setTimeout(60_000);

let orgCount = 0;

function teamWithCodes(count: number) {
	orgCount += 1;
	const { org, team } = suite.sim.state.createOrganization(
		`Multi org ${orgCount}`,
		{ name: 'Olivia Owner', email: `owner${orgCount}@multi.example` },
		'Main',
	);
	const codes = Array.from({ length: count }, (_, index) =>
		suite.sim.state.createQr(team.id, {
			name: `Poster ${index}`,
			qrType: 'WEB',
			qrRedirectUrl: `https://example.com/${index}`,
		}),
	);
	const credentials: HarnessCredentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, 'owner', team.id),
	};
	return { codes, credentials };
}

async function options(credentials: HarnessCredentials) {
	return (await callLoadOptions('qrtrac', 'getQrCodes', {
		kind: 'loadOptions',
		credentials,
		parameters: { resource: 'analytics', operation: 'getTotals' },
		parameterPath: 'parameters.pickedQrCodeIds',
	})) as Array<{ name: string; value: string; description?: string }>;
}

describe('the codes multi-select (layout 1.1)', () => {
	it('a team of more than 1,000 codes: 1,000 listed, and the first entry says the list is not all', async () => {
		const { credentials } = teamWithCodes(1_001);

		const listed = await options(credentials);

		expect(listed).toHaveLength(1_000);
		expect(listed[0].description).toMatch(/1,000 most recently changed.*by (its )?ID/);
		expect(listed.slice(1).filter((entry) => entry.description !== undefined)).toEqual([]);
	});

	it('a team of 1,000 codes: every code, no remark', async () => {
		const { codes, credentials } = teamWithCodes(1_000);

		const listed = await options(credentials);

		expect(new Set(listed.map((entry) => entry.value))).toEqual(
			new Set(codes.map((code) => code.id)),
		);
		expect(listed.filter((entry) => entry.description !== undefined)).toEqual([]);
	});
});
