/**
 * QR Code > Create through n8n's engine against the simulator: every type's typed fields land where the
 * contract's createQr examples put them (top level for VCARD/PDF/MULTI_LOCALE, metadata otherwise), the common
 * fields, settings and Other API Fields (JSON) arrive, and service refusals surface as NodeApiError.
 */
import spec from '../../../contract/openapi.json';
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { qrCodeRuns } from '../qrCodeRuns';

const suite = useSimulator();

const { runAt } = qrCodeRuns(suite);

const create = (
	parameters: Record<string, unknown>,
	options: { items?: Array<Record<string, unknown>>; continueOnFail?: boolean } = {},
) => runAt('create', parameters, options);

const examples = (spec as any).paths['/qrs-api'].post.requestBody.content['application/json']
	.examples as Record<string, { value: Record<string, unknown> }>;

/** Form parameters that should produce each request example of createQr, field for field. */
const formsForExamples: Record<string, Record<string, unknown>> = {
	web: { qrType: 'WEB', name: 'My Website', qrRedirectUrl: 'https://example.com' },
	vcard: {
		qrType: 'VCARD',
		name: 'Business card',
		vcardFirstName: 'Ada',
		vcardLastName: 'Lovelace',
		vcardEmail: 'ada@example.com',
		vcardMobile: '+1-555-0100',
		vcardDetails: {
			vcardCompany: 'Acme',
			vcardDesignation: 'Engineer',
			vcardLandline: '+1-555-0101',
			vcardFax: '+1-555-0102',
			vcardWebsite: 'https://example.com',
			vcardBio: 'Short bio',
		},
		vcardPostalAddress: {
			vcardAddress: '1 Main Street',
			vcardStreet: 'Main Street',
			vcardCity: 'Springfield',
			vcardState: 'IL',
			vcardPostalCode: '62701',
			vcardCountry: 'USA',
		},
	},
	pdf: {
		qrType: 'PDF',
		name: 'Brochure',
		pdfTitle: 'Catalog',
		pdfDescription: 'All products',
		pdfUrl: 'https://example.com/catalog.pdf',
	},
	imageGallery: {
		qrType: 'IMAGE_GALLERY',
		name: 'Gallery',
		galleryImages: { image: [{ url: 'https://example.com/1.jpg', caption: 'Front' }] },
		galleryTitle: 'Images',
	},
	couponCode: {
		qrType: 'COUPON_CODE',
		name: 'Coupon',
		couponCode: 'SAVE20',
		couponDiscount: '20%',
		couponDescription: '20% off',
		couponExpiryDate: '2025-01-01T00:00:00Z',
	},
	restaurantMenu: {
		qrType: 'RESTAURANT_MENU',
		name: 'Menu',
		restaurantName: 'Diner',
		menuSections: { section: [{ name: 'Starters' }] },
		menuDishes: { dish: [{ name: 'Soup', price: '$5', description: 'Of the day' }] },
	},
	socialBio: {
		qrType: 'SOCIAL_BIO',
		name: 'Social',
		socialTitle: 'Follow us',
		socialSubtitle: 'Everywhere',
		socialProfileImage: 'https://example.com/p.jpg',
		socialLinks: { link: [{ platform: 'instagram', url: 'https://instagram.com/example' }] },
	},
	videoPreview: {
		qrType: 'VIDEO_PREVIEW',
		name: 'Demo video',
		videoUrl: 'https://example.com/v.mp4',
		videoTitle: 'Demo',
		videoDescription: 'Watch',
	},
	linkList: {
		qrType: 'LINK_LIST',
		name: 'Links',
		linkListTitle: 'Resources',
		linkListSubtitle: 'Pick one',
		linkListLinks: { link: [{ title: 'Docs', url: 'https://example.com/docs', icon: 'book' }] },
	},
	appDownload: {
		qrType: 'APP_DOWNLOAD',
		name: 'Get the app',
		appName: 'App',
		appIcon: 'https://example.com/icon.png',
		appIosUrl: 'https://apps.example.com/ios',
		appAndroidUrl: 'https://apps.example.com/android',
		appFallbackUrl: 'https://example.com/download',
	},
	multiLocale: {
		qrType: 'MULTI_LOCALE',
		name: 'Multi-language',
		defaultQrRedirectUrl: 'https://example.com/en',
		localeRedirectUrls: {
			locale: [
				{ locale: 'en', qrRedirectUrl: 'https://example.com/en' },
				{ locale: 'fr', qrRedirectUrl: 'https://example.com/fr' },
			],
		},
	},
	shortLink: {
		qrType: 'SHORT_LINK',
		name: 'Short',
		qrRedirectUrl: 'https://example.com/a/very/long/path?x=1',
		displayId: 'promo2024',
	},
	withSettings: {
		qrType: 'WEB',
		name: 'Protected',
		qrRedirectUrl: 'https://example.com/x',
		additionalFields: { tags: 'campaign' },
		scanRules: {
			password: { passwordEnabled: true, password: 'secret' },
			ageGate: { ageGating: true, minAge: 21 },
			campaign: {
				scheduleCampaign: true,
				campaignStart: 1704067200000,
				campaignEnd: '2025-01-01T00:00:00Z',
			},
			location: { locationEnabled: true },
		},
	},
};

describe('Create: the request examples of the contract', () => {
	it('covers every example of createQr, and so all 12 QR types', () => {
		expect(Object.keys(formsForExamples).sort()).toEqual(Object.keys(examples).sort());
		const types = new Set(Object.values(formsForExamples).map((form) => form.qrType));
		expect(types.size).toBe(12);
	});

	it.each(Object.keys(formsForExamples))(
		'sends the "%s" example exactly and the code is stored that way',
		async (name) => {
			const result = await create({ ...formsForExamples[name], simplify: false });

			expect(result.error).toBeUndefined();
			expect(suite.sim.requestLog).toHaveLength(1);
			expect(suite.sim.requestLog[0].body).toEqual(examples[name].value);
			suite.expectRequestsFollowContract();
			const created = result.items[0].json;
			const stored = suite.sim.state.getQr(String(created.id));
			expect(stored).toMatchObject(examples[name].value);
			expect(stored?.teamId).toBe(suite.credentials.teamId);
			expect(created).toMatchObject(examples[name].value);
		},
	);
});

describe('Create: nodes saved with the first layout (typeVersion 1)', () => {
	it('still read the Display ID from Additional Fields, vCard fields on their own and the JSON field on its own', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			typeVersion: 1,
			credentials: suite.credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'create',
				qrType: 'VCARD',
				name: 'Business card',
				vcardFirstName: 'Ada',
				vcardCompany: 'Acme',
				vcardStreet: 'Main Street',
				additionalFields: { displayId: 'first-layout' },
				additionalFieldsJson: '{"metadata": {"note": "kept"}}',
			},
		});

		expect(result.error).toBeUndefined();
		expect(suite.sim.requestLog[0].body).toEqual({
			qrType: 'VCARD',
			name: 'Business card',
			displayId: 'first-layout',
			firstName: 'Ada',
			company: 'Acme',
			street: 'Main Street',
			metadata: { note: 'kept' },
		});
	});
});

describe('Create: common fields', () => {
	it('sends template, base URL, folder, tags and the JSON fields, and simplifies the output', async () => {
		const team = suite.sim.state.team(suite.credentials.teamId!)!;
		const template = suite.sim.state.templatesOfTeam(suite.credentials.teamId!)[1];
		const customDomain = team.domains.find((domain) => domain !== team.defaultDomain)!;

		const result = await create({
			qrType: 'COUPON_CODE',
			name: 'Autumn coupon',
			couponCode: 'FALL10',
			couponDiscount: '10%',
			additionalFields: {
				baseUrl: `https://${customDomain}/`,
				templateId: template.id,
				folderId: 'folder-7',
				tags: 'autumn, retail ',
			},
			displayId: 'fall-10',
			options: {
				additionalFieldsJson:
					'{"expiryDate": 1767225600000, "metadata": {"terms": "One per customer"}}',
			},
		});

		expect(result.error).toBeUndefined();
		suite.expectRequestsFollowContract();
		const body = suite.sim.requestLog[0].body as Record<string, unknown>;
		expect(body).toEqual({
			qrType: 'COUPON_CODE',
			name: 'Autumn coupon',
			displayId: 'fall-10',
			tags: ['autumn', 'retail'],
			templateId: template.id,
			baseUrl: `https://${customDomain}/`,
			folderId: 'folder-7',
			metadata: { couponCode: 'FALL10', discount: '10%', terms: 'One per customer' },
			expiryDate: 1767225600000,
		});
		const output = result.items[0].json;
		expect(Object.keys(output).sort()).toEqual(
			[
				'id',
				'displayId',
				'name',
				'qrType',
				'shortUrl',
				'qrRedirectUrl',
				'qrImageUrl',
				'tags',
				'teamId',
				'deleted',
				'createdAt',
				'createdAtIso',
				'updatedAt',
				'updatedAtIso',
				'result',
			]
				.filter((key) => output[key] !== undefined)
				.sort(),
		);
		expect(output.shortUrl).toBe(`https://${customDomain}/fall-10`);
		expect(output.createdAtIso).toBe(new Date(Number(output.createdAt)).toISOString());
		expect(output.result).toBe('created');
		expect(output.metadata).toBeUndefined();
		const stored = suite.sim.state.getQr(String(output.id))!;
		expect(stored).toMatchObject({
			displayId: 'fall-10',
			templateId: template.id,
			baseUrl: `https://${customDomain}/`,
			folderId: 'folder-7',
			expiryDate: 1767225600000,
			metadata: { couponCode: 'FALL10', discount: '10%', terms: 'One per customer' },
		});
	});

	it('creates in the team chosen by Team Override', async () => {
		const orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
		const other = suite.sim.state.createTeam(orgId, 'Events');

		const result = await create({
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/events',
			options: { teamOverride: { __rl: true, mode: 'id', value: other.id } },
		});

		expect(result.error).toBeUndefined();
		expect(suite.sim.requestLog[0].headers['x-request-team-id']).toBe(other.id);
		expect(suite.sim.state.listQrs(other.id).map((qr) => qr.id)).toEqual([result.items[0].json.id]);
		expect(result.items[0].json.name).toBe('Untitled');
	});

	it("adds the sections of dishes given in Other API Fields (JSON) to the menu's sections", async () => {
		const result = await create({
			qrType: 'RESTAURANT_MENU',
			name: 'Menu',
			restaurantName: 'Diner',
			menuDishes: { dish: [{ name: 'Soup', section: 'Starters' }] },
			options: {
				additionalFieldsJson:
					'{"metadata": {"menuItems": [{"name": "Mains"}], "items": [{"name": "Steak", "section": "Grill"}]}}',
			},
		});

		expect(result.error).toBeUndefined();
		// Before: menuItems [Mains] only; no section held the Steak.
		expect((suite.sim.requestLog[0].body as { metadata: unknown }).metadata).toEqual({
			restaurantName: 'Diner',
			menuItems: [{ name: 'Mains' }, { name: 'Grill' }],
			items: [{ name: 'Steak', section: 'Grill' }],
		});
	});
});

describe('Create: service errors', () => {
	it('surfaces a taken Display ID as NodeApiError with the service message, HTTP status and a hint', async () => {
		const taken = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			displayId: 'taken-id',
		});

		const result = await create({
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/2',
			displayId: taken.displayId,
		});

		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Display ID "taken-id" is already taken',
			httpCode: '400',
			itemIndex: 0,
		});
		expect(result.error?.description).toContain('Check Display ID Availability');
		expect(JSON.stringify(result.error)).not.toContain(suite.credentials.clientSecret);
		expect(
			suite.sim.state
				.listQrs(suite.credentials.teamId!)
				.filter((qr) => qr.displayId === 'taken-id'),
		).toHaveLength(1);
		suite.expectRequestsFollowContract();
	});

	it('with Continue On Fail, gives one error item for the failed item, paired with it, and creates the others', async () => {
		suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			displayId: 'cof-taken',
		});

		const result = await create(
			{
				qrType: 'WEB',
				qrRedirectUrl: '={{ $json.url }}',
				displayId: '={{ $json.displayId }}',
			},
			{
				continueOnFail: true,
				items: [
					{ url: 'https://example.com/a', displayId: 'cof-a' },
					{ url: 'https://example.com/b', displayId: 'cof-taken' },
					{ url: 'https://example.com/c', displayId: 'cof-c' },
				],
			},
		);

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(result.items[0].json.displayId).toBe('cof-a');
		expect(result.items[1].json).toMatchObject({
			error: 'Display ID "cof-taken" is already taken',
			httpCode: '400',
		});
		expect(result.items[2].json.displayId).toBe('cof-c');
		const displayIds = suite.sim.state.listQrs(suite.credentials.teamId!).map((qr) => qr.displayId);
		expect(displayIds).toEqual(expect.arrayContaining(['cof-a', 'cof-c']));
		suite.expectRequestsFollowContract();
	});
});

describe('Create: a code QRTRAC made in another team than asked', () => {
	const posts = () => suite.sim.requestLog.filter((entry) => entry.method === 'POST');
	const holders = (displayId: string) =>
		[...suite.sim.state.qrs.values()].filter((qr) => qr.displayId === displayId);

	it.each([
		['with a Display ID', { displayId: 'made-elsewhere-1' }],
		['without a Display ID', {}],
	])(
		"%s, with n8n's Retry On Fail: the next tries fail unsent with the first try's message",
		async (_, fields) => {
			const credentialTeam = suite.credentials.teamId!;
			const orgId = suite.sim.state.teams.get(credentialTeam)!.orgId;
			const asked = suite.sim.state.createTeam(orgId, 'Create target').id;
			suite.sim.setListDrift({ createsInDefaultTeam: true });
			try {
				const result = await runNode({
					nodeType: 'qrtrac',
					credentials: suite.credentials,
					parameters: {
						...{ resource: 'qrCode', operation: 'create', qrType: 'WEB' },
						...{ qrRedirectUrl: 'https://example.com/elsewhere', options: { teamOverride: asked } },
						...fields,
					},
					retryOnFail: 3,
				});

				// before: the next try looked in the team asked, found nothing and sent again (refused as taken)
				expect(result.error?.message).toBe(
					`QRTRAC created the code in another team: "${credentialTeam}", not "${asked}" as asked`,
				);
				expect(result.error?.description).toContain('Do not run this item again as it is');
				expect(result.error?.description).toContain('it was not sent again');
				expect(posts()).toHaveLength(1);
				if ('displayId' in fields) expect(holders(fields.displayId)).toHaveLength(1);
			} finally {
				suite.sim.setListDrift({});
			}
		},
	);
});
