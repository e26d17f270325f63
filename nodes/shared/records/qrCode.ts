import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';
import { sameAt, sameValue } from './sameValue';
import { CUSTOM_DOMAIN, domainWithSlash } from './simplify';

export { sameAt, sameValue };

/**
 * What a QR code record is and how two compare: the one owner of these rules, used by Create or Update's plan,
 * the complete PUT body, Update, Update Tags, code selection, Delete Missing and the trigger. Pure.
 *
 * - A record is live unless the service marked it `deleted: true` (a soft delete keeps the record).
 * - Display IDs differing only in case name one code (foldedDisplayId).
 * - Tags are a set: the contract types them as an array of strings and says nothing of order or repeats, so a
 *   service that sorts or de-duplicates them still holds the same tags. Case counts.
 * - `metadata` and `settings` are keyed objects: a change sets the keys it names; the stored keys it leaves out
 *   stay, and only the keys it names are compared.
 * - A change of `qrType` replaces the type-specific fields: the stored metadata, and the old type's top-level
 *   fields (TOP_LEVEL_TYPE_FIELDS), belong to the old type.
 * - A code read back after a create is held against the body only on what it shows and must echo
 *   (contradictedFields).
 * - A stored password hidden from the node (hasHiddenPassword: masked, or left out while protection is on) is
 *   unknown: it is never sent back, and a change's password counts as changed or not as the caller says
 *   (changedFields). A change's password that is a mask counts as not given (givesPassword).
 * - Everything else compares deeply and as written (`https://a.com` and `https://a.com/` differ to the service).
 * - A change's answer or read holds a written field unless it still shows the old value there (qrCodeChange.ts).
 *   A read after an answer that says nothing must also show some changed field unlike the old value (holdsChange).
 */

/** Fields of a stored code that the service owns; a PUT never sends them back. */
const SERVER_FIELDS = new Set([
	'id',
	'teamId',
	'orgId',
	'qrImageUrl',
	'qrImageHash',
	'deleted',
	'createdAt',
	'createdBy',
	'updatedAt',
	'updatedBy',
]);

/**
 * Request fields whose schema refuses empty text (a URI, a pattern). A record may answer them empty, meaning none:
 * sent back so, a service validating requests would refuse the whole PUT.
 */
const NO_EMPTY_TEXT: ReadonlySet<string> = new Set(['qrRedirectUrl', 'displayId', 'baseUrl']);

/**
 * The request fields a type carries at the top level of the body instead of in `metadata` (the contract's
 * examples of createQr; the form's field table places them so, `typeFields.unit.test.ts` holds both to it).
 */
export const TOP_LEVEL_TYPE_FIELDS: Readonly<Record<string, readonly string[]>> = {
	VCARD: [
		'firstName',
		'lastName',
		'company',
		'designation',
		'email',
		'mobile',
		'landline',
		'fax',
		'website',
		'address',
		'street',
		'city',
		'state',
		'postalCode',
		'country',
		'bio',
	],
	PDF: ['pdfTitle', 'pdfDescription', 'pdfUrl'],
	MULTI_LOCALE: ['defaultQrRedirectUrl', 'qrRedirectUrls'],
};

/** Types whose scan goes straight to the `qrRedirectUrl` the user sets; others' the service may own. */
export const REDIRECT_TYPES = ['WEB', 'SHORT_LINK'] as const;

/** Objects whose keys a change sets one by one. */
export const KEYED_OBJECTS: readonly string[] = ['metadata', 'settings'];

/**
 * Whether a password is a mask: 3 or more of `*`, `•`, `●` (U+25CF) or `·` (U+00B7) only, the characters forms
 * mask with. Nothing in the contract says a read shows the password in clear; a real password of mask characters
 * only is taken as unknown too, which is harmless. Kept to these four: any wider, real passwords would be lost.
 */
export function isMaskedPassword(value: unknown): boolean {
	return typeof value === 'string' && /^[*•●·]{3,}$/u.test(value);
}

/**
 * Whether the stored code's password is hidden from the node: masked, or empty, null or absent while
 * `passwordEnabled` is true (a service leaving it out of reads). The one rule of every write and comparison.
 */
export function hasHiddenPassword(stored: IDataObject): boolean {
	if (!isPlainObject(stored.settings)) return false;
	const { password, passwordEnabled } = stored.settings;
	return (
		isMaskedPassword(password) ||
		(passwordEnabled === true && (password === undefined || password === null || password === ''))
	);
}

/** Whether a change gives a password: a non-empty text that is no mask (a mask comes from a read: not given). */
export function givesPassword(changes: IDataObject): boolean {
	const password = isPlainObject(changes.settings) ? changes.settings.password : undefined;
	return typeof password === 'string' && password !== '' && !isMaskedPassword(password);
}

/**
 * Whether completeUpdateBody leaves `settings` out: the stored password is hidden, and the change gives none and
 * changes no other setting (sending them would remove the password on a service that sets `settings` whole).
 */
export function leavesOutSettings(stored: IDataObject, changes: IDataObject): boolean {
	return (
		hasHiddenPassword(stored) &&
		!givesPassword(changes) &&
		!changedFields(changes, stored).some((field) => field.startsWith('settings.'))
	);
}

/**
 * The settings a change without the password changes on a code whose password is hidden (named as changedFields
 * names them): a service setting `settings` whole would drop the password with them. None when the change turns
 * protection off.
 */
export function settingsDroppingHiddenPassword(
	stored: IDataObject,
	changes: IDataObject,
): string[] {
	if (!hasHiddenPassword(stored) || givesPassword(changes)) return [];
	if (isPlainObject(changes.settings) && changes.settings.passwordEnabled === false) return [];
	return changedFields(changes, stored).filter((field) => field.startsWith('settings.'));
}

/** The stored settings the node knows: all but a hidden password. */
export function knownSettings(stored: IDataObject): IDataObject {
	const settings = isPlainObject(stored.settings) ? { ...stored.settings } : {};
	if (hasHiddenPassword(stored)) delete settings.password;
	return settings;
}

/** Whether the service still holds the code as live (not soft-deleted). */
export function isLive(code: object): boolean {
	return (code as { deleted?: unknown }).deleted !== true;
}

/**
 * A Display ID as codes are matched by it: two differing only in case name one code (a service may lower-case
 * them). DisplayIdIndex (api/qrList.ts) keys on it; a code read in another case is the same code.
 */
export function foldedDisplayId(displayId: string): string {
	return displayId.toLowerCase();
}

/**
 * Whether the code names a team other than `teamId`. One that names none (absent, null) is taken as the team asked
 * for; a team named in another type than text (Qr.teamId is text) is none asked for, however alike it looks (42).
 */
export function ofOtherTeam(code: object, teamId: string): boolean {
	const owner = (code as { teamId?: unknown }).teamId;
	return owner !== undefined && owner !== null && owner !== teamId;
}

/** A record's `teamId` as errors name it: text in quotes, any other value as JSON, so that 42 is not read as "42". */
export function namedTeam(record: object): string {
	const owner = (record as { teamId?: unknown }).teamId;
	return typeof owner === 'string' ? `"${owner}"` : (JSON.stringify(owner) ?? String(owner));
}

/** The record as a soft delete leaves it: the service keeps it, marked deleted. */
export function asDeleted<T extends IDataObject>(code: T, answer: IDataObject): T {
	return { ...code, ...answer, deleted: true };
}

/** Whether the code has this title (its `name`, as written): Update Title's one rule for a re-run, retry and answer. */
export function holdsTitle(code: object, title: string): boolean {
	return (code as { name?: unknown }).name === title;
}

/** Whether the code carries this tag (case counts). */
export function hasTag(code: object, tag: string): boolean {
	const { tags } = code as { tags?: unknown };
	return Array.isArray(tags) && (tags as unknown[]).includes(tag);
}

/** Tags as a set: same members, whatever their order or repeats. A missing list is the empty set. */
export function sameTags(a: unknown, b: unknown): boolean {
	const left = new Set(Array.isArray(a) ? a : []);
	const right = new Set(Array.isArray(b) ? b : []);
	return left.size === right.size && [...left].every((tag) => right.has(tag));
}

/**
 * What tells two versions of a code stamped with one time apart (the trigger's cursor): the fields every answer
 * listing codes shows (a list may leave out `metadata` and `settings`), tags as a set. Equal for equal versions.
 */
export function listedContent(code: object): string {
	const { displayId, name, qrType, qrRedirectUrl, tags } = code as IDataObject;
	const tagSet = Array.isArray(tags) ? [...new Set(tags.map(String))].sort() : [];
	return JSON.stringify(
		[displayId, name, qrType, qrRedirectUrl].map((v) => v ?? null).concat([tagSet]),
	);
}

/** Whether a change gives the code another type (the type's case does not count: sameAt). */
export function changesType(stored: IDataObject, changes: IDataObject): boolean {
	return changes.qrType !== undefined && !sameAt('qrType', changes.qrType, stored.qrType);
}

/**
 * The fields a change (a row, an Update's fields) would change on the stored code, named as the body names them
 * (`metadata.<key>` inside keyed objects). A field the change leaves out is never a difference. A password
 * against a hidden one (hasHiddenPassword) cannot be compared: `maskedPassword` says how it counts ('changed' for a change the user
 * asks for now, 'unchanged' for a re-run of rows, which would otherwise rewrite every protected code).
 */
export function changedFields(
	changes: IDataObject,
	stored: IDataObject,
	maskedPassword: 'changed' | 'unchanged' = 'changed',
): string[] {
	const fields: string[] = [];
	const hidden = hasHiddenPassword(stored);
	for (const [key, value] of Object.entries(changes)) {
		if (value === undefined) continue;
		if (key === 'tags') {
			if (!sameTags(value, stored.tags)) fields.push(key);
		} else if (KEYED_OBJECTS.includes(key) && isPlainObject(value)) {
			const storedObject = isPlainObject(stored[key]) ? stored[key] : {};
			for (const [innerKey, innerValue] of Object.entries(value)) {
				if (key === 'settings' && innerKey === 'password' && isMaskedPassword(innerValue)) continue;
				const unknown = hidden && key === 'settings' && innerKey === 'password';
				if (
					innerValue !== undefined &&
					(unknown ? maskedPassword === 'changed' : !sameValue(innerValue, storedObject[innerKey]))
				)
					fields.push(`${key}.${innerKey}`);
			}
		} else if (!sameAt(key, value, stored[key])) {
			fields.push(key);
		}
	}
	return fields;
}

/**
 * Request fields a code read back need not echo, so they never tell it from the code that was sent: the
 * contract's Qr lists no `templateId` or `baseUrl`, `folderId` is "Coming Soon" (a service may drop it), and a
 * service may mask or leave out `settings.password` on reads.
 */
const NOT_ECHOED: ReadonlySet<string> = new Set([
	'templateId',
	'baseUrl',
	'folderId',
	'settings.password',
]);

/**
 * The fields a code read back holds with other values than `sent` (a create's body): changedFields, less the
 * fields the code leaves out (in keyed objects, the keys it leaves out) and those it need not echo. What the
 * code does not show cannot tell it from the one `sent` made.
 */
export function contradictedFields(sent: IDataObject, found: IDataObject): string[] {
	return changedFields(sent, found).filter(
		(field) => !NOT_ECHOED.has(field) && valueAt(found, field) !== undefined,
	);
}

/** The value a field named as changedFields names it (`metadata.<key>` inside keyed objects) has in the code. */
export function valueAt(code: IDataObject, field: string): unknown {
	if (code[field] !== undefined) return code[field];
	const dot = field.indexOf('.');
	const object = dot < 0 ? undefined : code[field.slice(0, dot)];
	return KEYED_OBJECTS.includes(field.slice(0, dot)) && isPlainObject(object)
		? object[field.slice(dot + 1)]
		: undefined;
}

/** A stored type as the contract's enum spells it: a service may answer `web` (sameAt), a write must send WEB. */
function contractSpelling<T>(qrType: T): T | string {
	return typeof qrType === 'string' ? qrType.toUpperCase() : qrType;
}

/**
 * The body of a PUT: every request field of the stored code (all but the service's own fields), with `changes`
 * applied on top; keyed objects take the changed keys and keep the other stored ones, and a change of type
 * starts the metadata afresh and leaves the old type's top-level fields out (a replacing PUT would keep them).
 * `qrRedirectUrl` is kept on a type change on purpose: the contract says only that WEB requires it, not that
 * other types may not carry it. Settings holding a hidden password are sent only when the change gives a password
 * or changes a setting (leavesOutSettings), then without the mask (knownSettings): writing the mask back would make it the password, and leaving `settings`
 * out keeps them whole on a service that merges a PUT's top-level fields. `withKnownSettings` sends them anyway,
 * without the mask (for a service found to replace: updateQr).
 */
export function completeUpdateBody(
	stored: IDataObject,
	changes: IDataObject,
	withKnownSettings = false,
): IDataObject {
	const body: IDataObject = {};
	const newType = changesType(stored, changes);
	const storedType = contractSpelling(stored.qrType);
	const oldTypeFields = newType ? (TOP_LEVEL_TYPE_FIELDS[String(storedType)] ?? []) : [];
	for (const [key, value] of Object.entries(stored)) {
		if (SERVER_FIELDS.has(key) || oldTypeFields.includes(key)) continue;
		if (value === undefined || value === null || (value === '' && NO_EMPTY_TEXT.has(key))) continue;
		body[key] = key === 'qrType' ? storedType : key === 'baseUrl' ? requestDomain(value) : value;
	}
	if (newType) body.metadata = {};
	const settingsLeftOut = leavesOutSettings(stored, changes);
	if (hasHiddenPassword(stored)) {
		if (settingsLeftOut && !withKnownSettings) delete body.settings;
		else body.settings = knownSettings(stored);
	}
	for (const [key, value] of Object.entries(changes)) {
		if (value === undefined || (key === 'settings' && settingsLeftOut)) continue;
		const given = key === 'settings' && isPlainObject(value) ? withoutMaskedPassword(value) : value;
		body[key] =
			KEYED_OBJECTS.includes(key) && isPlainObject(given) && isPlainObject(body[key])
				? { ...body[key], ...given }
				: given;
	}
	return body;
}

/** A stored domain as a request takes it: with the closing slash, when that makes it a domain (CUSTOM_DOMAIN). */
function requestDomain<T>(value: T): T | string {
	if (typeof value !== 'string' || /\s/.test(value)) return value;
	return CUSTOM_DOMAIN.test(domainWithSlash(value)) ? domainWithSlash(value) : value;
}

/** Settings less a password that is a mask: it counts as not given (givesPassword). */
function withoutMaskedPassword(settings: IDataObject): IDataObject {
	if (!isMaskedPassword(settings.password)) return settings;
	return Object.fromEntries(Object.entries(settings).filter(([key]) => key !== 'password'));
}

/**
 * Whether a code read back after a PUT that left `settings` out lost settings the node knows (knownSettings of
 * `stored`): the service replaced the code with the body. An answer without `settings` does not tell.
 */
export function lostKnownSettings(stored: IDataObject, answered: IDataObject): boolean {
	if (!isPlainObject(answered.settings)) return false;
	const now = answered.settings;
	return Object.entries(knownSettings(stored)).some(
		([key, value]) => value !== undefined && value !== null && !sameValue(value, now[key]),
	);
}
