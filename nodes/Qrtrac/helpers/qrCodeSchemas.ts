import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

import { countSchema } from '../../shared/validation/count';
import { dateOrEpochMsSchema } from '../../shared/validation/dateOrEpochMs';
import { isPlainObject } from '../../shared/plainObject';
import { jsonObjectSchema } from '../../shared/validation/jsonObject';
import {
	asText,
	baseUrlSchema,
	displayIdSchema,
	emailSchema,
	flagSchema,
	httpUrlSchema,
	uriSchema,
	nonEmptyTextSchema,
	tagsSchema,
	textIdSchema,
} from '../../shared/validation';
import {
	QR_TYPE_FIELDS,
	type ListColumn,
	type QrTypeField,
} from '../descriptions/qrCodeTypeFields';
import { QR_TYPE_LABELS, QR_TYPES, type QrType } from '../../shared/forms/qrCodeTypes';
import {
	CODE_FIELD_LABELS,
	OTHER_FIELDS_LABEL,
	SCAN_RULE_LABELS,
} from '../../shared/records/fieldLabels';
import { optionSchema } from '../../shared/validation/nodeWords';

/**
 * Validation of the QR code forms (Create, Create or Update, Update), generated from the same field table as
 * the forms. Each field carries its form label, so a refusal reads `Item 2: "vCard: Email" must be ...`.
 * Blank values mean "not given" everywhere: a field left empty is never sent.
 */

/** The validated fields of one item, before they are placed into a request body. */
export interface QrCodeFields {
	qrType?: QrType;
	name?: string;
	displayId?: string;
	qrRedirectUrl?: string;
	tags?: string[];
	templateId?: string;
	baseUrl?: string;
	folderId?: string;
	/** Typed field values by form parameter name (see QR_TYPE_FIELDS). */
	typeFields: Record<string, unknown>;
	/** `settings` keys as the service names them. */
	settings: IDataObject;
	/** Other API Fields (JSON), merged last. */
	extra: IDataObject;
}

export type QrFormMode = 'create' | 'createOrUpdate' | 'update';

export function isBlank(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

/** `schema` when the value is given, nothing when it is blank. */
function optional<S extends z.ZodTypeAny>(schema: S) {
	return z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());
}

const textSchema = z.preprocess(asText, z.string().trim());

/**
 * A sheet hands a column of numeric Display IDs over as numbers: a whole number is its digits (asText). A fraction
 * stays refused: no Display ID is one.
 */
export const sheetDisplayId = z.preprocess(
	(value) => (typeof value === 'number' && !Number.isSafeInteger(value) ? value : asText(value)),
	z
		.string({ invalid_type_error: 'must be text or a whole number (up to 9007199254740991)' })
		.pipe(displayIdSchema),
);

function columnSchema(column: ListColumn, label: string): z.ZodTypeAny {
	const value = column.kind === 'url' ? httpUrlSchema : textSchema;
	const required = column.required
		? z.preprocess(asText, column.kind === 'url' ? httpUrlSchema : nonEmptyTextSchema)
		: optional(value);
	return required.describe(label);
}

function typeFieldSchema(field: QrTypeField, label: string, timezone: string): z.ZodTypeAny {
	switch (field.kind) {
		case 'boolean':
			return optional(flagSchema(label)).describe(label);
		case 'dateOrEpochMs':
			return optional(dateOrEpochMsSchema(timezone)).describe(label);
		case 'email':
			return optional(emailSchema).describe(label);
		case 'url':
			return optional(httpUrlSchema).describe(label);
		case 'list': {
			const row = field.row!;
			const rowShape = Object.fromEntries(
				row.columns.map((column) => [
					column.name,
					columnSchema(column, `${label}: ${column.displayName}`),
				]),
			);
			return z
				.array(z.object(rowShape), { invalid_type_error: 'must be a list' })
				.optional()
				.describe(label);
		}
		default:
			return optional(textSchema).describe(label);
	}
}

function typeFieldsSchema(mode: QrFormMode, timezone: string, fieldsOf: TypedFieldsOf) {
	const shape = Object.fromEntries(
		QR_TYPE_FIELDS.filter((field) => fieldsOf === 'every type' || field.qrType === fieldsOf).map(
			(field) => {
				const label =
					mode === 'update'
						? `${QR_TYPE_LABELS[field.qrType]}: ${field.displayName}`
						: field.displayName;
				return [field.name, typeFieldSchema(field, label, timezone)];
			},
		),
	);
	return z.object(shape);
}

/** Settings as the service names them; the campaign must not end before it starts. */
function settingsSchema(mode: QrFormMode, timezone: string) {
	// a blank switch or age is not given, as any blank field (a sheet's empty cell)
	const flag = (label: string) => optional(flagSchema(label)).describe(label);
	const time = (label: string) => optional(dateOrEpochMsSchema(timezone)).describe(label);
	return z
		.object({
			passwordEnabled: flag(SCAN_RULE_LABELS.passwordEnabled),
			password: optional(z.string()).describe(SCAN_RULE_LABELS.password),
			ageGating: flag(SCAN_RULE_LABELS.ageGating),
			minAge: optional(countSchema(120)).describe(SCAN_RULE_LABELS.minAge),
			scheduleCampaign: flag(SCAN_RULE_LABELS.scheduleCampaign),
			campaignStart: time(SCAN_RULE_LABELS.campaignStart),
			campaignEnd: time(SCAN_RULE_LABELS.campaignEnd),
			locationEnabled: flag(SCAN_RULE_LABELS.locationEnabled),
		})
		.superRefine((settings, ctx) => {
			if (
				settings.campaignStart !== undefined &&
				settings.campaignEnd !== undefined &&
				settings.campaignStart > settings.campaignEnd
			) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['campaignEnd'],
					message: 'must not be before Campaign Start',
				});
			}
			// On Update the stored password may stay; a new code needs one when protection is on.
			if (
				mode !== 'update' &&
				settings.passwordEnabled === true &&
				settings.password === undefined
			) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['password'],
					message: 'is required when Password Protection is on',
				});
			}
		});
}

/**
 * Tags as comma-separated text or as a list from an expression; an empty entry is refused, not dropped. A number
 * (a sheet's column of years) is the tag it spells, alone or in the list; one no sheet shows is refused as in a list.
 */
export const tagsInputSchema = z.preprocess((value) => {
	if (Array.isArray(value)) return value;
	const text = asText(value);
	if (typeof text === 'number') return [text];
	if (typeof text !== 'string') return text;
	return text.trim() === '' ? [] : text.split(',');
}, tagsSchema);

const fieldsSchemas = new Map<string, z.ZodType<QrCodeFields>>();

/**
 * The QR form's schema for a mode and time zone, built once: rows of a large sheet reuse it. The create forms
 * read only the chosen type's fields, so their schema holds only those (`qrType`, any other value: none). Zod
 * walks every field of an object schema, given or not: the 50 fields of all types made up most of a row's
 * validation (about 110 of 180 microseconds, and as much garbage).
 */
export function qrCodeFieldsSchema(
	mode: QrFormMode,
	timezone: string,
	qrType?: unknown,
): z.ZodType<QrCodeFields> {
	const fieldsOf: TypedFieldsOf =
		mode === 'update'
			? 'every type'
			: (QR_TYPES.find((candidate) => candidate === qrType) ?? 'no type');
	const key = `${mode}|${timezone}|${fieldsOf}`;
	let schema = fieldsSchemas.get(key);
	if (!schema) {
		schema = buildQrCodeFieldsSchema(mode, timezone, fieldsOf);
		fieldsSchemas.set(key, schema);
	}
	return schema;
}

/** The type the contract's createQr body gives each field it names: text, an object, or a list of text. */
const CONTRACT_FIELD_KINDS: Record<string, 'text' | 'object' | 'text list'> = {
	...Object.fromEntries(
		['name', 'qrType', 'displayId', 'qrRedirectUrl', 'folderId', 'templateId', 'baseUrl'].map(
			(key) => [key, 'text'],
		),
	),
	metadata: 'object',
	settings: 'object',
	tags: 'text list',
	folderIds: 'text list',
};

/**
 * Other API Fields (JSON): a JSON object whose keys the contract names hold its types (null aside, sent as given),
 * so that `{"tags": "a"}` is refused naming the key before any request, not by a service's own 400.
 */
const otherApiFieldsSchema = jsonObjectSchema.superRefine((extra, ctx) => {
	for (const [key, value] of Object.entries(extra ?? {})) {
		const kind = CONTRACT_FIELD_KINDS[key];
		if (kind === undefined || value === null || value === undefined || isKind(value, kind))
			continue;
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			message: `key "${key}" must be ${kind === 'text list' ? 'a list of text' : kind === 'object' ? 'a JSON object' : 'text'}, as the contract's create request has it`,
		});
	}
});

function isKind(value: unknown, kind: 'text' | 'object' | 'text list'): boolean {
	if (kind === 'text') return typeof value === 'string';
	if (kind === 'object') return isPlainObject(value);
	return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

/** Whose typed fields a schema checks: every type's (Update), or one type's, or none (an unknown type). */
type TypedFieldsOf = QrType | 'every type' | 'no type';

function buildQrCodeFieldsSchema(mode: QrFormMode, timezone: string, fieldsOf: TypedFieldsOf) {
	const qrType = mode === 'update' ? optional(optionSchema(QR_TYPES)) : optionSchema(QR_TYPES);
	return z.object({
		qrType: qrType.describe(CODE_FIELD_LABELS.qrType),
		name: optional(textSchema).describe(CODE_FIELD_LABELS.name),
		displayId: (mode === 'createOrUpdate' ? sheetDisplayId : optional(sheetDisplayId)).describe(
			CODE_FIELD_LABELS.displayId,
		),
		qrRedirectUrl: optional(uriSchema).describe(CODE_FIELD_LABELS.qrRedirectUrl),
		tags: optional(tagsInputSchema).describe(CODE_FIELD_LABELS.tags),
		templateId: optional(textIdSchema).describe(CODE_FIELD_LABELS.templateId),
		baseUrl: optional(baseUrlSchema).describe(CODE_FIELD_LABELS.baseUrl),
		folderId: optional(textIdSchema).describe(CODE_FIELD_LABELS.folderId),
		typeFields: typeFieldsSchema(mode, timezone, fieldsOf),
		settings: settingsSchema(mode, timezone),
		extra: otherApiFieldsSchema.describe(OTHER_FIELDS_LABEL),
	}) as unknown as z.ZodType<QrCodeFields>;
}
