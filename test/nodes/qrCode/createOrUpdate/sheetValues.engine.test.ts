/**
 * Create or Update (sync) fed by a spreadsheet, through n8n's engine against the simulator: the values a sheet
 * node hands over as they are, such as a column of numeric Display IDs.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

/** A sync keyed on the sheet's `code` column. */
const SYNC_BY_CODE = {
	resource: 'qrCode',
	operation: 'createOrUpdate',
	mode: 'sync',
	displayId: '={{ $json.code }}',
	qrType: 'WEB',
};

describe('Create or Update with the values a sheet gives', () => {
	it('keys on a numeric Display ID as its text: the held code is unchanged, a new one created, nothing deleted', async () => {
		const orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
		const teamId = suite.sim.state.createTeam(orgId, 'Numeric Display IDs').id;
		suite.sim.state.createQr(teamId, {
			displayId: '41001',
			name: 'Row 1',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/41001',
			tags: ['sheet'],
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				...SYNC_BY_CODE,
				name: '={{ $json.name }}',
				qrRedirectUrl: '={{ $json.url }}',
				additionalFields: { tags: 'sheet' },
				options: { teamOverride: teamId, deleteMissing: true, deleteMissingTag: 'sheet' },
			},
			items: [
				{ code: 41001, name: 'Row 1', url: 'https://example.com/41001' },
				{ code: 41002, name: 'Row 2', url: 'https://example.com/41002' },
			],
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.result, item.json.displayId])).toEqual([
			['unchanged', '41001'],
			['created', '41002'],
		]);
		expect(
			suite.sim.state
				.liveQrsOfTeam(teamId)
				.map((qr) => qr.displayId)
				.sort(),
		).toEqual(['41001', '41002']);
		expect(suite.sim.requestLog.map((entry) => entry.method)).toEqual(['GET', 'POST']);
	});

	it('refuses a Display ID that is a fraction, naming the row and the field, before any request', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				...SYNC_BY_CODE,
				qrRedirectUrl: 'https://example.com/x',
			},
			items: [{ code: 1.5 }],
		});

		expect(result.error?.message).toBe(
			'Item 0: "Display ID" must be text or a whole number (up to 9007199254740991)',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
	});

	it("refuses a Display ID in Other API Fields (JSON) other than the row's, before any request: it would rename the code", async () => {
		// Before: the row found its code by "Display ID" and the PUT carried the JSON's, renaming the code (`updated`).
		const held = suite.sim.state.createQr(suite.credentials.teamId!, {
			displayId: 'json-key-a',
			name: 'Poster',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/poster',
		});
		suite.sim.clearRequestLog();

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				...SYNC_BY_CODE,
				name: 'Poster',
				qrRedirectUrl: 'https://example.com/poster',
				options: { additionalFieldsJson: '={{ JSON.stringify({ displayId: $json.other }) }}' },
			},
			items: [
				{ code: 'json-key-a', other: 'json-key-a' },
				{ code: 'json-key-a', other: 'json-key-b' },
			],
		});

		expect(result.error?.message).toBe(
			'Item 1: "Other API Fields (JSON)" gives the Display ID "json-key-b", not the row\'s "Display ID" "json-key-a"',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
		expect(suite.sim.state.getQr(held.id)?.displayId).toBe('json-key-a');
	});

	it('Create sends a sheet\'s Display ID 0 as "0", never leaves it out', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'create',
				qrType: 'WEB',
				name: 'Zero',
				displayId: '={{ $json.code }}',
				qrRedirectUrl: 'https://example.com/zero',
			},
			items: [{ code: 0 }],
		});

		expect(result.error).toBeUndefined();
		const posts = suite.sim.requestLog.filter((entry) => entry.method === 'POST');
		expect(posts.map((entry) => (entry.body as { displayId?: unknown }).displayId)).toEqual(['0']);
		expect(result.items.map((item) => item.json.displayId)).toEqual(['0']);
	});
});
