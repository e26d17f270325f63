/**
 * A switch given by an expression as the text "true" or "false" (a Google Sheets cell, a `$fromAI` of type
 * `string`), in any case and with spaces around, is read as that switch, through n8n's engine against the
 * simulator; any other text ("yes", "1", "on") still fails the item under the field's label (badInputCorpus.ts).
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

async function run(
	operation: string,
	parameters: Record<string, unknown>,
	items: Array<Record<string, unknown>>,
) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource: 'qrCode', operation, ...parameters },
		items,
	});
}

describe('A switch given as the text "true" or "false"', () => {
	it('reads Simplify " false " as off and "TRUE" as on', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			name: 'Switch',
			qrRedirectUrl: 'https://example.com/switch',
		});

		const result = await run('get', { qrCodeId: byId(code.id), simplify: '={{ $json.value }}' }, [
			{ value: ' false ' },
			{ value: 'TRUE' },
		]);

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json).toMatchObject({ id: code.id, settings: {} });
		expect(result.items[1].json.id).toBe(code.id);
		expect(result.items[1].json).not.toHaveProperty('settings');
		suite.expectRequestsFollowContract();
	});

	it('reads Return All "TRUE" as on and "False" as off', async () => {
		const orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
		const teamId = suite.sim.state.createTeam(orgId, 'Switches').id;
		for (const index of [0, 1, 2])
			suite.sim.state.createQr(teamId, {
				qrType: 'WEB',
				name: `S ${index}`,
				qrRedirectUrl: `https://example.com/s${index}`,
			});

		const result = await run(
			'getMany',
			{ returnAll: '={{ $json.value }}', limit: 2, options: { teamOverride: teamId } },
			[{ value: 'TRUE' }, { value: 'False' }],
		);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
		suite.expectRequestsFollowContract();
	});
});
