/**
 * Create or Update against a list that answers codes without `metadata` and `settings` (every Qr field is
 * optional; simulator list drift `summaryRecords`) and a PUT that replaces the code: the update of a row must keep
 * the fields the row does not name, so its body is built on the code read by its ID, not on the list's record.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ putSemantics: 'replace' });

beforeEach(() => suite.sim.setListDrift({ summaryRecords: true }));
afterEach(() => suite.sim.setListDrift({}));

it.each(['lookUpEachRow', 'sync'])(
	'%s: renaming a code keeps its settings and metadata',
	async (mode) => {
		const displayId = `summary-${mode}`;
		const stored = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'COUPON_CODE',
			name: 'Coupon',
			displayId,
			metadata: { couponCode: 'SAVE20', discount: '20%' },
			settings: { password: 'open-sesame' },
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'createOrUpdate',
				mode,
				displayId,
				qrType: 'COUPON_CODE',
				name: 'Coupon renamed',
			},
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ result: 'updated', changedFields: ['name'] });
		const after = suite.sim.state.getQr(stored.id)!;
		expect(after.name).toBe('Coupon renamed');
		expect(after.metadata).toMatchObject({ couponCode: 'SAVE20', discount: '20%' });
		expect(after.settings).toMatchObject({ password: 'open-sesame' });
	},
);
