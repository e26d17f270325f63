/**
 * Get Totals (1.2): a time QRTRAC's totals row leaves out (the contract requires none of them) is `null`, with a
 * `null` ISO twin, as the README's record table says; every row then has the same columns, whichever times the
 * service wrote.
 */
import { answering, runAction } from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('gives createdAt and leadsUpdatedAt null, with null twins, when the row leaves them out', async () => {
	const run = await runAction(
		'analytics',
		'getTotals',
		{ codeSelection: 'list', qrCodeIds: 'qr_1' },
		answering({
			'POST /api/analytics-api/overviews': ok([
				{ id: 'qr_1', totalScans: 3, todayScans: 1, updatedAt: 1_732_000_000_500 },
			]),
		}),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({
		qrId: 'qr_1',
		totalScans: 3,
		createdAt: null,
		createdAtIso: null,
		lastScanTime: 1_732_000_000_500,
		lastScanTimeIso: new Date(1_732_000_000_500).toISOString(),
		leadsUpdatedAt: null,
		leadsUpdatedAtIso: null,
	});
});
