/** QR Code > Duplicate: the exact requests the node builds for a typical input (fake context, no sockets). */
import {
	answering,
	described,
	runAction,
	STORED_CODE,
	TEAM_HEADERS,
} from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the code in the team, then posts its duplicate, no body', async () => {
	const run = await runAction('qrCode', 'duplicate', { qrCodeId: 'qr_1' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{ method: 'POST', path: '/api/qrs-api/duplicate/qr_1', headers: TEAM_HEADERS },
	]);
});

it('an answer naming the code copied is not taken as the copy: the item fails, saying a copy was probably made', async () => {
	const run = await runAction(
		'qrCode',
		'duplicate',
		{ qrCodeId: 'qr_1' },
		answering({ 'POST /api/qrs-api/duplicate/qr_1': ok(STORED_CODE) }),
	);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toMatch(/Duplicate QR Code .*names the code copied/);
	expect((run.error as { description?: string }).description).toMatch(
		/"id" is "qr_1".*Do not run this item again as it is.*Get Many/,
	);
	expect(run.sent.map(described).map((request) => request.method)).toEqual(['GET', 'POST']);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const refusals: Refusal[] = [
		{
			rule: 'QR code id without #',
			parameters: { qrCodeId: { __rl: true, mode: 'id', value: VALUE } },
			good: 'qr_1',
			bad: 'qr#1',
			message: 'Item 1: "QR Code" must not contain / \\ ? # % or spaces',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'duplicate', refusal.parameters, [
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
