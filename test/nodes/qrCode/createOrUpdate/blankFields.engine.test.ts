/**
 * Create or Update with a blank Name, Custom Domain or Design Template: the row does not give the field, so a
 * code it updates keeps its own and only a code it creates gets QRTRAC's default ("Untitled", the team's default
 * domain and design). The form says both (blankFieldTexts.unit.test.ts); this shows what the node does.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

describe('Create or Update: blank fields', () => {
	it.each(['sync', 'lookUpEachRow'])(
		'(%s) a code the row updates keeps its name, domain and design; a new code gets the defaults',
		async (mode) => {
			const team = suite.credentials.teamId!;
			const [, second] = suite.sim.state.templatesOfTeam(team);
			const stored = suite.sim.state.createQr(team, {
				qrType: 'WEB',
				displayId: `blank-kept-${mode}`,
				name: 'Poster',
				qrRedirectUrl: 'https://example.com/old',
				templateId: second.id,
			});
			const before = suite.sim.state.getQr(stored.id)!;

			const result = await runNode({
				nodeType: 'qrtrac',
				credentials: suite.credentials,
				parameters: {
					resource: 'qrCode',
					operation: 'createOrUpdate',
					mode,
					displayId: '={{ $json.displayId }}',
					qrType: 'WEB',
					name: '',
					qrRedirectUrl: '={{ $json.url }}',
					additionalFields: { baseUrl: '', templateId: '' },
				},
				items: [
					{ displayId: `blank-kept-${mode}`, url: 'https://example.com/new' },
					{ displayId: `blank-new-${mode}`, url: 'https://example.com/fresh' },
				],
			});

			expect(result.items.map((item) => item.json.result)).toEqual(['updated', 'created']);
			expect(suite.sim.state.getQr(stored.id)).toMatchObject({
				name: 'Poster',
				baseUrl: before.baseUrl,
				templateId: second.id,
				qrRedirectUrl: 'https://example.com/new',
			});
			const created = suite.sim.state
				.listQrs(team)
				.find((qr) => qr.displayId === `blank-new-${mode}`)!;
			expect(created.name).toBe('Untitled');
		},
	);

	it("(sync) a Scan Rules cell the sheet node left out keeps the code's rule: not switched on, its age not set to 18", async () => {
		// Extract From File and Airtable leave an empty cell out: n8n gives its expression no value inside the group.
		const team = suite.credentials.teamId!;
		const stored = suite.sim.state.createQr(team, {
			qrType: 'WEB',
			displayId: 'blank-rule-cells',
			name: 'Poster',
			qrRedirectUrl: 'https://example.com/rule',
			settings: { locationEnabled: false, ageGating: true, minAge: 21 },
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'createOrUpdate',
				mode: 'sync',
				displayId: '={{ $json.displayId }}',
				qrType: 'WEB',
				qrRedirectUrl: '={{ $json.url }}',
				scanRules: {
					location: { locationEnabled: '={{ $json.location }}' },
					ageGate: { ageGating: true, minAge: '={{ $json.minAge }}' },
				},
			},
			items: [{ displayId: 'blank-rule-cells', url: 'https://example.com/rule' }],
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.result)).toEqual(['unchanged']);
		expect(suite.sim.state.getQr(stored.id)?.settings).toEqual({
			locationEnabled: false,
			ageGating: true,
			minAge: 21,
		});
	});
});
