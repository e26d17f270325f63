/**
 * Every input rule of the QR Code operations refuses bad input BEFORE any request: the error names the field
 * as the form labels it and the item it came from, and the simulator saw nothing (not even the good items
 * before it). With Continue On Fail, a refused item becomes an error item and the others still run.
 */
import { runNode } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator();

const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
const web = { qrType: 'WEB', qrRedirectUrl: 'https://example.com/ok' };

interface RefusalCase {
	rule: string;
	operation: string;
	parameters: Record<string, unknown>;
	message: string;
}

/** Each case runs two items: item 0 valid, item 1 carrying the bad value (from `$json.bad`). */
const refusals: Array<RefusalCase & { bad: unknown; good: unknown }> = [
	{
		rule: 'Display ID pattern',
		operation: 'create',
		parameters: { ...web, displayId: '={{ $json.value }}' },
		good: 'ok-1',
		bad: 'bad id!',
		message: 'Item 1: "Display ID" may contain only letters, digits and - _ . ~ %',
	},
	{
		rule: 'Custom Domain must end with /',
		operation: 'create',
		parameters: { ...web, additionalFields: { baseUrl: '={{ $json.value }}' } },
		good: 'https://qr.acme.example/',
		bad: 'https://qr.acme.example',
		message:
			'Item 1: "Custom Domain" must be a domain root ending with "/", e.g. https://qr.example.com/',
	},
	{
		rule: 'Custom Domain must be http(s)',
		operation: 'create',
		parameters: { ...web, additionalFields: { baseUrl: '={{ $json.value }}' } },
		good: 'https://qr.acme.example/',
		bad: 'ftp://qr.acme.example/',
		message: 'Item 1: "Custom Domain" must be a full http(s) URL such as https://example.com/page',
	},
	{
		rule: 'Redirect URL format',
		operation: 'create',
		parameters: { qrType: 'WEB', qrRedirectUrl: '={{ $json.value }}' },
		good: 'https://example.com',
		bad: 'example.com/no-scheme',
		message: 'Item 1: "Redirect URL" must be a full http(s) URL such as https://example.com/page',
	},
	{
		rule: 'Redirect URL required for Short Link',
		operation: 'create',
		parameters: { qrType: 'SHORT_LINK', qrRedirectUrl: '={{ $json.value }}' },
		good: 'https://example.com',
		bad: '',
		message: 'Item 1: "Redirect URL" is required for Website and Short Link codes',
	},
	{
		rule: 'PDF URL format',
		operation: 'create',
		parameters: { qrType: 'PDF', pdfUrl: '={{ $json.value }}' },
		good: 'https://example.com/a.pdf',
		bad: 'catalog.pdf',
		message: 'Item 1: "PDF URL" must be a full http(s) URL such as https://example.com/page',
	},
	{
		rule: 'image URL in a gallery',
		operation: 'create',
		parameters: {
			qrType: 'IMAGE_GALLERY',
			galleryImages: { image: [{ url: '={{ $json.value }}', caption: 'x' }] },
		},
		good: 'https://example.com/1.jpg',
		bad: 'javascript:alert(1)',
		message:
			'Item 1: "Images: Image URL" (row 1) must be a full http(s) URL such as https://example.com/page',
	},
	{
		rule: 'link URL in a link list',
		operation: 'create',
		parameters: {
			qrType: 'LINK_LIST',
			linkListLinks: { link: [{ title: 'Docs', url: '={{ $json.value }}' }] },
		},
		good: 'https://example.com/docs',
		bad: '/docs',
		message:
			'Item 1: "Links: URL" (row 1) must be a full http(s) URL such as https://example.com/page',
	},
	{
		rule: 'vCard e-mail format',
		operation: 'create',
		parameters: { qrType: 'VCARD', vcardFirstName: 'Ada', vcardEmail: '={{ $json.value }}' },
		good: 'ada@example.com',
		bad: 'ada-at-example.com',
		message: 'Item 1: "Email" must be an e-mail address such as ada@example.com',
	},
	{
		rule: 'vCard e-mail format on Update, labelled with its type',
		operation: 'update',
		parameters: { qrCodeId: byId('qr_any'), updateFields: { vcardEmail: '={{ $json.value }}' } },
		good: 'ada@example.com',
		bad: 'ada@',
		message: 'Item 1: "vCard: Email" must be an e-mail address such as ada@example.com',
	},
	{
		rule: 'non-empty title',
		operation: 'updateTitle',
		parameters: { qrCodeId: byId('qr_any'), title: '={{ $json.value }}' },
		good: 'A title',
		bad: '   ',
		message: 'Item 1: "Title" must not be empty',
	},
	{
		rule: 'tags are non-empty strings',
		operation: 'create',
		parameters: { ...web, additionalFields: { tags: '={{ $json.value }}' } },
		good: 'a, b',
		bad: 'a,,b',
		message: 'Item 1: "Tags" tags must not be empty',
	},
	{
		rule: 'tags from an expression are strings',
		operation: 'updateTags',
		parameters: { qrCodeId: byId('qr_any'), mode: 'replace', tags: '={{ $json.value }}' },
		good: ['a'],
		bad: ['a', ''],
		message: 'Item 1: "Tags" tags must not be empty',
	},
	{
		rule: 'Add needs tags',
		operation: 'updateTags',
		parameters: { qrCodeId: byId('qr_any'), mode: 'add', tags: '={{ $json.value }}' },
		good: 'a',
		bad: '',
		message: 'Item 1: "Tags" must list at least one tag to add',
	},
	{
		rule: 'limit >= 1',
		operation: 'getMany',
		parameters: { limit: '={{ $json.value }}' },
		good: 5,
		bad: 0,
		message: 'Item 1: "Limit" must be at least 1',
	},
	{
		rule: 'page size at most 100',
		operation: 'getMany',
		parameters: { options: { pageSize: '={{ $json.value }}' } },
		good: 100,
		bad: 101,
		message: 'Item 1: "Page Size" must be at most 100',
	},
	{
		rule: 'page size at least 1',
		operation: 'getMany',
		parameters: { options: { pageSize: '={{ $json.value }}' } },
		good: 1,
		bad: 0,
		message: 'Item 1: "Page Size" must be at least 1',
	},
	{
		rule: 'campaign start in epoch milliseconds, not seconds',
		operation: 'create',
		parameters: {
			...web,
			scanRules: { campaign: { scheduleCampaign: true, campaignStart: '={{ $json.value }}' } },
		},
		good: 1704067200000,
		bad: 1704067200,
		message:
			'Item 1: "Campaign Start" must be epoch milliseconds (after 2000-01-01); seconds are not accepted',
	},
	{
		rule: 'Since in epoch milliseconds, not seconds',
		operation: 'getUpdatedSince',
		parameters: { since: '={{ $json.value }}' },
		good: 1704067200000,
		bad: 1704067200,
		message:
			'Item 1: "Since" must be epoch milliseconds (after 2000-01-01); seconds are not accepted',
	},
	{
		rule: 'a date that is not a date',
		operation: 'create',
		parameters: {
			qrType: 'COUPON_CODE',
			couponCode: 'SAVE20',
			couponDiscount: '20%',
			couponExpiryDate: '={{ $json.value }}',
		},
		good: '2030-01-31T09:00:00',
		bad: 'next tuesday',
		message:
			'Item 1: "Expiry Date" must be a date (e.g. 2025-01-31T09:00:00) or epoch milliseconds',
	},
	{
		rule: 'campaign start <= end',
		operation: 'create',
		parameters: {
			...web,
			scanRules: {
				campaign: {
					scheduleCampaign: true,
					campaignStart: '2030-06-01T00:00:00Z',
					campaignEnd: '={{ $json.value }}',
				},
			},
		},
		good: '2030-07-01T00:00:00Z',
		bad: '2030-05-01T00:00:00Z',
		message: 'Item 1: "Campaign End" must not be before Campaign Start',
	},
	{
		rule: 'password required with password protection',
		operation: 'create',
		parameters: {
			...web,
			scanRules: { password: { passwordEnabled: true, password: '={{ $json.value }}' } },
		},
		good: 's3cret',
		bad: '',
		message: 'Item 1: "Password" is required when Password Protection is on',
	},
	{
		rule: 'minimum age is a sensible age',
		operation: 'create',
		parameters: {
			...web,
			scanRules: { ageGate: { ageGating: true, minAge: '={{ $json.value }}' } },
		},
		good: 21,
		bad: 0,
		message: 'Item 1: "Minimum Age" must be at least 1',
	},
	{
		rule: 'JSON field is an object',
		operation: 'create',
		parameters: { ...web, options: { additionalFieldsJson: '={{ $json.value }}' } },
		good: '{"expiryDate": 1767225600000}',
		bad: '[1, 2]',
		message:
			'Item 1: "Other API Fields (JSON)" must be a JSON object such as {"expiryDate": 1735689600000}',
	},
	{
		rule: 'JSON field is valid JSON',
		operation: 'create',
		parameters: { ...web, options: { additionalFieldsJson: '={{ $json.value }}' } },
		good: '{}',
		bad: '{"expiryDate": }',
		message: 'Item 1: "Other API Fields (JSON)" is not valid JSON',
	},
	{
		rule: 'QR code id without /',
		operation: 'get',
		parameters: { qrCodeId: { __rl: true, mode: 'id', value: '={{ $json.value }}' } },
		good: 'qr_1',
		bad: 'qr_1/../x',
		message: 'Item 1: "QR Code" must not contain / \\ ? # % or spaces',
	},
	{
		rule: 'QR code id without ?',
		operation: 'delete',
		parameters: { qrCodeId: { __rl: true, mode: 'id', value: '={{ $json.value }}' } },
		good: 'qr_1',
		bad: 'qr_1?x=1',
		message: 'Item 1: "QR Code" must not contain / \\ ? # % or spaces',
	},
	{
		rule: 'QR code id without #',
		operation: 'duplicate',
		parameters: { qrCodeId: { __rl: true, mode: 'id', value: '={{ $json.value }}' } },
		good: 'qr_1',
		bad: 'qr#1',
		message: 'Item 1: "QR Code" must not contain / \\ ? # % or spaces',
	},
	{
		rule: 'QR code id without %',
		operation: 'downloadImage',
		parameters: { qrCodeId: { __rl: true, mode: 'id', value: '={{ $json.value }}' } },
		good: 'qr_1',
		bad: 'qr%2F1',
		message: 'Item 1: "QR Code" must not contain / \\ ? # % or spaces',
	},
	{
		rule: 'folder id without /',
		operation: 'create',
		parameters: { ...web, additionalFields: { folderId: '={{ $json.value }}' } },
		good: 'folder-1',
		bad: 'a/b',
		message: 'Item 1: "Folder ID (Coming Soon)" must not contain / \\ ? # % or spaces',
	},
	{
		rule: 'Create or Update needs a Display ID',
		operation: 'createOrUpdate',
		parameters: { ...web, displayId: '={{ $json.value }}' },
		good: 'row-1',
		bad: '',
		message: 'Item 1: "Display ID" must not be empty',
	},
	{
		rule: 'availability of a malformed Display ID',
		operation: 'checkAvailability',
		parameters: { displayId: '={{ $json.value }}' },
		good: 'free',
		bad: 'has space',
		message: 'Item 1: "Display ID" may contain only letters, digits and - _ . ~ %',
	},
	{
		rule: 'binary field name',
		operation: 'downloadImage',
		parameters: { qrCodeId: byId('qr_1'), binaryPropertyName: '={{ $json.value }}' },
		good: 'data',
		bad: 'my file',
		message:
			'Item 1: "Put Output File in Field" must be a field name without spaces, dots or brackets',
	},
];

describe('refused before any request', () => {
	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const result = await runNode({
				nodeType: 'qrtrac',
				credentials: suite.credentials,
				parameters: { resource: 'qrCode', operation: refusal.operation, ...refusal.parameters },
				items: [{ value: refusal.good }, { value: refusal.bad }],
			});

			expect(result.error).toMatchObject({
				name: 'NodeOperationError',
				message: refusal.message,
				itemIndex: 1,
			});
			expect(suite.sim.requestLog).toEqual([]);
		},
	);

	it('refuses an Update with nothing to change', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', operation: 'update', qrCodeId: byId('qr_1') },
		});

		expect(result.error).toMatchObject({
			name: 'NodeOperationError',
			message: 'Item 0: nothing to update',
			itemIndex: 0,
		});
		expect(suite.sim.requestLog).toEqual([]);
	});
});

describe('Continue On Fail with refused input', () => {
	it('turns the refused item into a paired error item and runs the valid ones', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			continueOnFail: true,
			parameters: {
				resource: 'qrCode',
				operation: 'create',
				qrType: 'WEB',
				qrRedirectUrl: '={{ $json.url }}',
			},
			items: [
				{ url: 'https://example.com/1' },
				{ url: 'not a url' },
				{ url: 'https://example.com/3' },
			],
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(result.items[1].json).toMatchObject({
			error: 'Item 1: "Redirect URL" must be a full http(s) URL such as https://example.com/page',
		});
		expect(result.items[0].json.qrRedirectUrl).toBe('https://example.com/1');
		expect(result.items[2].json.qrRedirectUrl).toBe('https://example.com/3');
		expect(
			suite.sim.requestLog.map((entry) => (entry.body as { qrRedirectUrl: string }).qrRedirectUrl),
		).toEqual(['https://example.com/1', 'https://example.com/3']);
	});
});
