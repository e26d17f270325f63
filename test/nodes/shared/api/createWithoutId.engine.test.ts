/**
 * A create answered "success" without the new record's `id` (issue 22, point 9; simulator shape drift
 * `createWithoutId`): the service acted. With a Display ID the code is found by it (as for an answer without
 * `data`); otherwise the error says the code (or team) was probably created, shows what came back, and tells how
 * to check before running again, instead of "unexpected shape".
 * The v1 create is the exception: its answer is not published, so it is returned as sent.
 */
import { runNode } from '../../../support/n8nHarness';
import { rowByRowForm } from '../../../support/sheetRows';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

beforeEach(() => suite.sim.setShapeDrift(['createWithoutId']));
afterEach(() => suite.sim.setShapeDrift([]));

async function run(parameters: Record<string, unknown>, items?: Array<Record<string, unknown>>) {
	return await runNode({ nodeType: 'qrtrac', credentials: suite.credentials, parameters, items });
}

function codesTo(url: string) {
	return [...suite.sim.state.qrs.values()].filter((qr) => qr.qrRedirectUrl === url);
}

describe('a create answered without an id', () => {
	it('Create without a Display ID: probably created, excerpt shown, advice to look it up and set a Display ID', async () => {
		const result = await run({
			resource: 'qrCode',
			operation: 'create',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/no-id-1',
		});

		const [made] = codesTo('https://example.com/no-id-1');
		expect(result.error?.message).toBe(
			`QRTRAC's answer to Create QR Code (POST /qrs-api) has no "id": the QR code was probably created`,
		);
		expect(result.error?.description).toContain(`"displayId":"${made.displayId}"`);
		expect(result.error?.description).toContain('Do not run this item again as it is');
		expect(result.error?.description).toContain('Set a Display ID on creates');
		expect(result.error?.description).not.toContain(suite.credentials.clientSecret!);
	});

	it('Create with a Display ID: the code is found by it and is the item, created once', async () => {
		const result = await run({
			resource: 'qrCode',
			operation: 'create',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/no-id-2',
			displayId: 'no-id-two',
		});

		const made = codesTo('https://example.com/no-id-2');
		expect(made).toHaveLength(1);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: made[0].id, displayId: 'no-id-two' });
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});

	it("Create or Update: a row that creates is found by the row's Display ID, created once", async () => {
		const result = await run(rowByRowForm, [
			{ displayId: 'no-id-row', name: 'No id row', url: 'https://example.com/row' },
		]);

		const made = codesTo('https://example.com/row');
		expect(made).toHaveLength(1);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: made[0].id, displayId: 'no-id-row' });
	});

	it('Team > Create: the team was probably created, said so instead of "unexpected shape"', async () => {
		const teams = () =>
			[...suite.sim.state.teams.values()].filter((team) => team.name === 'No id team');
		const result = await run({ resource: 'team', operation: 'create', name: 'No id team' });

		expect(teams()).toHaveLength(1);
		expect(result.error?.message).toBe(
			`QRTRAC's answer to Create Team (POST /teams-api) has no "id": the team was probably created`,
		);
		expect(result.error?.description).toContain('Do not run this item again as it is');
		expect(result.error?.description).toContain('Team > Get Many');
	});

	it('Duplicate: the copy was probably made', async () => {
		const original = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/to-copy',
		});
		const result = await run({
			resource: 'qrCode',
			operation: 'duplicate',
			qrCodeId: { __rl: true, mode: 'id', value: original.id },
		});

		expect(codesTo('https://example.com/to-copy')).toHaveLength(2);
		expect(result.error?.message).toBe(
			`QRTRAC's answer to Duplicate QR Code (POST /qrs-api/duplicate/{id}) has no "id": the copy was probably made`,
		);
		expect(result.error?.description).toContain('Look for the copy in Get Many');
	});

	it('v1 Dynamic Link create: its unpublished answer is the item, as sent (NOTES), without an id', async () => {
		const before = suite.sim.state.qrs.size;
		const result = await run({
			resource: 'dynamicLink',
			operation: 'create',
			destinationUrl: 'https://example.com/v1-no-id',
		});

		expect(suite.sim.state.qrs.size).toBe(before + 1);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ destinationUrl: 'https://example.com/v1-no-id' });
		expect(result.items[0].json).not.toHaveProperty('id');
	});
});
