/**
 * Scan > Get Totals: OverviewAnalyticsResponse types every count (total, today's and yesterday's scans and leads)
 * as an integer. Each count the answer gives is read as one: a count the contract allows (a whole number, or left
 * out) is the item's, any other fails the item naming the operation, what was expected and the answer, rather
 * than showing "3" or "x" as a count.
 */
import { answering, runAction } from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

async function totalsAnswered(row: object) {
	return await runAction(
		'analytics',
		'getTotals',
		{ codeSelection: 'list', qrCodeIds: 'qr_1' },
		answering({ 'POST /api/analytics-api/overviews': ok([{ id: 'qr_1', totalScans: 4, ...row }]) }),
	);
}

it('gives the counts the contract allows as the service sent them, those it left out absent', async () => {
	const run = await totalsAnswered({ todayScans: 0, yesterdayScans: 2, totalLeadsCount: 1 });

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({
		qrId: 'qr_1',
		totalScans: 4,
		todayScans: 0,
		yesterdayScans: 2,
		totalLeadsCount: 1,
	});
	expect(run.output?.[0][0].json).not.toHaveProperty('leadsTodayCount');
});

it.each([
	['todayScans', 'x', 'must be a whole number'],
	['yesterdayScans', '2', 'must be a whole number'],
	['totalLeadsCount', 1.5, 'must be a whole number'],
	['leadsTodayCount', -1, 'must not be negative'],
	['leadsYesterdayCount', { count: 1 }, 'must be a whole number'],
	['totalScans', 2.5, 'must be a whole number'],
])(
	'a %s of %j fails the item, naming the operation, the field and the answer',
	async (field, value, problem) => {
		const run = await totalsAnswered({ [field]: value });

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toBe(
			"QRTRAC's answer to Get Scan Totals (POST /analytics-api/overviews) does not have the expected shape",
		);
		const description = (run.error as { description?: string }).description;
		expect(description).toContain(`"0.${field}" ${problem}`);
		expect(description).toContain(JSON.stringify(value));
	},
);

it.each([
	['todayDate', '25/1/2026'],
	['leadsTodayDate', '1/32/2026'],
	['todayDate', '2/30/2026'],
])(
	'a %s of %j, no day as the contract writes it (M/D/YYYY, month first), fails the item rather than show another day',
	async (field, value) => {
		// before: todayDate "25/1/2026" (a service writing the day first) was shown as "2026-25-01"
		const run = await totalsAnswered({ [field]: value });

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toBe(
			"QRTRAC's answer to Get Scan Totals (POST /analytics-api/overviews) does not have the expected shape",
		);
		const description = (run.error as { description?: string }).description;
		expect(description).toContain(`"0.${field}" must be a day as M/D/YYYY`);
		expect(description).toContain(value);
	},
);

it('reads the days the contract allows as YYYY-MM-DD', async () => {
	const run = await totalsAnswered({ todayDate: '12/31/2026', leadsTodayDate: '2/29/2028' });

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({
		todayDate: '2026-12-31',
		leadsTodayDate: '2028-02-29',
	});
});
