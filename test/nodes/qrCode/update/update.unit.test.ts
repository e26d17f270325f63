/** QR Code > Update: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the code, then puts the complete record with the new name', async () => {
	const run = await runAction('qrCode', 'update', {
		qrCodeId: 'qr_1',
		updateFields: { name: 'Renamed' },
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{
			method: 'PUT',
			path: '/api/qrs-api/qr_1',
			headers: TEAM_HEADERS,
			body: {
				displayId: 'd1',
				tags: ['a'],
				name: 'Renamed',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/old',
			},
		},
	]);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
	const refusals: Refusal[] = [
		{
			rule: 'vCard e-mail format on Update, labelled with its type',
			parameters: { qrCodeId: byId('qr_any'), updateFields: { vcardEmail: VALUE } },
			good: 'ada@example.com',
			bad: 'ada@',
			message: 'Item 1: "vCard: Email" must be an e-mail address such as ada@example.com',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'update', refusal.parameters, [
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

it('parse refuses an Update with nothing to change', async () => {
	const [item] = await parseItems('qrCode', 'update', {
		qrCodeId: { __rl: true, mode: 'id', value: 'qr_1' },
	});

	expect(item.error).toMatchObject({
		name: 'NodeOperationError',
		message: 'Item 0: nothing to update',
		itemIndex: 0,
	});
});
