/**
 * QR Code > Create or Update (and Create with a Display ID) against readings of the paginated list the contract
 * leaves open: what `search` matches, the order of codes with equal sort values, and how soon a new code is listed.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();
afterEach(() => suite.sim.setListDrift({}));

const rowParameters = {
	resource: 'qrCode',
	operation: 'createOrUpdate',
	mode: 'lookUpEachRow',
	displayId: '={{ $json.displayId }}',
	qrType: 'WEB',
	name: '={{ $json.name }}',
	qrRedirectUrl: '={{ $json.url }}',
};

async function upsert(items: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { ...rowParameters, ...extra },
		items,
		continueOnFail: true,
	});
}

function codesWithDisplayId(displayId: string) {
	return [...suite.sim.state.qrs.values()].filter((qr) => qr.displayId === displayId);
}

describe('Create or Update, Look Up Each Row', () => {
	it('updates the code holding the Display ID when search matches names only', async () => {
		suite.sim.state.createQr(suite.sim.credentials.teamId, {
			qrType: 'WEB',
			name: 'Spring poster',
			displayId: 'names-only-1',
			qrRedirectUrl: 'https://example.com/old',
		});
		suite.sim.setListDrift({ searchNamesOnly: true });

		const run = await upsert([
			{ displayId: 'names-only-1', name: 'Spring poster', url: 'https://example.com/new' },
		]);

		expect(run.items.map((item) => [item.json.result ?? item.json.error])).toEqual([['updated']]);
		expect(codesWithDisplayId('names-only-1').map((qr) => qr.qrRedirectUrl)).toEqual([
			'https://example.com/new',
		]);
	});

	it('updates a code created a moment ago that the list does not show yet', async () => {
		suite.sim.setListDrift({ listLagMs: 60_000 });
		const first = await upsert([
			{ displayId: 'lagging-1', name: 'Lagging', url: 'https://example.com/1' },
		]);
		expect(first.items.map((item) => item.json.result ?? item.json.error)).toEqual(['created']);

		const second = await upsert([
			{ displayId: 'lagging-1', name: 'Lagging', url: 'https://example.com/2' },
		]);

		expect(second.items.map((item) => item.json.result ?? item.json.error)).toEqual(['updated']);
		expect(codesWithDisplayId('lagging-1').map((qr) => qr.qrRedirectUrl)).toEqual([
			'https://example.com/2',
		]);
	});
});
