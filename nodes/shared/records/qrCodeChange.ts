import type { IDataObject } from 'n8n-workflow';

import { FIELD_LABELS } from './fieldLabels';
import { isStoredFormOf } from './textForm';

import {
	changedFields,
	contradictedFields,
	isMaskedPassword,
	REDIRECT_TYPES,
	sameAt,
	sameTags,
	valueAt,
} from './qrCode';

/**
 * Whether a change of one code shows in its answer, or in the code read after it (changedCode, api/qrCodes.ts),
 * by the record's rules of qrCode.ts. The contract does not say a service keeps a value as written: only a field
 * still at its old value counts as not changed. Pure.
 */

/**
 * The fields of a change `written` that `found` (the change's answer, or the code read after it) does not show
 * changed: there it still holds the value `before` held (compared as changedFields compares), and that value is not
 * the written one in another form (sameInForm: a stored `https://a.com/` for a written `https://a.com`). A value
 * unlike the old one is the service's form of the written one (`promo` for `Promo`, `"21"` for 21, list items
 * given an `_id`) and counts as written; fields `found` leaves out or need not echo never count
 * (contradictedFields). Without `before` every field unlike the written value is named.
 */
export function unchangedFields(
	written: IDataObject,
	found: IDataObject,
	before?: IDataObject,
): string[] {
	return contradictedFields(written, found).filter(
		(field) =>
			before === undefined ||
			(holdsAsBefore(found, before, field) &&
				!sameInForm(valueAt(found, field), valueAt(written, field))),
	);
}

/**
 * Whether `kept`, a value a service holds, is `written` in the service's own form: text alike but for case,
 * surrounding space and a trailing `/`, a number as text, a list of such values in any order, an object holding
 * each written key so (keys the service adds, such as `_id`, aside). `https://old.com` is never `https://new.com`.
 */
export function sameInForm(kept: unknown, written: unknown): boolean {
	if (Array.isArray(written))
		return (
			Array.isArray(kept) &&
			kept.length === written.length &&
			written.every((value) => kept.some((each) => sameInForm(each, value)))
		);
	if (written !== null && typeof written === 'object')
		return (
			kept !== null &&
			typeof kept === 'object' &&
			Object.entries(written).every(([key, value]) =>
				sameInForm((kept as Record<string, unknown>)[key], value),
			)
		);
	const scalar = (value: unknown) =>
		typeof value === 'string' || typeof value === 'number'
			? String(value).trim().toLowerCase().replace(/\/+$/, '')
			: value;
	return scalar(kept) === scalar(written);
}

/**
 * What the code read by its ID after a change whose answer said nothing (`{}`, a 204) or whose retry was refused
 * tells of it (holdsChange): `held`, `not held`, or that it cannot tell, with the changed fields it cannot show.
 */
export type ChangeRead = 'held' | 'not held' | { cannotShow: string[] };

/**
 * Whether `found`, that read, holds the change `written` made to `before`. Here nothing says the write was made,
 * so beyond the rule of an answer that says it succeeded (no field still at its old value, unchangedFields) some
 * changed field (changedFields) must show a value unlike the old one; a shown Folder ID counts. When none shows
 * one (each left out, a masked password, or the old value where that is the written one in the service's form:
 * `Poster` for `POSTER`, or a field a read need not echo), the read cannot tell. A read leaving out tags holds
 * none (tags are a set), so tags cleared show there. A change that changes nothing holds.
 */
export function holdsChange(
	written: IDataObject,
	found: IDataObject,
	before: IDataObject,
): ChangeRead {
	const cleared =
		Array.isArray(written.tags) && written.tags.length === 0 && found.tags === undefined;
	const read = cleared ? { ...found, tags: [] } : found;
	if (unchangedFields(written, read, before).length > 0) return 'not held';
	const fields = changedFields(written, before);
	const shows = (field: string) => {
		const value = valueAt(read, field);
		if (value === undefined || (field === 'settings.password' && isMaskedPassword(value)))
			return false;
		return !holdsAsBefore(read, before, field);
	};
	return fields.length === 0 || fields.some(shows) ? 'held' : { cannotShow: fields };
}

/** Why a read cannot settle a change of `fields` (holdsChange's `cannotShow`), and what the user should do. */
export function cannotShowText(fields: string[]): string {
	const named = fields.map((field) => FIELD_LABELS[field] ?? `"${field}"`);
	return `the code read by its ID cannot show whether ${named.join(' or ')} changed (the read leaves it out, masks it, or writes the new value as it wrote the old one, e.g. in another case): check the code in QRTRAC.`;
}

/**
 * Whether `found` shows a change `written` made to `before`: some field the change changes holds there a value
 * unlike the old one (fields the code before left out do not tell). The code as it was before the change shows none.
 */
export function showsChange(
	written: IDataObject,
	found: IDataObject,
	before: IDataObject,
): boolean {
	return contradictedFields(written, before).some(
		(field) => valueAt(found, field) !== undefined && !holdsAsBefore(found, before, field),
	);
}

/** Whether `found` holds at `field` (named as changedFields names it) the value `before` holds there. */
function holdsAsBefore(found: IDataObject, before: IDataObject, field: string): boolean {
	if (field === 'tags') return sameTags(found.tags, before.tags);
	const old = valueAt(before, field);
	return old !== undefined && sameAt(field, valueAt(found, field), old);
}

/** The fields that tell one code from another by what a create sets: Display ID, name, type, Redirect URL. */
const NAMING_FIELDS = ['displayId', 'name', 'qrType', 'qrRedirectUrl'] as const;

/**
 * The naming fields where a create's answer `found` shows another value than `sent`, even in the service's form
 * (sameAt, sameInForm, isStoredFormOf): the answer is another code's record, not the new one. An empty or null sent value is none (the
 * service names such a code itself), and a field the answer leaves out does not tell; nor does the Redirect URL of
 * a type that does not redirect to it (a vCard's page is the service's to place).
 */
export function otherThanSent(sent: IDataObject, found: IDataObject): string[] {
	const redirects = REDIRECT_TYPES.some((type) => sameAt('qrType', sent.qrType, type));
	return NAMING_FIELDS.filter((field) => {
		if (field === 'qrRedirectUrl' && !redirects) return false;
		const [given, shown] = [sent[field], found[field]];
		if (
			given === undefined ||
			given === null ||
			given === '' ||
			shown === undefined ||
			shown === null
		)
			return false;
		const stored = typeof given === 'string' && isStoredFormOf(shown, given);
		return !stored && !sameAt(field, shown, given) && !sameInForm(shown, given);
	});
}
