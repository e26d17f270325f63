/**
 * The 1.2 codes picker (Scan > Get for Codes, Get Totals): a row whose expression gives no code ID (a sheet's empty
 * cell, null or blank) beside a picked code is refused naming that row, in the words of rows that all give none,
 * not dropped without a word (blank) nor told as an entry of a list the form does not show (null) (fake context,
 * no sockets).
 */
import { parseItems, VALUE } from '../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const parameters = {
	codeSelection: 'picked',
	pickedQrCodes: {
		code: [{ qrCodeId: { __rl: true, mode: 'id', value: 'qr_a' } }, { qrCodeId: VALUE }],
	},
	timeRange: 'last7Days',
};

it.each<[string, unknown]>([
	['null', null],
	['blank text', ''],
	['spaces', '  '],
])('a row giving %s beside a picked code is refused naming the row', async (_case, bad) => {
	const [good, refused] = await parseItems('analytics', 'getScansForCodes', parameters, [
		'qr_b',
		bad,
	]);

	expect(good.error).toBeUndefined();
	expect(good.input).toMatchObject({ qrCodeIds: ['qr_a', 'qr_b'] });
	expect(refused.error).toMatchObject({
		message:
			'Item 1: "QR Codes" row 2 gives no code ID (pick the code in that row, or make the expression give its ID)',
		itemIndex: 1,
	});
});

it.each<[string, unknown, string]>([
	['an object', { id: 'qr_b' }, 'row 2 must be text'],
	['an ID with a space', 'qr b', 'row 2 ("qr b")'],
])(
	'a row giving %s is refused as a row, as the picker shows it, not as an entry',
	async (_case, bad, said) => {
		const [refused] = await parseItems('analytics', 'getScansForCodes', parameters, [bad]);

		// before: "QR Codes" entry 2 …, a list the form does not show
		expect(refused.error?.message).toContain(`"QR Codes" ${said}`);
	},
);
