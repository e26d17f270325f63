/** QR Code > Create: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('posts the Website code with its name, target and tags', async () => {
	const run = await runAction('qrCode', 'create', {
		qrType: 'WEB',
		name: 'Launch',
		qrRedirectUrl: 'https://example.com',
		additionalFields: { tags: 'a,b' },
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'POST',
			path: '/api/qrs-api',
			headers: TEAM_HEADERS,
			body: {
				qrType: 'WEB',
				name: 'Launch',
				qrRedirectUrl: 'https://example.com',
				tags: ['a', 'b'],
			},
		},
	]);
});

it("with Team Override: the other team's header", async () => {
	const run = await runAction('qrCode', 'create', {
		qrType: 'WEB',
		name: 'Launch',
		qrRedirectUrl: 'https://example.com',
		options: { teamOverride: { __rl: true, mode: 'id', value: 'team_2' } },
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'POST',
			path: '/api/qrs-api',
			headers: { Accept: 'application/json', 'x-request-team-id': 'team_2' },
			body: { qrType: 'WEB', name: 'Launch', qrRedirectUrl: 'https://example.com' },
		},
	]);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const web = { qrType: 'WEB', qrRedirectUrl: 'https://example.com/ok' };
	const refusals: Refusal[] = [
		{
			rule: 'Display ID pattern',
			parameters: { ...web, displayId: VALUE },
			good: 'ok-1',
			bad: 'bad id!',
			message: 'Item 1: "Display ID" may contain only letters, digits and - _ . ~ %',
		},
		{
			rule: 'Custom Domain must end with /',
			parameters: { ...web, additionalFields: { baseUrl: VALUE } },
			good: 'https://qr.acme.example/',
			bad: 'https://qr.acme.example',
			message:
				'Item 1: "Custom Domain" must be a domain root ending with "/", e.g. https://qr.example.com/',
		},
		{
			rule: 'Custom Domain must be http(s)',
			parameters: { ...web, additionalFields: { baseUrl: VALUE } },
			good: 'https://qr.acme.example/',
			bad: 'ftp://qr.acme.example/',
			message:
				'Item 1: "Custom Domain" must be a full http(s) URL such as https://example.com/page',
		},
		{
			rule: 'Redirect URL format',
			parameters: { qrType: 'WEB', qrRedirectUrl: VALUE },
			good: 'https://example.com',
			bad: 'example.com/no-scheme',
			message: 'Item 1: "Redirect URL" must be a full http(s) URL such as https://example.com/page',
		},
		{
			rule: 'Redirect URL required for Short Link',
			parameters: { qrType: 'SHORT_LINK', qrRedirectUrl: VALUE },
			good: 'https://example.com',
			bad: '',
			message: 'Item 1: "Redirect URL" is required for Website and Short Link codes',
		},
		{
			rule: 'PDF URL format',
			parameters: { qrType: 'PDF', pdfUrl: VALUE },
			good: 'https://example.com/a.pdf',
			bad: 'catalog.pdf',
			message: 'Item 1: "PDF URL" must be a full http(s) URL such as https://example.com/page',
		},
		{
			rule: 'image URL in a gallery',
			parameters: {
				qrType: 'IMAGE_GALLERY',
				galleryImages: { image: [{ url: VALUE, caption: 'x' }] },
			},
			good: 'https://example.com/1.jpg',
			bad: 'javascript:alert(1)',
			message:
				'Item 1: "Images: Image URL" (row 1) must be a full http(s) URL such as https://example.com/page',
		},
		{
			rule: 'link URL in a link list',
			parameters: {
				qrType: 'LINK_LIST',
				linkListLinks: { link: [{ title: 'Docs', url: VALUE }] },
			},
			good: 'https://example.com/docs',
			bad: '/docs',
			message:
				'Item 1: "Links: URL" (row 1) must be a full http(s) URL such as https://example.com/page',
		},
		{
			rule: 'vCard e-mail format',
			parameters: { qrType: 'VCARD', vcardFirstName: 'Ada', vcardEmail: VALUE },
			good: 'ada@example.com',
			bad: 'ada-at-example.com',
			message: 'Item 1: "Email" must be an e-mail address such as ada@example.com',
		},
		{
			rule: 'tags are non-empty strings',
			parameters: { ...web, additionalFields: { tags: VALUE } },
			good: 'a, b',
			bad: 'a,,b',
			message: 'Item 1: "Tags" a tag must not be empty',
		},
		{
			rule: 'campaign start in epoch milliseconds, not seconds',
			parameters: {
				...web,
				scanRules: { campaign: { scheduleCampaign: true, campaignStart: VALUE } },
			},
			good: 1704067200000,
			bad: 1704067200,
			message:
				'Item 1: "Campaign Start" must be epoch milliseconds (after 2000-01-01); seconds are not accepted',
		},
		{
			rule: 'a date that is not a date',
			parameters: {
				qrType: 'COUPON_CODE',
				couponCode: 'SAVE20',
				couponDiscount: '20%',
				couponExpiryDate: VALUE,
			},
			good: '2030-01-31T09:00:00',
			bad: 'next tuesday',
			message:
				'Item 1: "Expiry Date" must be a date such as 2026-01-31T08:00:00 or a number of epoch milliseconds',
		},
		{
			rule: 'campaign start <= end',
			parameters: {
				...web,
				scanRules: {
					campaign: {
						scheduleCampaign: true,
						campaignStart: '2030-06-01T00:00:00Z',
						campaignEnd: VALUE,
					},
				},
			},
			good: '2030-07-01T00:00:00Z',
			bad: '2030-05-01T00:00:00Z',
			message: 'Item 1: "Campaign End" must not be before Campaign Start',
		},
		{
			rule: 'password required with password protection',
			parameters: {
				...web,
				scanRules: { password: { passwordEnabled: true, password: VALUE } },
			},
			good: 's3cret',
			bad: '',
			message: 'Item 1: "Password" is required when Password Protection is on',
		},
		{
			rule: 'minimum age is a sensible age',
			parameters: {
				...web,
				scanRules: { ageGate: { ageGating: true, minAge: VALUE } },
			},
			good: 21,
			bad: 0,
			message: 'Item 1: "Minimum Age" must be at least 1',
		},
		{
			rule: "minimum age from a sheet's text is its number",
			parameters: {
				...web,
				scanRules: { ageGate: { ageGating: true, minAge: VALUE } },
			},
			good: '18',
			bad: '18+',
			message: 'Item 1: "Minimum Age" must be a number',
		},
		{
			rule: 'JSON field is an object',
			parameters: { ...web, options: { additionalFieldsJson: VALUE } },
			good: '{"expiryDate": 1767225600000}',
			bad: '[1, 2]',
			message:
				'Item 1: "Other API Fields (JSON)" must be a JSON object such as {"expiryDate": 1735689600000}',
		},
		{
			rule: 'JSON field is valid JSON',
			parameters: { ...web, options: { additionalFieldsJson: VALUE } },
			good: '{}',
			bad: '{"expiryDate": }',
			message: 'Item 1: "Other API Fields (JSON)" is not valid JSON',
		},
		{
			rule: 'JSON field keys the contract names hold its types',
			parameters: { ...web, options: { additionalFieldsJson: VALUE } },
			good: '{"tags": ["a"], "templateId": null, "metadata": {}, "custom": 5}',
			bad: '{"tags": "a"}',
			message:
				'Item 1: "Other API Fields (JSON)" key "tags" must be a list of text, as the contract\'s create request has it',
		},
		{
			rule: 'folder id without /',
			parameters: { ...web, additionalFields: { folderId: VALUE } },
			good: 'folder-1',
			bad: 'a/b',
			message: 'Item 1: "Folder ID (Coming Soon)" must not contain / \\ ? # % or spaces',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'create', refusal.parameters, [
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

describe('parse refuses a code its type cannot work without', () => {
	it.each([
		['PDF', {}, '"PDF URL" is required for QR Type "PDF"'],
		['VCARD', {}, '"First Name" or "Last Name" or "Company" is required for QR Type "vCard"'],
		['MULTI_LOCALE', {}, '"Default Redirect URL" is required for QR Type "Multi-Language"'],
		[
			'APP_DOWNLOAD',
			{ appName: 'Acme' },
			'"iOS URL" or "Android URL" or "Fallback URL" is required for QR Type "App Download"',
		],
		['LINK_LIST', { linkListTitle: 'Links' }, '"Links" is required for QR Type "Link List"'],
		[
			'COUPON_CODE',
			{ couponDescription: 'Autumn sale' },
			'"Coupon Code" is required for QR Type "Coupon Code"; "Discount" is required for QR Type "Coupon Code"',
		],
		['IMAGE_GALLERY', {}, '"Images" is required for QR Type "Image Gallery"'],
		['SOCIAL_BIO', {}, '"Social Links" is required for QR Type "Social Bio"'],
		['VIDEO_PREVIEW', {}, '"Video URL" is required for QR Type "Video Preview"'],
		[
			'RESTAURANT_MENU',
			{ restaurantName: 'Diner' },
			'"Dishes" is required for QR Type "Restaurant Menu"',
		],
	])('%s', async (qrType, fields, message) => {
		const [item] = await parseItems('qrCode', 'create', { qrType, name: 'Empty', ...fields });

		expect(item.error).toMatchObject({ name: 'NodeOperationError', message: `Item 0: ${message}` });
	});
});

describe('parse names every refused field of an item in one error, as the form names it', () => {
	it('names the fields, a list row by its number, with no internal path and the item once', async () => {
		const [item] = await parseItems('qrCode', 'create', {
			qrType: 'LINK_LIST',
			displayId: 'bad id!',
			linkListLinks: {
				link: [
					{ title: 'Docs', url: 'https://example.com/docs' },
					{ title: 'Blog', url: 'blog' },
				],
			},
			additionalFields: { tags: 'a,,b', baseUrl: 'https://qr.example.com' },
		});

		expect(item.error?.message).toBe(
			[
				'Item 0: "Display ID" may contain only letters, digits and - _ . ~ %',
				'"Tags" a tag must not be empty',
				'"Custom Domain" must be a domain root ending with "/", e.g. https://qr.example.com/',
				'"Links: URL" (row 2) must be a full http(s) URL such as https://example.com/page',
			].join('; '),
		);
		const shown = `${item.error?.message} ${item.error?.description}`;
		expect(shown).not.toMatch(/typeFields|linkListLinks|additionalFields|\.\d+\./);
		expect(shown.match(/item 0/gi)).toHaveLength(1);
	});

	it('reports a missing essential field together with the malformed ones', async () => {
		const [item] = await parseItems('qrCode', 'create', {
			qrType: 'COUPON_CODE',
			couponDiscount: '10%',
			couponExpiryDate: 'next tuesday',
			displayId: 'x y',
		});

		expect(item.error?.message).toBe(
			[
				'Item 0: "Display ID" may contain only letters, digits and - _ . ~ %',
				'"Expiry Date" must be a date such as 2026-01-31T08:00:00 or a number of epoch milliseconds',
				'"Coupon Code" is required for QR Type "Coupon Code"',
			].join('; '),
		);
	});
});
