import type { QrType } from '../../shared/forms/qrCodeTypes';

/**
 * The typed fields of each QR type, once, as the request examples of `createQr` in the contract show them.
 * The Create/Update forms, the validation schemas and the request body are all generated from this table,
 * so a field is named, checked and placed the same way everywhere.
 *
 * Placement rule (contract): VCARD, PDF and MULTI_LOCALE carry their fields at the top level of the body,
 * every other type inside `metadata`; PDF's display switches (allowDownload, showTitle) go in `metadata` too.
 */

export type TypeFieldKind = 'text' | 'url' | 'email' | 'boolean' | 'dateOrEpochMs' | 'list';

/** One column of a list field (a row of links, images, menu items...). */
export interface ListColumn {
	name: string;
	displayName: string;
	kind: 'text' | 'url';
	required?: boolean;
	placeholder?: string;
	description?: string;
}

export interface QrTypeField {
	qrType: QrType;
	/** Parameter name in the form, unique across all types. */
	name: string;
	/** Field name in the request body (or in `metadata`). */
	key: string;
	placement: 'body' | 'metadata';
	displayName: string;
	kind: TypeFieldKind;
	description: string;
	placeholder?: string;
	/** Initial value of a boolean switch on Create. */
	defaultOn?: boolean;
	/** List fields: the name and label of one row, and its columns. */
	row?: { name: string; displayName: string; columns: ListColumn[] };
	/**
	 * Create form, current layout: the group the field is added from instead of standing on its own, so that a
	 * type with many optional fields (vCard) shows a few fields and two "Add" lists.
	 */
	group?: QrTypeFieldGroupName;
}

export type QrTypeFieldGroupName = 'vcardDetails' | 'vcardPostalAddress';

/** A group of optional typed fields: one collection parameter on the Create form. */
export interface QrTypeFieldGroup {
	name: QrTypeFieldGroupName;
	displayName: string;
	placeholder: string;
	description: string;
}

export const QR_TYPE_FIELD_GROUPS: Record<QrTypeFieldGroupName, QrTypeFieldGroup> = {
	vcardDetails: {
		name: 'vcardDetails',
		displayName: 'Contact Details',
		placeholder: 'Add Detail',
		description: 'Company, job title, more phone numbers, website and a short bio',
	},
	vcardPostalAddress: {
		name: 'vcardPostalAddress',
		displayName: 'Postal Address',
		placeholder: 'Add Address Field',
		description: 'The postal address shown on the business card',
	},
};

/** "Mobile Phone" -> "Mobile phone": tooltips are in sentence case (n8n's UX guidelines). */
const sentenceCase = (label: string): string => label.charAt(0) + label.slice(1).toLowerCase();

const vcard = (
	name: string,
	key: string,
	displayName: string,
	kind: TypeFieldKind,
	placeholder: string,
	more: { group?: QrTypeFieldGroupName; description?: string } = {},
): QrTypeField => ({
	qrType: 'VCARD',
	name,
	key,
	placement: 'body',
	displayName,
	kind,
	description: more.description ?? `${sentenceCase(displayName)} shown on the business card`,
	placeholder,
	group: more.group,
});

const details = { group: 'vcardDetails' } as const;
const postal = { group: 'vcardPostalAddress' } as const;

export const QR_TYPE_FIELDS: readonly QrTypeField[] = [
	// VCARD: top level
	vcard('vcardFirstName', 'firstName', 'First Name', 'text', 'e.g. Ada'),
	vcard('vcardLastName', 'lastName', 'Last Name', 'text', 'e.g. Lovelace'),
	vcard('vcardEmail', 'email', 'Email', 'email', 'name@email.com'),
	vcard('vcardMobile', 'mobile', 'Mobile Phone', 'text', 'e.g. +1-555-0100'),
	vcard('vcardCompany', 'company', 'Company', 'text', 'e.g. Acme', details),
	vcard('vcardDesignation', 'designation', 'Job Title', 'text', 'e.g. Engineer', details),
	vcard('vcardLandline', 'landline', 'Landline Phone', 'text', 'e.g. +1-555-0101', details),
	vcard('vcardFax', 'fax', 'Fax', 'text', 'e.g. +1-555-0102', details),
	vcard('vcardWebsite', 'website', 'Website', 'url', 'e.g. https://example.com', details),
	vcard('vcardBio', 'bio', 'Bio', 'text', 'e.g. Short bio', {
		...details,
		description: 'A line or two about the person, shown on the business card',
	}),
	vcard('vcardAddress', 'address', 'Address Line', 'text', 'e.g. 1 Main Street', {
		...postal,
		description: 'The first line of the address as it is written: house number and street',
	}),
	vcard('vcardStreet', 'street', 'Street Name', 'text', 'e.g. Main Street', {
		...postal,
		description: 'The street alone, without the house number',
	}),
	vcard('vcardCity', 'city', 'City', 'text', 'e.g. Springfield', postal),
	vcard('vcardState', 'state', 'State', 'text', 'e.g. IL', {
		...postal,
		description: 'State, province or region',
	}),
	vcard('vcardPostalCode', 'postalCode', 'Postal Code', 'text', 'e.g. 62701', postal),
	vcard('vcardCountry', 'country', 'Country', 'text', 'e.g. USA', postal),

	// PDF: document fields top level, display switches in metadata
	{
		qrType: 'PDF',
		name: 'pdfUrl',
		key: 'pdfUrl',
		placement: 'body',
		displayName: 'PDF URL',
		kind: 'url',
		description: 'Public URL of the PDF document',
		placeholder: 'e.g. https://example.com/catalog.pdf',
	},
	{
		qrType: 'PDF',
		name: 'pdfTitle',
		key: 'pdfTitle',
		placement: 'body',
		displayName: 'PDF Title',
		kind: 'text',
		description: 'Title shown above the document',
		placeholder: 'e.g. Catalog',
	},
	{
		qrType: 'PDF',
		name: 'pdfDescription',
		key: 'pdfDescription',
		placement: 'body',
		displayName: 'PDF Description',
		kind: 'text',
		description: 'Text shown with the document',
		placeholder: 'e.g. All products',
	},
	{
		qrType: 'PDF',
		name: 'pdfAllowDownload',
		key: 'allowDownload',
		placement: 'metadata',
		displayName: 'Allow Download',
		kind: 'boolean',
		description: 'Whether scanners may download the PDF',
		defaultOn: true,
	},
	{
		qrType: 'PDF',
		name: 'pdfShowTitle',
		key: 'showTitle',
		placement: 'metadata',
		displayName: 'Show Title',
		kind: 'boolean',
		description: 'Whether the title is shown above the document',
		defaultOn: true,
	},

	// MULTI_LOCALE: top level
	{
		qrType: 'MULTI_LOCALE',
		name: 'defaultQrRedirectUrl',
		key: 'defaultQrRedirectUrl',
		placement: 'body',
		displayName: 'Default Redirect URL',
		kind: 'url',
		description: 'Where scanners go when their language has no URL of its own',
		placeholder: 'e.g. https://example.com/en',
	},
	{
		qrType: 'MULTI_LOCALE',
		name: 'localeRedirectUrls',
		key: 'qrRedirectUrls',
		placement: 'body',
		displayName: 'Redirect URLs by Language',
		kind: 'list',
		description: 'One redirect URL per language',
		row: {
			name: 'locale',
			displayName: 'Language',
			columns: [
				{
					name: 'locale',
					displayName: 'Locale',
					kind: 'text',
					required: true,
					placeholder: 'e.g. fr',
					description: 'Language code such as en, fr or de-CH',
				},
				{
					name: 'qrRedirectUrl',
					displayName: 'Redirect URL',
					kind: 'url',
					required: true,
					placeholder: 'e.g. https://example.com/fr',
					description: 'Where scanners with this language go',
				},
			],
		},
	},

	// APP_DOWNLOAD: metadata
	{
		qrType: 'APP_DOWNLOAD',
		name: 'appName',
		key: 'appName',
		placement: 'metadata',
		displayName: 'App Name',
		kind: 'text',
		description: 'Name of the app',
		placeholder: 'e.g. Acme App',
	},
	{
		qrType: 'APP_DOWNLOAD',
		name: 'appIcon',
		key: 'appIcon',
		placement: 'metadata',
		displayName: 'App Icon URL',
		kind: 'url',
		description: 'Public URL of the app icon image',
		placeholder: 'e.g. https://example.com/icon.png',
	},
	{
		qrType: 'APP_DOWNLOAD',
		name: 'appIosUrl',
		key: 'iosUrl',
		placement: 'metadata',
		displayName: 'iOS URL',
		kind: 'url',
		description: 'App Store link, opened on iPhones and iPads',
		placeholder: 'e.g. https://apps.apple.com/app/id123',
	},
	{
		qrType: 'APP_DOWNLOAD',
		name: 'appAndroidUrl',
		key: 'androidUrl',
		placement: 'metadata',
		displayName: 'Android URL',
		kind: 'url',
		description: 'Google Play link, opened on Android phones',
		placeholder: 'e.g. https://play.google.com/store/apps/details?id=com.acme',
	},
	{
		qrType: 'APP_DOWNLOAD',
		name: 'appFallbackUrl',
		key: 'fallbackUrl',
		placement: 'metadata',
		displayName: 'Fallback URL',
		kind: 'url',
		description: 'Page opened on every other device',
		placeholder: 'e.g. https://example.com/download',
	},

	// LINK_LIST: metadata
	{
		qrType: 'LINK_LIST',
		name: 'linkListTitle',
		key: 'title',
		placement: 'metadata',
		displayName: 'Title',
		kind: 'text',
		description: 'Title of the links page',
		placeholder: 'e.g. Resources',
	},
	{
		qrType: 'LINK_LIST',
		name: 'linkListSubtitle',
		key: 'subtitle',
		placement: 'metadata',
		displayName: 'Subtitle',
		kind: 'text',
		description: 'Subtitle of the links page',
		placeholder: 'e.g. Pick one',
	},
	{
		qrType: 'LINK_LIST',
		name: 'linkListLinks',
		key: 'links',
		placement: 'metadata',
		displayName: 'Links',
		kind: 'list',
		description: 'The links shown on the page, in this order',
		row: {
			name: 'link',
			displayName: 'Link',
			columns: [
				{
					name: 'title',
					displayName: 'Title',
					kind: 'text',
					required: true,
					placeholder: 'e.g. Docs',
				},
				{
					name: 'url',
					displayName: 'URL',
					kind: 'url',
					required: true,
					placeholder: 'e.g. https://example.com/docs',
				},
				{
					name: 'icon',
					displayName: 'Icon',
					kind: 'text',
					placeholder: 'e.g. book',
					description: 'Name of the icon shown beside the link',
				},
			],
		},
	},

	// COUPON_CODE: metadata
	{
		qrType: 'COUPON_CODE',
		name: 'couponCode',
		key: 'couponCode',
		placement: 'metadata',
		displayName: 'Coupon Code',
		kind: 'text',
		description: 'The code scanners redeem',
		placeholder: 'e.g. SAVE20',
	},
	{
		qrType: 'COUPON_CODE',
		name: 'couponDiscount',
		key: 'discount',
		placement: 'metadata',
		displayName: 'Discount',
		kind: 'text',
		description: 'The discount as shown, e.g. 20% or $5',
		placeholder: 'e.g. 20%',
	},
	{
		qrType: 'COUPON_CODE',
		name: 'couponDescription',
		key: 'description',
		placement: 'metadata',
		displayName: 'Coupon Description',
		kind: 'text',
		description: 'Terms or details of the offer',
		placeholder: 'e.g. 20% off everything',
	},
	{
		qrType: 'COUPON_CODE',
		name: 'couponExpiryDate',
		key: 'expiryDate',
		placement: 'metadata',
		displayName: 'Expiry Date',
		kind: 'dateOrEpochMs',
		description:
			'When the coupon expires: a moment (a date alone means the start of that day), or epoch milliseconds from an expression',
	},

	// IMAGE_GALLERY: metadata
	{
		qrType: 'IMAGE_GALLERY',
		name: 'galleryTitle',
		key: 'title',
		placement: 'metadata',
		displayName: 'Title',
		kind: 'text',
		description: 'Title of the gallery',
		placeholder: 'e.g. Images',
	},
	{
		qrType: 'IMAGE_GALLERY',
		name: 'galleryImages',
		key: 'images',
		placement: 'metadata',
		displayName: 'Images',
		kind: 'list',
		description: 'The images shown, in this order',
		row: {
			name: 'image',
			displayName: 'Image',
			columns: [
				{
					name: 'url',
					displayName: 'Image URL',
					kind: 'url',
					required: true,
					placeholder: 'e.g. https://example.com/1.jpg',
				},
				{ name: 'caption', displayName: 'Caption', kind: 'text', placeholder: 'e.g. Front' },
			],
		},
	},
	{
		qrType: 'IMAGE_GALLERY',
		name: 'galleryEnableDownload',
		key: 'enableDownload',
		placement: 'metadata',
		displayName: 'Allow Download',
		kind: 'boolean',
		description: 'Whether scanners may download the images',
		defaultOn: true,
	},

	// SOCIAL_BIO: metadata
	{
		qrType: 'SOCIAL_BIO',
		name: 'socialTitle',
		key: 'title',
		placement: 'metadata',
		displayName: 'Title',
		kind: 'text',
		description: 'Title of the profile page',
		placeholder: 'e.g. Follow us',
	},
	{
		qrType: 'SOCIAL_BIO',
		name: 'socialSubtitle',
		key: 'subtitle',
		placement: 'metadata',
		displayName: 'Subtitle',
		kind: 'text',
		description: 'Subtitle of the profile page',
		placeholder: 'e.g. Everywhere',
	},
	{
		qrType: 'SOCIAL_BIO',
		name: 'socialProfileImage',
		key: 'profileImage',
		placement: 'metadata',
		displayName: 'Profile Image URL',
		kind: 'url',
		description: 'Public URL of the profile picture',
		placeholder: 'e.g. https://example.com/p.jpg',
	},
	{
		qrType: 'SOCIAL_BIO',
		name: 'socialLinks',
		key: 'links',
		placement: 'metadata',
		displayName: 'Social Links',
		kind: 'list',
		description: 'The social media profiles shown, in this order',
		row: {
			name: 'link',
			displayName: 'Social Link',
			columns: [
				{
					name: 'platform',
					displayName: 'Platform',
					kind: 'text',
					required: true,
					placeholder: 'e.g. instagram',
					description: 'Name of the social network, e.g. instagram, linkedin or tiktok',
				},
				{
					name: 'url',
					displayName: 'Profile URL',
					kind: 'url',
					required: true,
					placeholder: 'e.g. https://instagram.com/example',
				},
			],
		},
	},

	// VIDEO_PREVIEW: metadata
	{
		qrType: 'VIDEO_PREVIEW',
		name: 'videoUrl',
		key: 'videoUrl',
		placement: 'metadata',
		displayName: 'Video URL',
		kind: 'url',
		description: 'Public URL of the video',
		placeholder: 'e.g. https://example.com/v.mp4',
	},
	{
		qrType: 'VIDEO_PREVIEW',
		name: 'videoTitle',
		key: 'title',
		placement: 'metadata',
		displayName: 'Title',
		kind: 'text',
		description: 'Title shown with the video',
		placeholder: 'e.g. Demo',
	},
	{
		qrType: 'VIDEO_PREVIEW',
		name: 'videoDescription',
		key: 'description',
		placement: 'metadata',
		displayName: 'Video Description',
		kind: 'text',
		description: 'Text shown with the video',
		placeholder: 'e.g. Watch',
	},
	{
		qrType: 'VIDEO_PREVIEW',
		name: 'videoAutoplay',
		key: 'autoplay',
		placement: 'metadata',
		displayName: 'Autoplay',
		kind: 'boolean',
		description: 'Whether the video starts by itself',
		defaultOn: false,
	},
	{
		qrType: 'VIDEO_PREVIEW',
		name: 'videoShowControls',
		key: 'showControls',
		placement: 'metadata',
		displayName: 'Show Controls',
		kind: 'boolean',
		description: 'Whether the player shows its controls',
		defaultOn: true,
	},

	// RESTAURANT_MENU: metadata. The contract keeps section names (`menuItems`) and dishes (`items`) in two
	// lists; each dish names its section (`section`), and a section named only by dishes is added to the list.
	{
		qrType: 'RESTAURANT_MENU',
		name: 'restaurantName',
		key: 'restaurantName',
		placement: 'metadata',
		displayName: 'Restaurant Name',
		kind: 'text',
		description: 'Name of the restaurant',
		placeholder: 'e.g. Diner',
	},
	{
		qrType: 'RESTAURANT_MENU',
		name: 'menuSections',
		key: 'menuItems',
		placement: 'metadata',
		displayName: 'Menu Sections',
		kind: 'list',
		description:
			'The sections of the menu in the order they are shown, e.g. Starters, Mains. Sections named by a dish are added by themselves.',
		row: {
			name: 'section',
			displayName: 'Section',
			columns: [
				{
					name: 'name',
					displayName: 'Section Name',
					kind: 'text',
					required: true,
					placeholder: 'e.g. Starters',
				},
			],
		},
	},
	{
		qrType: 'RESTAURANT_MENU',
		name: 'menuDishes',
		key: 'items',
		placement: 'metadata',
		displayName: 'Dishes',
		kind: 'list',
		description: 'The dishes on the menu; each names the section it is listed under',
		row: {
			name: 'dish',
			displayName: 'Dish',
			columns: [
				{
					name: 'name',
					displayName: 'Dish Name',
					kind: 'text',
					required: true,
					placeholder: 'e.g. Soup',
				},
				{
					name: 'section',
					displayName: 'Section',
					kind: 'text',
					placeholder: 'e.g. Starters',
					description: 'Name of the menu section the dish is listed under',
				},
				{ name: 'price', displayName: 'Price', kind: 'text', placeholder: 'e.g. $5' },
				{
					name: 'description',
					displayName: 'Dish Description',
					kind: 'text',
					placeholder: 'e.g. Of the day',
				},
			],
		},
	},
];

/**
 * What a code of each type cannot work without, checked before anything is created: each entry lists fields of
 * which at least one must be given (on the form or in Other API Fields (JSON)). Website and Short Link need
 * their Redirect URL, a field of every type (qrCodeSchemas.ts).
 */
export const QR_TYPE_ESSENTIALS: Record<QrType, ReadonlyArray<readonly string[]>> = {
	APP_DOWNLOAD: [['appIosUrl', 'appAndroidUrl', 'appFallbackUrl']],
	COUPON_CODE: [['couponCode'], ['couponDiscount']],
	IMAGE_GALLERY: [['galleryImages']],
	LINK_LIST: [['linkListLinks']],
	MULTI_LOCALE: [['defaultQrRedirectUrl']],
	PDF: [['pdfUrl']],
	RESTAURANT_MENU: [['menuDishes']],
	SHORT_LINK: [],
	SOCIAL_BIO: [['socialLinks']],
	VCARD: [['vcardFirstName', 'vcardLastName', 'vcardCompany']],
	VIDEO_PREVIEW: [['videoUrl']],
	WEB: [],
};
