/** QR Code > Get: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('gets the code by its ID', async () => {
	const run = await runAction('qrCode', 'get', { qrCodeId: 'qr_1' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
	]);
});

it('By URL given a list is refused as no text, not as an ID nor sent as its text', async () => {
	const run = await runAction('qrCode', 'get', {
		qrCodeId: { __rl: true, mode: 'url', value: ['https://a.example', 'https://b.example'] },
	});

	expect(run.error?.message).toBe('Item 0: "QR Code" must be text');
	expect(run.sent).toEqual([]);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const refusals: Refusal[] = [
		{
			rule: 'QR code id without /',
			parameters: { qrCodeId: { __rl: true, mode: 'id', value: VALUE } },
			good: 'qr_1',
			bad: 'qr_1/../x',
			message: 'Item 1: "QR Code" must not contain / \\ ? # % or spaces',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'get', refusal.parameters, [
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
