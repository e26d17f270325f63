/** QR Code > Update Tags: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the code, then puts the new tag list', async () => {
	const run = await runAction('qrCode', 'updateTags', {
		qrCodeId: 'qr_1',
		mode: 'replace',
		tags: 'b, c',
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{
			method: 'PUT',
			path: '/api/qrs-api/qr_1/tags',
			headers: TEAM_HEADERS,
			body: { tags: ['b', 'c'] },
		},
	]);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
	const refusals: Refusal[] = [
		{
			rule: 'tags from an expression are strings',
			parameters: { qrCodeId: byId('qr_any'), mode: 'replace', tags: VALUE },
			good: ['a'],
			bad: ['a', ''],
			message: 'Item 1: "Tags" a tag must not be empty',
		},
		{
			// the limit is of one tag, not of the field (a list holds up to 100 tags)
			rule: 'a tag is at most 100 characters',
			parameters: { qrCodeId: byId('qr_any'), mode: 'replace', tags: VALUE },
			good: ['ok', 'x'.repeat(100)],
			bad: ['ok', 'x'.repeat(101)],
			message: 'Item 1: "Tags" a tag must be at most 100 characters',
		},
		{
			rule: 'Add needs tags',
			parameters: { qrCodeId: byId('qr_any'), mode: 'add', tags: VALUE },
			good: 'a',
			bad: '',
			message: 'Item 1: "Tags" must list at least one tag to add',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'updateTags', refusal.parameters, [
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
