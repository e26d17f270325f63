/**
 * Which numbers a text field takes as their text (validation/text.ts): the ones a sheet shows, as it shows them.
 * Any other is refused with the one message saying why, the same for a field and for a list's entry. A field that
 * takes no number at all (Password) says it must be text, whatever the number.
 */
import { asText, refusedNumber } from '../../../../nodes/shared/validation/text';
import { tagsSchema } from '../../../../nodes/shared/validation/tags';
import { parseItems, VALUE } from '../../../support/parseItems';

describe('a number a sheet shows is its text', () => {
	it.each([
		[12.5, '12.5'],
		[2026, '2026'],
		[0.5, '0.5'],
		[-3, '-3'],
		[1e3, '1000'],
		[-0, '0'],
		[19.99 * 3, '59.97'],
		[0.000001, '0.000001'],
		[1e20, '100000000000000000000'],
		[1234567890123456, '1234567890123456'],
		[9007199254740991, '9007199254740991'],
	])('%p is %p', (value, text) => {
		expect(refusedNumber(value)).toBeUndefined();
		expect(asText(value)).toBe(text);
	});
});

describe('a number no sheet shows is refused, saying why', () => {
	it.each([
		[
			NaN,
			'got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): give text or a number',
		],
		[Infinity, 'got Infinity, a number no sheet shows: give text or a number'],
		[-Infinity, 'got -Infinity, a number no sheet shows: give text or a number'],
		[
			1e21,
			'got a number JavaScript writes with an exponent (1e+21), not as the sheet shows it: give it as text',
		],
		[
			1e-7,
			'got a number JavaScript writes with an exponent (1e-7), not as the sheet shows it: give it as text',
		],
		[
			4.35 * 100,
			'got a number past 15 significant digits (434.99999999999994), not what the sheet shows: round it or give it as text',
		],
		[
			0.1 + 0.2,
			'got a number past 15 significant digits (0.30000000000000004), not what the sheet shows: round it or give it as text',
		],
		[
			// the digits a sheet's long ID had: JavaScript holds them as 9007199254740992
			9007199254740993,
			'got a whole number past 9007199254740991 (9007199254740992), which JavaScript does not hold exactly: give it as text',
		],
	])('%p', (value, message) => {
		expect(refusedNumber(value)).toBe(message);
		expect(asText(value)).toBe(value);
	});

	it('says the same of a list entry: Tags [2026, 9007199254740993]', () => {
		// the digits a sheet's long ID had: JavaScript holds them as 9007199254740992
		const checked = tagsSchema.safeParse([2026, 9007199254740993]);

		expect(checked.success).toBe(false);
		expect(checked.error?.issues.map((issue) => issue.message)).toEqual([
			'got a whole number past 9007199254740991 (9007199254740992), which JavaScript does not hold exactly: give it as text',
		]);
	});

	it('is no rule for what is not a number', () => {
		expect(refusedNumber('NaN')).toBeUndefined();
		expect(refusedNumber(true)).toBeUndefined();
	});
});

describe('a field that takes no number says it must be text, whatever the number', () => {
	const password = {
		qrType: 'WEB',
		name: 'Launch',
		qrRedirectUrl: 'https://example.com',
		scanRules: { password: { passwordEnabled: true, password: VALUE } },
	};

	it.each([[1234], [NaN], [0.1 + 0.2], [0.3], [1e21]])('Password %p', async (value) => {
		const [parsed] = await parseItems('qrCode', 'create', password, [value]);

		expect(parsed.error?.message).toBe('Item 0: "Password" must be text');
	});

	it('while a field that takes a number as its text tells why it refuses this one (Title NaN)', async () => {
		const byId = { __rl: true, mode: 'id', value: 'qr_1' };
		const [parsed] = await parseItems('qrCode', 'updateTitle', { qrCodeId: byId, title: VALUE }, [
			NaN,
		]);

		expect(parsed.error?.message).toBe(
			'Item 0: "Title" got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): give text or a number',
		);
	});
});

describe('an ID or a name a sheet gives as a number is its text', () => {
	const web = { qrType: 'WEB', name: 'Launch', qrRedirectUrl: 'https://example.com' };

	it.each([
		['Design Template Name or ID', 'templateId'],
		['Folder ID (Coming Soon)', 'folderId'],
	])(
		'QR Code > Create %s 12345 (a column of whole-number IDs), as Team (Override) takes it',
		async (_, key) => {
			const [parsed] = await parseItems(
				'qrCode',
				'create',
				{ ...web, additionalFields: { [key]: VALUE } },
				[12345],
			);

			expect(parsed.error).toBeUndefined();
			expect(JSON.stringify(parsed.input)).toContain(`"${key}":"12345"`);
		},
	);

	it('and refused with the reason when no sheet shows it (Design Template Name or ID NaN)', async () => {
		const [parsed] = await parseItems(
			'qrCode',
			'create',
			{ ...web, additionalFields: { templateId: VALUE } },
			[NaN],
		);

		expect(parsed.error?.message).toBe(
			'Item 0: "Design Template Name or ID" got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): give text or a number',
		);
	});

	it.each([
		['team', 'create', {}],
		['team', 'rename', { teamId: { __rl: true, mode: 'id', value: 'team_1' } }],
		[
			'teamMember',
			'add',
			{
				teamId: { __rl: true, mode: 'id', value: 'team_1' },
				email: 'ann@example.com',
				role: 'editor',
			},
		],
	])('%s > %s Name 2026 (a year column), as Title takes it', async (resource, operation, rest) => {
		const [parsed] = await parseItems(resource, operation, { ...rest, name: VALUE }, [2026]);

		expect(parsed.error).toBeUndefined();
		expect(JSON.stringify(parsed.input)).toContain('"name":"2026"');
	});
});
