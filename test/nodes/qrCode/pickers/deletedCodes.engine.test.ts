/**
 * Soft-deleted codes in the QR code pickers. The contract's records carry `deleted` and do not say the team's list
 * leaves deleted codes out; a service listing them (simulator list drift `listsDeleted`) must not have them picked
 * as live codes: each deleted entry's name starts "Deleted:" (a delete changes a code, so it comes first in a most
 * recently changed list, before the live code of the same name), and stays listed. Through n8n-core's list search
 * and load options contexts against the simulator.
 */
import { callLoadOptions, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

afterEach(() => suite.sim.setListDrift({}));

let orgCount = 0;

/** A team holding a live "Poster" and a deleted "Poster", listed with its deleted codes. */
function teamWithDeletedCode() {
	orgCount += 1;
	const { org, team } = suite.sim.state.createOrganization(
		`Deleted org ${orgCount}`,
		{ name: 'Olivia Owner', email: `owner${orgCount}@deleted.example` },
		'Main',
	);
	const [live, gone] = [1, 2].map((index) =>
		suite.sim.state.createQr(team.id, {
			name: 'Poster',
			qrType: 'WEB',
			qrRedirectUrl: `https://example.com/${index}`,
		}),
	);
	gone.deleted = true;
	suite.sim.setListDrift({ listsDeleted: true });
	const credentials: HarnessCredentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, 'owner', team.id),
	};
	return { live, gone, credentials };
}

type Entry = { name: string; value: string };

describe.each(['searchQrCodes', 'searchQrCodesByName'])('%s', (method) => {
	it('a deleted code reads "Deleted: Name (Display ID)", only it, and stays listed, so that it is not picked for a live one', async () => {
		const { live, gone, credentials } = teamWithDeletedCode();

		const listed = (await callLoadOptions('qrtrac', method, {
			kind: 'listSearch',
			credentials,
			parameters: { resource: 'qrCode', operation: 'update' },
			parameterPath: 'parameters.qrCodeId',
		})) as { results: Entry[] };

		const byValue = new Map(listed.results.map((entry) => [entry.value, entry.name]));
		expect(byValue.get(gone.id)).toBe(`Deleted: Poster (${gone.displayId})`);
		expect(byValue.get(live.id)).toBe(`Poster (${live.displayId})`);
		expect(listed.results).toHaveLength(2);
	});
});

it('the codes multi-select (layout 1.1): a deleted code reads "Deleted: Name (Display ID)", only it', async () => {
	const { live, gone, credentials } = teamWithDeletedCode();

	const options = (await callLoadOptions('qrtrac', 'getQrCodes', {
		kind: 'loadOptions',
		credentials,
		parameters: { resource: 'analytics', operation: 'getTotals' },
		parameterPath: 'parameters.pickedQrCodeIds',
	})) as Entry[];

	const byValue = new Map(options.map((entry) => [entry.value, entry.name]));
	expect(byValue.get(gone.id)).toBe(`Deleted: Poster (${gone.displayId})`);
	expect(byValue.get(live.id)).toBe(`Poster (${live.displayId})`);
});

it('searchQrCodes: the code deleted last, listed first, reads "Deleted:" before the live code of its name', async () => {
	const { live, gone, credentials } = teamWithDeletedCode();
	gone.updatedAt = live.updatedAt + 1_000;

	const listed = (await callLoadOptions('qrtrac', 'searchQrCodes', {
		kind: 'listSearch',
		credentials,
		parameters: { resource: 'qrCode', operation: 'get' },
		parameterPath: 'parameters.qrCodeId',
	})) as { results: Entry[] };

	expect(listed.results.map((entry) => entry.name)).toEqual([
		`Deleted: Poster (${gone.displayId})`,
		`Poster (${live.displayId})`,
	]);
});
