import type { INodeProperties } from 'n8n-workflow';

import { loadOptionsField, optionsCollection } from '../../shared/forms/fields';
import { FOLLOWS_TEAM_OVERRIDE, simplifyOption, teamOverrideOptions } from './common';
import { CURRENT_LAYOUT, FIRST_LAYOUT } from './layoutVersions';
import { REDIRECT_QR_TYPES, qrTypeOptions } from '../../shared/forms/qrCodeTypes';
import { scanRulesProperties } from './scanRules';
import { CODE_FIELD_LABELS, OTHER_FIELDS_LABEL } from '../../shared/records/fieldLabels';

/**
 * Form pieces of the operations that write a code (Create, Create or Update, Update). The typed fields come from
 * QR_TYPE_FIELDS: top-level fields of their type on Create (optional extras grouped), "Update Fields" entries on
 * Update; fields that moved between layouts are shown by node version (layoutVersions.ts).
 */

export const qrTypeField: INodeProperties = {
	displayName: CODE_FIELD_LABELS.qrType,
	name: 'qrType',
	type: 'options',
	options: qrTypeOptions,
	default: 'WEB',
	required: true,
	description: 'What the code does when scanned. Only the fields of this type are shown.',
};

/** Update: the type may stay as stored (empty value) or change. */
export const qrTypeUpdateField: INodeProperties = {
	displayName: CODE_FIELD_LABELS.qrType,
	name: 'qrType',
	type: 'options',
	options: [
		{ name: 'Keep Current Type', value: '', description: "Keep the code's type" },
		...qrTypeOptions,
	],
	default: '',
	description:
		"Type of the code. A type shows only its own fields under 'Update Fields' and changes the code to that type when it differs; Keep Current Type shows the fields of every type.",
};

export const nameField: INodeProperties = {
	displayName: CODE_FIELD_LABELS.name,
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. Spring campaign poster',
	description: 'Name of the code in QRTRAC; "Untitled" when empty',
};

export const redirectUrlProperties = {
	displayName: CODE_FIELD_LABELS.qrRedirectUrl,
	name: 'qrRedirectUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/landing',
	description: 'Where the code sends scanners',
} as const;

/** Create: the redirect target of Website and Short Link codes. */
export const redirectUrlField: INodeProperties = {
	...redirectUrlProperties,
	required: true,
	displayOptions: { show: { qrType: [...REDIRECT_QR_TYPES] } },
};

export const displayIdField: INodeProperties = {
	displayName: CODE_FIELD_LABELS.displayId,
	name: 'displayId',
	type: 'string',
	default: '',
	placeholder: 'e.g. spring-2025',
	description:
		'Custom short ID: the path of the short link people scan (letters, digits and - _ . ~ %). QRTRAC generates one when empty.',
};

/** Create, current layout: the Display ID on its own, after the name (it was under Additional Fields). */
export const displayIdCreateField: INodeProperties = {
	...displayIdField,
	displayOptions: { show: CURRENT_LAYOUT },
};

/** Create or Update: the Display ID is the key that finds the code again. */
export const displayIdKeyField: INodeProperties = {
	...displayIdField,
	required: true,
	description:
		'Custom short ID that identifies the code: the code with this Display ID is updated, or created when the team has none',
};

export const tagsField: INodeProperties = {
	displayName: CODE_FIELD_LABELS.tags,
	name: 'tags',
	type: 'string',
	default: '',
	placeholder: 'e.g. campaign, q4',
	description: 'Comma-separated tags',
};

const templateField: INodeProperties = (() => {
	const field = loadOptionsField({
		displayName: CODE_FIELD_LABELS.templateId,
		name: 'templateId',
		method: 'getTemplates',
		lead: "Design of the QR image, one of the acting team's (Team (Override), else the credential's).",
	});
	return { ...field, typeOptions: { ...field.typeOptions, ...FOLLOWS_TEAM_OVERRIDE } };
})();

/** The code's own domain (the API calls it `baseUrl`); not the credential's Base URL, hence its label. */
const baseUrlField: INodeProperties = {
	displayName: CODE_FIELD_LABELS.baseUrl,
	name: 'baseUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://qr.example.com/',
	description:
		"Domain of the code's short link, ending with /. It must be one of the team's domains (Team > Set Domains); the team's default domain when empty.",
};

const folderIdField: INodeProperties = {
	displayName: CODE_FIELD_LABELS.folderId,
	name: 'folderId',
	type: 'string',
	default: '',
	description: 'Folder of the code (a QRTRAC feature marked Coming Soon; passed through as given)',
};

const commonOptionalFields = (): INodeProperties[] => [
	baseUrlField,
	templateField,
	folderIdField,
	tagsField,
];

/**
 * Update: the same fields with what they do there. A blank value is not given, so it leaves the code as it is
 * (Create's "when empty" defaults do not apply).
 */
const KEPT_WHEN_EMPTY = 'Empty leaves it as it is.';
/**
 * What keeping a domain or design on an update depends on: the contract's Qr record has neither, and its create
 * request takes the default when one is absent, so a service that replaces the code on PUT and does not show them
 * may set its default (RELIABILITY.md, Custom domain).
 */
export const IF_SHOWN =
	"if QRTRAC's records show it (the contract does not promise it), else QRTRAC may set its default";
export const updateCommonFields: INodeProperties[] = [
	{
		...baseUrlField,
		description: `Domain of the code's short link, ending with /. It must be one of the team's domains (Team > Set Domains). Empty leaves it as it is ${IF_SHOWN}.`,
	},
	{
		...templateField,
		description: `Design of the QR image, one of the acting team's (Team (Override), else the credential's); Keep Current Template leaves it as it is ${IF_SHOWN}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	},
	{
		...displayIdField,
		description: `Custom short ID: the path of the short link people scan (letters, digits and - _ . ~ %). ${KEPT_WHEN_EMPTY}`,
	},
	folderIdField,
	tagsField,
	{ ...nameField, description: `Name of the code in QRTRAC. ${KEPT_WHEN_EMPTY}` },
];

/**
 * Create or Update: a blank value is not given, so a code the row updates keeps its own and only a code the row
 * creates gets Create's default.
 */
const UPSERT_BLANK = 'Empty: a new code gets';
const KEPT_ON_UPDATE = 'a code the row updates keeps its';
export const upsertNameField: INodeProperties = {
	...nameField,
	description: `Name of the code in QRTRAC. ${UPSERT_BLANK} "Untitled"; ${KEPT_ON_UPDATE} name.`,
};

/** Create or Update's Additional Fields: Create's, with what a blank domain or design does there. */
export const upsertAdditionalFieldsCollection = (): INodeProperties => {
	const collection = additionalFieldsCollection(false);
	const blank: Record<string, string> = {
		baseUrl: `Domain of the code's short link, ending with /. It must be one of the team's domains (Team > Set Domains). ${UPSERT_BLANK} the team's default domain; ${KEPT_ON_UPDATE} domain ${IF_SHOWN}.`,
		templateId: `Design of the QR image, one of the acting team's (Team (Override), else the credential's). ${UPSERT_BLANK} the team's default design; ${KEPT_ON_UPDATE} design ${IF_SHOWN}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
	return {
		...collection,
		options: (collection.options as INodeProperties[]).map((option) =>
			blank[option.name] ? { ...option, description: blank[option.name] } : option,
		),
	};
};

/**
 * Create: optional fields every type has. With `withDisplayId` (Create), the Display ID stays here only for
 * nodes saved with the first layout; the current layout shows it on its own (displayIdCreateField).
 */
export const additionalFieldsCollection = (withDisplayId: boolean): INodeProperties => ({
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [
		...commonOptionalFields(),
		...(withDisplayId ? [{ ...displayIdField, displayOptions: { show: FIRST_LAYOUT } }] : []),
	].sort((a, b) => a.displayName.localeCompare(b.displayName)),
});

const additionalJsonProperties = {
	displayName: OTHER_FIELDS_LABEL,
	name: 'additionalFieldsJson',
	type: 'json',
	default: '{}',
	description:
		'Request fields this form does not have, as a JSON object sent with the code: its keys replace the fields above, and its "metadata" and "settings" are merged into those of the form',
} as const;

/** The raw JSON field on its own, in every layout (Create or Update, until it moves into its Options). */
export const additionalJsonField: INodeProperties = { ...additionalJsonProperties };

/** The raw JSON field on its own: the first layout only (the current one has it under Options). */
export const additionalJsonFirstLayoutField: INodeProperties = {
	...additionalJsonProperties,
	displayOptions: { show: FIRST_LAYOUT },
};

/** Create and Update, current layout: Options holds the raw JSON field and the team override. */
const qrCodeOptionsCollection: INodeProperties = optionsCollection([
	{ ...additionalJsonProperties, displayOptions: { show: CURRENT_LAYOUT } },
	...teamOverrideOptions,
]);

/**
 * The end of the Create and Update forms: the scan rules, the raw JSON field (on its own in the first layout,
 * under Options in the current one), Simplify, and Options.
 */
export const qrCodeFormEnd: INodeProperties[] = [
	...scanRulesProperties,
	additionalJsonFirstLayoutField,
	simplifyOption,
	qrCodeOptionsCollection,
];

/** The raw JSON field as an entry of an operation's own Options collection (for Create or Update). */
export const additionalJsonOption: INodeProperties = additionalJsonProperties;
