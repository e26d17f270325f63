import type { INodePropertyOptions } from 'n8n-workflow';

import { REDIRECT_TYPES } from '../records/qrCode';
import { sameAt } from '../records/sameValue';

/** The twelve QR code types of the contract (CreateQrRequest.qrType). */
export const QR_TYPES = [
	'WEB',
	'PDF',
	'VCARD',
	'MULTI_LOCALE',
	'APP_DOWNLOAD',
	'LINK_LIST',
	'SHORT_LINK',
	'COUPON_CODE',
	'IMAGE_GALLERY',
	'SOCIAL_BIO',
	'VIDEO_PREVIEW',
	'RESTAURANT_MENU',
] as const;

export type QrType = (typeof QR_TYPES)[number];

/** Types whose scan goes straight to `qrRedirectUrl`, which they must therefore carry. */
export const REDIRECT_QR_TYPES: readonly QrType[] = REDIRECT_TYPES;

/** Label of each type as the form shows it. */
export const QR_TYPE_LABELS: Record<QrType, string> = {
	APP_DOWNLOAD: 'App Download',
	COUPON_CODE: 'Coupon Code',
	IMAGE_GALLERY: 'Image Gallery',
	LINK_LIST: 'Link List',
	MULTI_LOCALE: 'Multi-Language',
	PDF: 'PDF',
	RESTAURANT_MENU: 'Restaurant Menu',
	SHORT_LINK: 'Short Link',
	SOCIAL_BIO: 'Social Bio',
	VCARD: 'vCard',
	VIDEO_PREVIEW: 'Video Preview',
	WEB: 'Website',
};

const QR_TYPE_DESCRIPTIONS: Record<QrType, string> = {
	APP_DOWNLOAD: 'Sends phones to the App Store or Google Play, others to a fallback page',
	COUPON_CODE: 'Shows a coupon with code, discount and expiry',
	IMAGE_GALLERY: 'Shows a gallery of images',
	LINK_LIST: 'Shows a page with a list of links',
	MULTI_LOCALE: "Redirects to a URL chosen by the scanner's language",
	PDF: 'Shows or downloads a PDF document',
	RESTAURANT_MENU: 'Shows a restaurant menu',
	SHORT_LINK: 'Redirects to a URL through a short link with a custom Display ID',
	SOCIAL_BIO: 'Shows a profile page with social media links',
	VCARD: 'Shares a business card (contact details)',
	VIDEO_PREVIEW: 'Shows a video',
	WEB: 'Redirects to a website',
};

/** Options of the QR Type selector, sorted by name as n8n forms require. */
export const qrTypeOptions: INodePropertyOptions[] = QR_TYPES.map((type) => ({
	name: QR_TYPE_LABELS[type],
	value: type,
	description: QR_TYPE_DESCRIPTIONS[type],
})).sort((a, b) => a.name.localeCompare(b.name));

export function isQrType(value: unknown): value is QrType {
	return typeof value === 'string' && (QR_TYPES as readonly string[]).includes(value);
}

/** The type a stored code holds, as the contract spells it: a service may answer it in another case (`web`). */
export function qrTypeOf(value: unknown): QrType | undefined {
	return QR_TYPES.find((type) => sameAt('qrType', type, value));
}
