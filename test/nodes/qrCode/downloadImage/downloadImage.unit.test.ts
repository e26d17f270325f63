/** QR Code > Download Image: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the code, then fetches its image without the credential', async () => {
	const run = await runAction('qrCode', 'downloadImage', {
		qrCodeId: 'qr_1',
		binaryPropertyName: 'data',
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{ method: 'GET', path: '/qr_1.png', headers: { 'Accept-Encoding': 'identity' } },
	]);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
	const refusals: Refusal[] = [
		{
			rule: 'QR code id without %',
			parameters: { qrCodeId: { __rl: true, mode: 'id', value: VALUE } },
			good: 'qr_1',
			bad: 'qr%2F1',
			message: 'Item 1: "QR Code" must not contain / \\ ? # % or spaces',
		},
		{
			rule: 'binary field name',
			parameters: { qrCodeId: byId('qr_1'), binaryPropertyName: VALUE },
			good: 'data',
			bad: 'my file',
			message:
				'Item 1: "Put Output File in Field" must be a field name without spaces, dots or brackets',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'downloadImage', refusal.parameters, [
				refusal.good,
				refusal.bad,
			]);

			expect(good.error).toBeUndefined();
			expect(bad.error).toMatchObject({
				name: 'NodeOperationError',
				message: refusal.message,
				itemIndex: 1,
			});
		},
	);
});
