/**
 * What the QR code forms check before anything is sent (issue 25, items 3, 7 and 8), through n8n's engine
 * against the simulator:
 * - each QR type's essential fields: a code of that type cannot work without them (a Coupon without its code);
 * - every refused field of an item in one error, named as the form names it (a list row by its number), never by
 *   an internal path;
 * - Scan Rules of 1.2 (each rule's settings under its switch) send the same `settings` as the 1.1 collection.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Qrtrac } from '../../../../nodes/Qrtrac/Qrtrac.node';
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

async function create(parameters: Record<string, unknown>, more: { typeVersion?: number } = {}) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource: 'qrCode', operation: 'create', ...parameters },
		...more,
	});
}

describe('Create refuses a code its type cannot work without, before sending anything', () => {
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
		const result = await create({ qrType, name: 'Empty', ...fields });

		expect(result.error).toMatchObject({
			name: 'NodeOperationError',
			message: `Item 0: ${message}`,
		});
		expect(suite.sim.requestLog).toEqual([]);
	});

	it('takes an essential field from Other API Fields (JSON) as given', async () => {
		const result = await create({
			qrType: 'COUPON_CODE',
			name: 'From JSON',
			options: { additionalFieldsJson: '{"metadata": {"couponCode": "JSON5", "discount": "5%"}}' },
		});

		expect(result.error).toBeUndefined();
		expect(suite.sim.requestLog[0].body).toMatchObject({
			metadata: { couponCode: 'JSON5', discount: '5%' },
		});
	});

	it('Create or Update refuses only a row that would create such a code; a row updating one may leave the field out', async () => {
		const held = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'PDF',
			name: 'Catalog',
			displayId: 'essentials-pdf',
			pdfUrl: 'https://example.com/catalog.pdf',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			continueOnFail: true,
			parameters: {
				resource: 'qrCode',
				operation: 'createOrUpdate',
				displayId: '={{ $json.displayId }}',
				qrType: 'PDF',
				name: '={{ $json.name }}',
			},
			items: [
				{ displayId: 'essentials-pdf', name: 'Catalog 2026' },
				{ displayId: 'essentials-new-pdf', name: 'No document' },
			],
		});

		expect(result.items.map((item) => item.json.result ?? item.json.error)).toEqual([
			'updated',
			'Item 1: "PDF URL" is required for QR Type "PDF"',
		]);
		expect(suite.sim.state.getQr(held.id)).toMatchObject({
			name: 'Catalog 2026',
			pdfUrl: 'https://example.com/catalog.pdf',
		});
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toEqual([]);
	});
});

describe('every refused field of an item, in one error, named as the form names it', () => {
	it('names the fields, a list row by its number, with no internal path and the item once', async () => {
		const result = await create({
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

		expect(result.error?.message).toBe(
			[
				'Item 0: "Display ID" may contain only letters, digits and - _ . ~ %',
				'"Tags" tags must not be empty',
				'"Custom Domain" must be a domain root ending with "/", e.g. https://qr.example.com/',
				'"Links: URL" (row 2) must be a full http(s) URL such as https://example.com/page',
			].join('; '),
		);
		const shown = `${result.error?.message} ${result.error?.description}`;
		expect(shown).not.toMatch(/typeFields|linkListLinks|additionalFields|\.\d+\./);
		expect(shown.match(/item 0/gi)).toHaveLength(1);
		expect(suite.sim.requestLog).toEqual([]);
	});

	it('reports a missing essential field together with the malformed ones', async () => {
		const result = await create({
			qrType: 'COUPON_CODE',
			couponDiscount: '10%',
			couponExpiryDate: 'next tuesday',
			displayId: 'x y',
		});

		expect(result.error?.message).toBe(
			[
				'Item 0: "Display ID" may contain only letters, digits and - _ . ~ %',
				'"Expiry Date" must be a date (e.g. 2025-01-31T09:00:00) or epoch milliseconds',
				'"Coupon Code" is required for QR Type "Coupon Code"',
			].join('; '),
		);
	});
});

describe('Scan Rules', () => {
	const settings = {
		passwordEnabled: true,
		password: 'secret',
		ageGating: true,
		minAge: 21,
		scheduleCampaign: true,
		campaignStart: 1704067200000,
		campaignEnd: 1735689600000,
		locationEnabled: true,
	};
	const web = { qrType: 'WEB', qrRedirectUrl: 'https://example.com/rules' };

	it('1.2 (a group per rule) sends exactly the settings of the 1.1 collection', async () => {
		const old = await create({ ...web, settings }, { typeVersion: 1.1 });
		const grouped = await create({
			...web,
			scanRules: {
				password: { passwordEnabled: true, password: 'secret' },
				ageGate: { ageGating: true, minAge: 21 },
				campaign: {
					scheduleCampaign: true,
					campaignStart: 1704067200000,
					campaignEnd: 1735689600000,
				},
				location: { locationEnabled: true },
			},
		});

		expect(old.error).toBeUndefined();
		expect(grouped.error).toBeUndefined();
		const bodies = suite.sim.requestLog.map(
			(entry) => (entry.body as { settings: unknown }).settings,
		);
		expect(bodies).toEqual([settings, settings]);
	});

	it('reads what a group leaves out as the form shows it: the switch on, Minimum Age 18', async () => {
		const result = await create({ ...web, scanRules: { ageGate: {}, location: {} } });

		expect(result.error).toBeUndefined();
		expect((suite.sim.requestLog[0].body as { settings: unknown }).settings).toEqual({
			ageGating: true,
			minAge: 18,
			locationEnabled: true,
		});
	});

	it('Update turns a rule off with its switch; its hidden setting is not sent (the stored one stays)', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			...web,
			settings: { passwordEnabled: true, password: 'old' },
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'update',
				qrCodeId: { __rl: true, mode: 'id', value: code.id },
				scanRules: { password: { passwordEnabled: false, password: 'ignored' } },
			},
		});

		expect(result.error).toBeUndefined();
		expect(
			(suite.sim.requestLog.find((entry) => entry.method === 'PUT')?.body as { settings: unknown })
				.settings,
		).toEqual({ passwordEnabled: false, password: 'old' });
	});

	it("the 1.2 form shows each rule's settings under its switch, in reading order, only while it is on", () => {
		const description = new Qrtrac().description;
		const rules = description.properties.find(
			(property) =>
				property.name === 'scanRules' &&
				property.displayOptions?.show?.operation?.includes('create'),
		)!;
		const group = (name: string) =>
			(rules.options as Array<{ name: string; values: INodeProperties[] }>).find(
				(option) => option.name === name,
			)!.values;
		const shownWith = (values: INodeProperties[], switchValues: INodeParameters) =>
			values
				.filter((value) => NodeHelpers.displayParameter(switchValues, value, null, null))
				.map((value) => value.displayName);

		expect(rules.type).toBe('fixedCollection');
		expect(shownWith(group('campaign'), { scheduleCampaign: true })).toEqual([
			'Campaign Schedule',
			'Campaign Start',
			'Campaign End',
		]);
		expect(shownWith(group('campaign'), { scheduleCampaign: false })).toEqual([
			'Campaign Schedule',
		]);
		expect(shownWith(group('password'), { passwordEnabled: true })).toEqual([
			'Password Protection',
			'Password',
		]);
		expect(shownWith(group('ageGate'), { ageGating: true })).toEqual(['Age Gate', 'Minimum Age']);
	});
});

describe('labels of the 1.2 form', () => {
	const properties = new Qrtrac().description.properties;
	const optionsOf = (operation: string) =>
		properties.find(
			(property) =>
				property.name === 'options' &&
				property.displayOptions?.show?.operation?.includes(operation),
		)?.options as INodeProperties[];

	it('Team Override reads "Team (Override)" and picks a team from a searchable list (1.1 keeps its dropdown)', async () => {
		const teamOptions = optionsOf('create').filter((option) => option.name === 'teamOverride');

		expect(teamOptions.map((option) => [option.displayName, option.type])).toEqual([
			['Team Override Name or ID', 'options'],
			['Team (Override)', 'resourceLocator'],
		]);
		const result = await create({
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/t',
			options: { teamOverride: { __rl: true, mode: 'id', value: 'team/../x' } },
		});
		expect(result.error?.message).toBe(
			'Item 0: "Team (Override)" must not contain / \\ ? # % or spaces',
		);
	});

	it('Folder ID says it is Coming Soon; the one Dynamic Link type is a notice', () => {
		const additional = properties.find(
			(property) =>
				property.name === 'additionalFields' &&
				property.displayOptions?.show?.operation?.includes('create'),
		)?.options as INodeProperties[];
		const dynamicLink = properties.filter((property) =>
			property.displayOptions?.show?.resource?.includes('dynamicLink'),
		);

		expect(additional.find((field) => field.name === 'folderId')?.displayName).toBe(
			'Folder ID (Coming Soon)',
		);
		expect(
			dynamicLink
				.filter((property) => ['type', 'dynamicLinkNotice'].includes(property.name))
				.map((property) => [property.type, property.displayOptions?.show?.['@version']]),
		).toEqual([
			['notice', [{ _cnd: { gte: 1.2 } }]],
			['options', [{ _cnd: { lt: 1.2 } }]],
		]);
	});
});
