/** QR Code > Update Title: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the code, then patches its title', async () => {
	const run = await runAction('qrCode', 'updateTitle', { qrCodeId: 'qr_1', title: 'New title' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{
			method: 'PATCH',
			path: '/api/qrs-api/qr_1/title',
			headers: TEAM_HEADERS,
			body: { title: 'New title' },
		},
	]);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
	const refusals: Refusal[] = [
		{
			rule: 'non-empty title',
			parameters: { qrCodeId: byId('qr_any'), title: VALUE },
			good: 'A title',
			bad: '   ',
			message: 'Item 1: "Title" must not be empty',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'updateTitle', refusal.parameters, [
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
