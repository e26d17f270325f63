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
 * Only given fields appear: a menu's sections the dishes name are added once the code written is known
 * (records/menuSections.ts `sectionsFor`).
 */
export function buildQrBody(fields: QrCodeFields): IDataObject {
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
	if (Object.keys(metadata).length > 0) body.metadata = metadata;
	const settings = withoutUndefined(fields.settings);
	if (Object.keys(settings).length > 0) body.settings = settings;
	return mergeExtraFields(body, fields.extra);
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
