/**
 * An asked ID that is another team's code, on a service whose analytics store answers its events (keyed by code
 * id, checking nothing: the contract does not rule it out) while Get QR by ID refuses it: Get Totals, Get for Codes
 * and Get Report each fail the item naming it, also when the answer gave it events.
 */
import { STORED_CODE, answering, runAction } from '../../support/actionRequests';
import { ok } from '../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const scanTime = Date.now() - 3_600_000;
const service = answering({
	'GET /api/qrs-api/v2/teams/': ok({ qrs: [STORED_CODE], totalCount: 1 }),
	'POST /api/analytics-api/detailed/all': ok([
		{ qrId: 'qr_1', scanTime },
		{ qrId: 'qr_other', scanTime, city: 'Other team' },
	]),
	'POST /api/analytics-api/overviews': ok([
		{ id: 'qr_1', totalScans: 3 },
		{ id: 'qr_other', totalScans: 9 },
	]),
	'GET /api/qrs-api/teams/qr_other': {
		status: 400,
		body: { success: false, message: 'QR not found' },
	},
});
const asked = { codeSelection: 'list', qrCodeIds: 'qr_1, qr_other', timeRange: 'last7Days' };

it.each([
	['getTotals', { codeSelection: 'list', qrCodeIds: 'qr_1, qr_other' }],
	['getScansForCodes', asked],
	['getScansForCodes', { ...asked, options: { perCode: true } }],
	['getReport', asked],
	['getReport', { ...asked, simplify: false }],
])("%s %j: another team's code with events fails the item naming it", async (operation, params) => {
	const run = await runAction('analytics', operation, params, service);
	const rows = run.output?.[0]?.map((item) => item.json) ?? [];
	expect({ error: run.error?.message, rows: JSON.stringify(rows).includes('qr_other') }).toEqual({
		error: 'This ID is not a live code of this team: qr_other',
		rows: false,
	});
});
