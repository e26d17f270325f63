import { DEFAULT_BASE_URL } from '../connection';
import { isPlainObject } from '../plainObject';
import { asText } from '../validation';
import { endpoint, INTERFACE_ROOT, type Endpoint } from './route';

/**
 * The contract's addresses of one record, and what a locator's By URL may take from them. The contract gives a
 * code no web page (a short link is a team domain plus the code's Display ID, which may spell another code's ID),
 * so the only address that names a record's ID is its own on the service: `{Base URL}/api` + one of its routes
 * below, on the credential's Base URL. Anything else is refused before any request.
 */

/** The routes whose `{id}` is one code's ID; the endpoint functions use these, so each is written once. */
export const CODE_ADDRESSES = {
	get: endpoint('Get QR Code', 'GET /qrs-api/teams/{id}'),
	update: endpoint('Update QR Code', 'PUT /qrs-api/{id}'),
	delete: endpoint('Delete QR Code', 'DELETE /qrs-api/{id}'),
	tags: endpoint('Update QR Code Tags', 'PUT /qrs-api/{id}/tags'),
	title: endpoint('Update QR Code Title', 'PATCH /qrs-api/{id}/title'),
	duplicate: endpoint('Duplicate QR Code', 'POST /qrs-api/duplicate/{id}', { usesPlan: 'codes' }),
	scans: endpoint('Get Scans', 'GET /analytics-api/detailed/{id}'),
};

/** The routes whose `{id}` is one team's ID (a member's own address names a person, and is left out). */
export const TEAM_ADDRESSES = {
	get: endpoint('Get Team', 'GET /teams-api/{id}'),
	rename: endpoint('Rename Team', 'PUT /teams-api/{id}', { needsRole: 'Admin or Owner' }),
	domains: endpoint('Set Team Domains', 'PUT /teams-api/{id}/domainPreferences'),
	addMember: endpoint('Add Team Member', 'PUT /teams-api/{id}/members', { usesPlan: 'members' }),
};

export type AddressedRecord = 'qrCode' | 'team';

const RECORDS: Record<
	AddressedRecord,
	{ routes: Endpoint[]; noun: string; exampleId: string; otherwise: string }
> = {
	qrCode: {
		routes: Object.values(CODE_ADDRESSES),
		noun: 'QR code',
		exampleId: 'qr_a1b2c3',
		// the link people scan is the likeliest URL pasted here, and it names no ID; said as an aside, since a
		// team domain may carry any path and an address cannot be told to be a short link
		otherwise:
			"only a code's address on the credential's Base URL is taken (a short link is none: it holds the code's Display ID, not its ID). Pick the code From List (it searches Display IDs) or give its ID",
	},
	team: {
		routes: Object.values(TEAM_ADDRESSES),
		noun: 'team',
		exampleId: 'team_1234',
		otherwise:
			"only a team's address on the credential's Base URL is taken. Pick the team From List or give its ID",
	},
};

/** A route's path as segments below the primary interface's root (`{id}` and `{email}` as they are written). */
function segmentsOf({ route }: Endpoint): string[] {
	return route.slice(route.indexOf(' ') + 2).split('/');
}

/** The record's first address on a Base URL: the form's placeholder (on the default Base URL). */
export function addressExample(record: AddressedRecord, baseUrl = DEFAULT_BASE_URL): string {
	const { routes, exampleId } = RECORDS[record];
	const path = segmentsOf(routes[0])
		.map((segment) => (segment === '{id}' ? exampleId : segment))
		.join('/');
	return `${baseUrl}${INTERFACE_ROOT.primary}/${path}`;
}

/**
 * What the editor can check without the credential: an http(s) address ending with one of the record's paths (its
 * host and the Base URL's path are checked at run time, `locatorId`). A regular expression's text.
 */
export function addressPattern(record: AddressedRecord): string {
	const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
	const paths = RECORDS[record].routes.map((route) =>
		segmentsOf(route)
			.map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/?#\\s]+' : escape(segment)))
			.join('/'),
	);
	const root = escape(INTERFACE_ROOT.primary);
	return `^\\s*https?://[^/?#\\s]+(?:/[^?#\\s]*)?${root}/(?:${[...new Set(paths)].join('|')})/?(?:[?#]\\S*)?\\s*$`;
}

/** Said when a By URL value is not one of the record's addresses: where such an address is, and what to do instead. */
export function addressNote(record: AddressedRecord, baseUrl = DEFAULT_BASE_URL): string {
	const { noun, otherwise } = RECORDS[record];
	return `Not the address of a ${noun} on QRTRAC's API, such as ${addressExample(record, baseUrl)}: ${otherwise}`;
}

/** The modes of a record locator (forms/recordLocator.ts): From List, By ID, By URL. */
const LOCATOR_MODES: readonly unknown[] = ['list', 'id', 'url'];

/**
 * The locator a stored value is, or undefined when it is a value: an object with `__rl` (as the editor saves a
 * picker), or one with a locator's `mode` and a `value` (a workflow written by hand or through n8n's API may leave
 * `__rl` out). A plain `{value}` or a list is a value, for the ID rule to refuse. Asked of the value AS STORED,
 * before expressions ran (`StoredField`): an object an expression gives is a value whatever its shape, never read as
 * the record it names. Every reader of a picker or a Team (Override) asks this.
 */
export function locatorOf(stored: unknown): { mode?: unknown; value?: unknown } | undefined {
	if (!isPlainObject(stored)) return undefined;
	if ('__rl' in stored) return stored;
	return LOCATOR_MODES.includes(stored.mode) && 'value' in stored ? stored : undefined;
}

/**
 * A field twice: `stored` as the workflow saved it (the node's parameters before expressions ran; none for a
 * dropdown, which never holds a locator) and `resolved`, what n8n's reading of it gave for the item.
 */
export interface StoredField {
	stored?: unknown;
	resolved: unknown;
}

/** The locator a field holds, its value as resolved, or undefined when the stored field is no locator. */
function resolvedLocator({
	stored,
	resolved,
}: StoredField): { mode?: unknown; value?: unknown } | undefined {
	const locator = locatorOf(stored);
	if (!locator) return undefined;
	return isPlainObject(resolved) ? resolved : { mode: locator.mode, value: resolved };
}

/** A field's value as given: a stored locator's resolved value (`locatorOf`), else what it resolved to, as it is. */
export function givenValue(field: StoredField): unknown {
	const locator = resolvedLocator(field);
	return locator ? locator.value : field.resolved;
}

/**
 * The ID a field gives: From List and By ID (and a plain ID, as an AI tool passes it) as they are, By URL only
 * from one of the record's addresses on the credential's Base URL (host, port and path; asked for only then), else
 * a problem to report before any request. A value that is no text (true, a list, an object an expression gave) is
 * kept as it is, in any mode, for the ID rule (idSchema) to refuse; made text it would be sent as an ID
 * (`qr_1,qr_2`). Whether a field is a locator is `locatorOf`'s rule. A number is its text; nothing given is ''.
 */
export function locatorId(
	field: StoredField,
	record: AddressedRecord,
	baseUrlOf: () => string,
): { id: unknown; problem?: undefined } | { problem: string } {
	const locator = resolvedLocator(field);
	const value = asText(locator ? locator.value : field.resolved) ?? '';
	if (typeof value !== 'string') return { id: value };
	const text = value.trim();
	if (locator?.mode !== 'url') return { id: text };
	const baseUrl = baseUrlOf();
	const id = idInAddress(record, text, baseUrl);
	return id !== undefined ? { id } : { problem: addressNote(record, baseUrl) };
}

function idInAddress(record: AddressedRecord, text: string, baseUrl: string): string | undefined {
	let address: URL;
	try {
		address = new URL(text);
	} catch {
		return undefined;
	}
	const base = new URL(baseUrl);
	if (!/^https?:$/.test(address.protocol) || address.host !== base.host) return undefined;
	const root = `${base.pathname.replace(/\/+$/, '')}${INTERFACE_ROOT.primary}/`;
	if (!address.pathname.startsWith(root)) return undefined;
	const segments = address.pathname.slice(root.length).replace(/\/$/, '').split('/');
	for (const route of RECORDS[record].routes) {
		const pattern = segmentsOf(route);
		if (pattern.length !== segments.length) continue;
		const at = pattern.indexOf('{id}');
		if (!pattern.every((part, index) => index === at || part === segments[index])) continue;
		try {
			return decodeURIComponent(segments[at]);
		} catch {
			return undefined;
		}
	}
	return undefined;
}
