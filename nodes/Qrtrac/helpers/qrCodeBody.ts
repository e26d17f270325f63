import type { IDataObject } from 'n8n-workflow';

import { QR_TYPE_FIELDS, type QrTypeField } from '../descriptions/qrCodeTypeFields';
import { QR_TYPE_LABELS, type QrType } from '../../shared/forms/qrCodeTypes';
import { isPlainObject } from '../../shared/plainObject';
import type { QrCodeFields } from './qrCodeSchemas';

/**
 * Request bodies of createQr and updateQr from validated form fields. Pure: no n8n context, no requests,
 * so the same body can be sent, compared to a stored code, or tested on its own.
 */

const COMMON_KEYS = [
	'qrType',
	'name',
	'displayId',
	'qrRedirectUrl',
	'tags',
	'templateId',
	'baseUrl',
	'folderId',
] as const;

/** Objects whose keys Additional Fields (JSON) merges into instead of replacing them. */
const MERGED_OBJECTS = ['metadata', 'settings'] as const;

function typeField(name: string): QrTypeField {
	const field = QR_TYPE_FIELDS.find((candidate) => candidate.name === name);
	if (!field) throw new Error(`Unknown QR type field "${name}"`);
	return field;
}

function withoutUndefined(object: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/**
 * The CreateQrRequest of one item: common fields at the top level, each typed field where the contract puts
 * it (top level for VCARD/PDF/MULTI_LOCALE, `metadata` otherwise), `settings`, then Other API Fields (JSON).
 * Only given fields appear. `storedMetadata`: the metadata of the code an Update changes, when it keeps its type.
 */
export function buildQrBody(fields: QrCodeFields, storedMetadata?: unknown): IDataObject {
	const body: IDataObject = {};
	for (const key of COMMON_KEYS) {
		if (fields[key] !== undefined) body[key] = fields[key];
	}
	const metadata: IDataObject = {};
	for (const [name, value] of Object.entries(fields.typeFields)) {
		if (value === undefined) continue;
		const field = typeField(name);
		if (field.placement === 'metadata')
			metadata[field.key] = value as IDataObject[keyof IDataObject];
		else body[field.key] = value as IDataObject[keyof IDataObject];
	}
	if (fields.qrType === 'RESTAURANT_MENU')
		addSectionsNamedByDishes(
			metadata,
			isPlainObject(storedMetadata) ? storedMetadata.menuItems : undefined,
		);
	if (Object.keys(metadata).length > 0) body.metadata = metadata;
	const settings = withoutUndefined(fields.settings);
	if (Object.keys(settings).length > 0) body.settings = settings;
	return mergeExtraFields(body, fields.extra);
}

/**
 * A restaurant menu lists its sections (`menuItems`) apart from its dishes (`items`); a dish names its section.
 * A section that dishes name but the section list lacks is appended to it, in the order the dishes name them.
 * Without sections given, the list is the code's `storedSections` (an Update of dishes only): it is sent only when
 * a dish names a section it lacks, so that the stored sections are never replaced by those the dishes name.
 */
export function addSectionsNamedByDishes(metadata: IDataObject, storedSections?: unknown): void {
	const given = Array.isArray(metadata.menuItems);
	const base = given ? metadata.menuItems : Array.isArray(storedSections) ? storedSections : [];
	const dishes = Array.isArray(metadata.items) ? (metadata.items as IDataObject[]) : [];
	const sections = [...(base as IDataObject[])];
	const before = sections.length;
	const known = new Set(
		sections.map((section) => (isPlainObject(section) ? section.name : section)),
	);
	for (const dish of dishes) {
		if (typeof dish.section !== 'string' || known.has(dish.section)) continue;
		known.add(dish.section);
		sections.push({ name: dish.section });
	}
	if (given || sections.length > before) metadata.menuItems = sections;
}

/** Other API Fields (JSON) win over the form; their `metadata` and `settings` are merged key by key. */
export function mergeExtraFields(body: IDataObject, extra: IDataObject): IDataObject {
	const merged: IDataObject = { ...body, ...extra };
	for (const key of MERGED_OBJECTS) {
		if (isPlainObject(body[key]) && isPlainObject(extra[key]))
			merged[key] = { ...body[key], ...extra[key] };
	}
	return merged;
}

/** Labels of typed fields given for another type than `qrType` (only possible while Update keeps the type). */
export function typeFieldsOfOtherTypes(fields: QrCodeFields, qrType: QrType): string[] {
	return Object.entries(fields.typeFields)
		.filter(([, value]) => value !== undefined)
		.map(([name]) => typeField(name))
		.filter((field) => field.qrType !== qrType)
		.map((field) => `${QR_TYPE_LABELS[field.qrType]}: ${field.displayName}`);
}
