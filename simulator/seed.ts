import { setDomainPreferences } from './domain/teams';
import type { SimulatorState } from './state';

export interface SeededCredentials {
	teamId: string;
	clientId: string;
	clientSecret: string;
	apiKey: string;
}

const DAY_MS = 86_400_000;

/**
 * The demo organization "Acme Demo": owner Olivia, teams Marketing (custom domains), Sales and Support,
 * members in every state (active, paused, pending, resend limit reached), codes of every type with scans
 * from returning visitors (one soft-deleted), an admin client besides the owner client, and a v1 API key. Returns the owner client
 * of Marketing and the key.
 */
export function seedDemoOrganization(state: SimulatorState): SeededCredentials {
	const now = state.clock.now();
	const { org, team: marketing } = state.createOrganization(
		'Acme Demo',
		{ name: 'Olivia Owner', email: 'olivia@acme.example' },
		'Marketing',
	);
	setDomainPreferences(
		state,
		marketing,
		{
			defaultDomain: 'qr.acme.example',
			domains: ['qr.acme.example', 'go.acme.example', state.config.platformDomain],
		},
		'simulator',
	);
	const sales = state.createTeam(org.id, 'Sales', [
		'sales.acme.example',
		state.config.platformDomain,
	]);
	const support = state.createTeam(org.id, 'Support');

	state.addMember(marketing.id, { name: 'Adam Admin', email: 'adam@acme.example', role: 'admin' });
	state.addMember(sales.id, { name: 'Adam Admin', email: 'adam@acme.example', role: 'editor' });
	state.acceptInvite('adam@acme.example');
	state.addMember(marketing.id, {
		name: 'Erin Editor',
		email: 'erin@acme.example',
		role: 'editor',
	});
	state.addMember(sales.id, { name: 'Erin Editor', email: 'erin@acme.example', role: 'viewer' });
	state.acceptInvite('erin@acme.example');
	state.setMemberState(sales.id, 'erin@acme.example', 'paused');
	state.addMember(support.id, { name: 'Sam Support', email: 'sam@acme.example', role: 'admin' });
	state.acceptInvite('sam@acme.example');
	state.addMember(marketing.id, {
		name: 'Victor Viewer',
		email: 'victor@acme.example',
		role: 'viewer',
	});
	state.addMember(support.id, {
		name: 'Paula Pending',
		email: 'paula@acme.example',
		role: 'editor',
	});
	const paula = state.findUser('paula@acme.example');
	if (paula)
		Object.assign(paula, {
			resendCount: state.config.resendLimit,
			invitationsSent: state.config.resendLimit + 1,
		});

	const codes: Array<[string, Record<string, unknown>]> = [
		[
			marketing.id,
			{
				name: 'Spring campaign',
				qrType: 'WEB',
				qrRedirectUrl: 'https://acme.example/spring',
				baseUrl: 'https://go.acme.example/',
				tags: ['campaign', 'spring'],
			},
		],
		[
			marketing.id,
			{
				name: 'Docs short link',
				qrType: 'SHORT_LINK',
				qrRedirectUrl: 'https://acme.example/docs/getting-started?ref=qr',
			},
		],
		[
			marketing.id,
			{
				name: 'Business card',
				qrType: 'VCARD',
				firstName: 'Olivia',
				lastName: 'Owner',
				company: 'Acme',
				email: 'olivia@acme.example',
			},
		],
		[
			marketing.id,
			{
				name: 'Catalog',
				qrType: 'PDF',
				pdfTitle: 'Catalog',
				pdfUrl: 'https://acme.example/catalog.pdf',
				metadata: { allowDownload: true },
			},
		],
		[
			marketing.id,
			{
				name: 'Welcome',
				qrType: 'MULTI_LOCALE',
				defaultQrRedirectUrl: 'https://acme.example/en',
				qrRedirectUrls: [
					{ locale: 'en', qrRedirectUrl: 'https://acme.example/en' },
					{ locale: 'fr', qrRedirectUrl: 'https://acme.example/fr' },
				],
			},
		],
		[
			marketing.id,
			{
				name: 'Coupon',
				qrType: 'COUPON_CODE',
				metadata: { couponCode: 'SAVE20', discount: '20%' },
			},
		],
		[
			marketing.id,
			{
				name: 'Resources',
				qrType: 'LINK_LIST',
				metadata: {
					title: 'Resources',
					links: [{ title: 'Docs', url: 'https://acme.example/docs' }],
				},
			},
		],
		[
			marketing.id,
			{ name: 'Old landing page', qrType: 'WEB', qrRedirectUrl: 'https://acme.example/old' },
		],
		[
			sales.id,
			{
				name: 'Get the app',
				qrType: 'APP_DOWNLOAD',
				metadata: { appName: 'Acme', iosUrl: 'https://apps.example.com/ios' },
			},
		],
		[
			sales.id,
			{
				name: 'Follow us',
				qrType: 'SOCIAL_BIO',
				metadata: {
					title: 'Follow us',
					links: [{ platform: 'instagram', url: 'https://instagram.com/acme' }],
				},
			},
		],
		[
			support.id,
			{
				name: 'How-to video',
				qrType: 'VIDEO_PREVIEW',
				metadata: { videoUrl: 'https://acme.example/v.mp4' },
			},
		],
		[
			support.id,
			{
				name: 'Gallery',
				qrType: 'IMAGE_GALLERY',
				metadata: { images: [{ url: 'https://acme.example/1.jpg' }] },
			},
		],
		[
			support.id,
			{
				name: 'Canteen menu',
				qrType: 'RESTAURANT_MENU',
				metadata: { restaurantName: 'Canteen', items: [{ name: 'Soup', price: '$5' }] },
			},
		],
	];
	codes.forEach(([teamId, fields], index) => {
		const createdAt = now - (30 - index) * DAY_MS;
		const qr = state.createQrAt(teamId, fields, createdAt);
		// from a few dozen to a few hundred scans a code, with returning visitors (domain/scanTraffic.ts)
		state.seedScans(qr.id, 30 + ((index * 67) % 270), {
			from: createdAt,
			to: now,
			seed: index + 1,
		});
		if (qr.qrType === 'COUPON_CODE')
			state.setLeads(qr.id, { total: 12, today: 2, yesterday: 3, updatedAt: now - 3_600_000 });
		if (qr.name === 'Old landing page')
			Object.assign(qr, { deleted: true, updatedAt: createdAt + DAY_MS });
	});

	state.addApiClient(org.id, 'admin', marketing.id);
	const owner = state.addApiClient(org.id, 'owner', marketing.id);
	return { ...owner, apiKey: state.addApiKey(marketing.id) };
}
