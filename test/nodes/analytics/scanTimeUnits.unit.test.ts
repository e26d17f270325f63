/**
 * Scan times are read in the unit their size shows (nodes/shared/api/eventTime.ts), in every operation that reads
 * scans, as the trigger's docs promise: a service answering `scanTime` in epoch seconds must not have its scans
 * dropped as outside the range, nor shown in 1970. And a code's scans are that code's only (fake context).
 */
import { answering, runAction } from '../../support/actionRequests';
import { ok } from '../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

/** 2026-01-15T00:00:00Z, in epoch seconds. */
const SCAN_SECONDS = 1_768_435_200;
const SCAN_MS = SCAN_SECONDS * 1000;

it('Get Scans reads a scan time in epoch seconds as that instant', async () => {
	const run = await runAction(
		'analytics',
		'getScans',
		{ qrCodeId: 'qr_1', timeRange: 'allTime', returnAll: true },
		answering({
			'GET /api/analytics-api/detailed/qr_1': ok([{ qrId: 'qr_1', scanTime: SCAN_SECONDS }]),
		}),
	);

	expect(run.error).toBeUndefined();
	const rows = run.output![0].map((item) => item.json);
	expect(rows).toHaveLength(1);
	expect(rows[0].scanTime).toBe(SCAN_MS);
	expect(rows[0].scanTimeIso).toBe('2026-01-15T00:00:00.000Z');
});

it('Get Scans for Codes keeps a scan told in epoch seconds that lies in the range', async () => {
	const run = await runAction(
		'analytics',
		'getScansForCodes',
		{
			codeSelection: 'list',
			qrCodeIds: 'qr_1',
			timeRange: 'custom',
			startTime: '2026-01-01',
			endTime: '2026-01-31',
		},
		answering({
			'POST /api/analytics-api/detailed/all': ok([{ qrId: 'qr_1', scanTime: SCAN_SECONDS }]),
		}),
	);

	expect(run.error).toBeUndefined();
	const rows = run.output![0].map((item) => item.json);
	expect(rows.map((row) => row.scanTime)).toEqual([SCAN_MS]);
});

it('Get Scans refuses an answer holding scans of another code than the one asked for', async () => {
	const run = await runAction(
		'analytics',
		'getScans',
		{ qrCodeId: 'qr_1', timeRange: 'allTime', returnAll: true },
		answering({
			'GET /api/analytics-api/detailed/qr_1': ok([
				{ qrId: 'qr_1', scanTime: SCAN_MS },
				{ qrId: 'qr_2', scanTime: SCAN_MS },
			]),
		}),
	);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toMatch(/does not have the expected shape/);
	expect(String((run.error as { description?: string }).description)).toMatch(/qr_2/);
});
