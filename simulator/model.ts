/** Records the simulator keeps: the data model of a QRTRAC organization. */

export type TeamRole = 'owner' | 'admin' | 'editor' | 'viewer';
export type AssignableRole = Exclude<TeamRole, 'owner'>;
export type UserState = 'pending' | 'active';
export type MembershipState = 'active' | 'paused';

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

export const ASSIGNABLE_ROLES: readonly AssignableRole[] = ['admin', 'editor', 'viewer'];

export interface Organization {
	id: string;
	name: string;
	ownerUserId: string;
	createdAt: number;
}

export interface Team {
	id: string;
	orgId: string;
	name: string;
	domains: string[];
	defaultDomain: string;
	createdAt: number;
	createdBy: string;
	updatedAt: number;
	updatedBy: string;
}

export interface User {
	id: string;
	orgId: string;
	name: string;
	email: string;
	state: UserState;
	invitationsSent: number;
	resendCount: number;
	createdAt: number;
}

export interface Membership {
	teamId: string;
	userId: string;
	role: TeamRole;
	state: MembershipState;
}

/** An API client acts for its organization; the service issues owner and admin clients, lower roles exist to exercise 403s. */
export interface ApiClient {
	clientId: string;
	clientSecret: string;
	orgId: string;
	role: TeamRole;
	defaultTeamId: string;
}

/** Key of the simple v1 variant: bound to one team, limited per minute by its plan. */
export interface ApiKey {
	key: string;
	orgId: string;
	teamId: string;
}

/** A QR code record; unknown top-level fields from the request are kept as they came (additionalProperties). */
export interface QrRecord {
	id: string;
	displayId: string;
	name: string;
	qrType: QrType;
	teamId: string;
	orgId: string;
	qrRedirectUrl?: string;
	qrImageUrl: string;
	qrImageHash: string;
	metadata: Record<string, unknown>;
	settings: Record<string, unknown>;
	tags: string[];
	templateId: string;
	baseUrl: string;
	deleted: boolean;
	createdAt: number;
	createdBy: string;
	updatedAt: number;
	updatedBy: string;
	[extra: string]: unknown;
}

export interface Template {
	id: string;
	teamId: string;
	name: string;
	description: string;
	previewUrl: string;
	createdAt: number;
}

export interface ScanEvent {
	qrId: string;
	scanTime: number;
	device: string;
	browser: string;
	os: string;
	country: string;
	city: string;
	ipAddress: string;
	referrer: string;
}

/** Lead counts per code are not derived from scans: the service collects them through forms; tests seed them. */
export interface LeadCounts {
	total: number;
	today: number;
	yesterday: number;
	updatedAt?: number;
}
