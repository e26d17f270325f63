/**
 * Scan > Get Totals: an answer holds one totals row per code. Two rows of one code that say different counts
 * cannot both be its totals, and taking either would show a guess as QRTRAC's count, so the item fails naming the
 * operation, what was expected and the rows; the same row twice says one thing and is read once.
 */
import { answering, runAction } from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

async function totalsAnswered(rows: object[]) {
	return await runAction(
		'analytics',
		'getTotals',
		{ codeSelection: 'list', qrCodeIds: 'qr_1' },
		answering({ 'POST /api/analytics-api/overviews': ok(rows) }),
	);
}

it('two rows of one code with different counts fail the item, naming both', async () => {
	const run = await totalsAnswered([
		{ id: 'qr_1', totalScans: 4 },
		{ id: 'qr_1', totalScans: 5 },
	]);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toBe(
		"QRTRAC's answer to Get Scan Totals (POST /analytics-api/overviews) does not have the expected shape",
	);
	const description = (run.error as { description?: string }).description;
	expect(description).toContain('one totals row per code');
	expect(description).toContain('two different rows of code qr_1');
	expect(description).toContain('"totalScans":4');
	expect(description).toContain('"totalScans":5');
});

it("the same row twice is the code's totals, given once", async () => {
	const row = { id: 'qr_1', totalScans: 4, todayScans: 1 };
	const run = await totalsAnswered([row, { ...row }]);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0].map((item) => item.json)).toEqual([
		expect.objectContaining({ qrId: 'qr_1', totalScans: 4, todayScans: 1 }),
	]);
});
