/**
 * A list of IDs (a code selection's QR Code IDs) holding an entry that is no text and no number: an object, a
 * switch. The entry is named by its position, as the list's other entries are, not the whole list refused as no
 * list. An entry given nothing (null, undefined: `[$json.a, $json.b]` of an item without "b") is named too, never
 * dropped: the report would leave its code out without a word. Only a blank entry is left out (fake context, no
 * sockets).
 */
import { parseItems, VALUE } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const parameters = { codeSelection: 'list', qrCodeIds: VALUE, timeRange: 'last7Days' };

it.each<[string, unknown, string]>([
	['an object', ['qr_a', 'qr_b', { id: 'qr_c' }], 'entry 3 must be text'],
	['a switch', [true, 'qr_a'], 'entry 1 must be text'],
	['an object in a JSON array written as text', '["qr_a", {}]', 'entry 2 must be text'],
	[
		'an object after a blank entry, numbered as the list gives it',
		['qr_a', '', {}],
		'entry 3 must be text',
	],
	['null', ['qr_a', null, 'qr_b'], 'entry 2 gives no ID (null)'],
	['undefined', ['qr_a', undefined, 'qr_b'], 'entry 2 gives no ID (nothing)'],
	['null in a JSON array written as text', '["qr_a", null, "qr_b"]', 'entry 2 gives no ID (null)'],
	['null in a list of nothing else', [null, ''], 'entry 1 gives no ID (null)'],
])('an entry that is %s is refused by its position', async (_case, bad, words) => {
	const [good, refused] = await parseItems('analytics', 'getScansForCodes', parameters, [
		['qr_a', 'qr_b'],
		bad,
	]);

	expect(good.error).toBeUndefined();
	expect(refused.error).toMatchObject({ message: `Item 1: "QR Code IDs" ${words}`, itemIndex: 1 });
});

it.each<[string, unknown]>([
	['blank', ['qr_a', '', 'qr_b']],
	['spaces', ['qr_a', '  ', 'qr_b']],
])('a %s entry is left out', async (_case, given) => {
	const [parsed] = await parseItems('analytics', 'getScansForCodes', parameters, [given]);

	expect(parsed.error).toBeUndefined();
	expect(parsed.input).toMatchObject({ qrCodeIds: ['qr_a', 'qr_b'] });
});

it('a list of blank entries only lists no ID', async () => {
	const [refused] = await parseItems('analytics', 'getScansForCodes', parameters, [['', ' ']]);

	expect(refused.error?.message).toBe('Item 0: "QR Code IDs" must list at least one ID');
});

it('something that is no list at all is still refused as a whole', async () => {
	const [refused] = await parseItems('analytics', 'getScansForCodes', parameters, [{ id: 'qr_a' }]);

	expect(refused.error?.message).toBe(
		'Item 0: "QR Code IDs" must be IDs separated by commas, or an array of IDs',
	);
});
