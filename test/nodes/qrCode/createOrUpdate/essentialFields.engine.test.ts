/**
 * Create or Update checks a type's essential fields only on a row that would create a code: a row updating a
 * stored code may leave them out. Through n8n's engine against the simulator.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

describe('essential fields of a type', () => {
	it('Create or Update refuses only a row that would create such a code; a row updating one may leave the field out', async () => {
		const held = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'PDF',
			name: 'Catalog',
			displayId: 'essentials-pdf',
			pdfUrl: 'https://example.com/catalog.pdf',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			continueOnFail: true,
			parameters: {
				resource: 'qrCode',
				operation: 'createOrUpdate',
				displayId: '={{ $json.displayId }}',
				qrType: 'PDF',
				name: '={{ $json.name }}',
			},
			items: [
				{ displayId: 'essentials-pdf', name: 'Catalog 2026' },
				{ displayId: 'essentials-new-pdf', name: 'No document' },
			],
		});

		expect(result.items.map((item) => item.json.result ?? item.json.error)).toEqual([
			'updated',
			'Item 1: "PDF URL" is required for QR Type "PDF"',
		]);
		expect(suite.sim.state.getQr(held.id)).toMatchObject({
			name: 'Catalog 2026',
			pdfUrl: 'https://example.com/catalog.pdf',
		});
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toEqual([]);
	});
});
