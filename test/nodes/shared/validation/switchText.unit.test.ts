/**
 * A switch given as the text "true" or "false" (any case, spaces around) is read as that switch by each
 * operation's `parse`, including a Scan Rule group's switch of the 1.2 form, whose settings are read only while it
 * is on; other text is refused under the field's label (badInputCorpus.ts). Through the engine:
 * switchText.engine.test.ts.
 */
import { VALUE, parseItems } from '../../../support/parseItems';

const web = { qrType: 'WEB', qrRedirectUrl: 'https://example.com/ok' };

it('reads a Scan Rule group\'s switch "TRUE" as on, with its setting, and " false " as off', async () => {
	const [on, off] = await parseItems(
		'qrCode',
		'create',
		{ ...web, scanRules: { password: { passwordEnabled: VALUE, password: 's3cret' } } },
		['TRUE', ' false '],
		1.2,
	);

	expect(on.error).toBeUndefined();
	expect(on.input).toMatchObject({
		body: { settings: { passwordEnabled: true, password: 's3cret' } },
	});
	expect(off.error).toBeUndefined();
	expect(off.input).toMatchObject({ body: { settings: { passwordEnabled: false } } });
	expect(JSON.stringify(off.input)).not.toContain('s3cret');
});

it.each([
	[
		'getUpdatedSince',
		{ since: 1_800_000_000_000, scope: 'team', includeDeleted: VALUE },
		'includeDeleted',
	],
	['getMany', { returnAll: VALUE }, 'returnAll'],
])('%s reads "True" as on and "FALSE " as off', async (operation, parameters, key) => {
	const parsed = await parseItems('qrCode', operation, parameters, ['True', 'FALSE ']);

	expect(parsed.map((item) => item.error)).toEqual([undefined, undefined]);
	expect(parsed.map((item) => (item.input as Record<string, unknown>)[key])).toEqual([true, false]);
});

it.each(['yes', '1', 'on', 'truee', ''])(
	'refuses the text %j for a switch, naming it',
	async (text) => {
		const [item] = await parseItems('qrCode', 'getMany', { returnAll: VALUE }, [text]);

		expect(item.error?.message).toBe('Item 0: "Return All" must be true or false');
	},
);
