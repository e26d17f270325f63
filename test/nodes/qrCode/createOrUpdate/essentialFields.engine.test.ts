/**
 * Create or Update checks a type's essential fields on a row that would create a code, or give a stored code
 * another type: a row updating a stored code of its type may leave them out. Through n8n's engine against the
 * simulator.
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

	it.each(['sync', 'lookUpEachRow'])(
		"Create or Update (%s) refuses a row that gives a stored code another type without that type's essentials",
		async (mode) => {
			const team = suite.credentials.teamId!;
			const card = suite.sim.state.createQr(team, {
				qrType: 'VCARD',
				displayId: `essentials-card-${mode}`,
				firstName: 'Ada',
			});
			const other = suite.sim.state.createQr(team, {
				qrType: 'VCARD',
				displayId: `essentials-card-2-${mode}`,
				firstName: 'Grace',
			});

			const result = await runNode({
				nodeType: 'qrtrac',
				credentials: suite.credentials,
				continueOnFail: true,
				parameters: {
					resource: 'qrCode',
					operation: 'createOrUpdate',
					mode,
					displayId: '={{ $json.displayId }}',
					qrType: 'COUPON_CODE',
					couponCode: '={{ $json.code }}',
					couponDiscount: '={{ $json.discount }}',
				},
				items: [
					{ displayId: `essentials-card-${mode}`, code: '', discount: '' },
					{ displayId: `essentials-card-2-${mode}`, code: 'SAVE10', discount: '10% off' },
				],
			});

			expect(result.items.map((item) => item.json.result ?? item.json.error)).toEqual([
				'Item 0: "Coupon Code" is required for QR Type "Coupon Code"; "Discount" is required for QR Type "Coupon Code"',
				'updated',
			]);
			expect(suite.sim.state.getQr(card.id)).toMatchObject({ qrType: 'VCARD', firstName: 'Ada' });
			expect(suite.sim.state.getQr(other.id)).toMatchObject({
				qrType: 'COUPON_CODE',
				metadata: { couponCode: 'SAVE10', discount: '10% off' },
			});
			expect(
				suite.sim.requestLog.filter((entry) => entry.method === 'PUT').map((entry) => entry.path),
			).toEqual([expect.stringContaining(other.id)]);
		},
	);
});
