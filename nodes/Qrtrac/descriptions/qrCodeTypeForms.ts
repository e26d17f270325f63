import type { INodeProperties } from 'n8n-workflow';

import { CURRENT_LAYOUT, FIRST_LAYOUT } from './layoutVersions';
import {
	QR_TYPE_ESSENTIALS,
	QR_TYPE_FIELD_GROUPS,
	QR_TYPE_FIELDS,
	type QrTypeField,
	type QrTypeFieldGroupName,
} from './qrCodeTypeFields';
import { QR_TYPE_LABELS } from '../../shared/forms/qrCodeTypes';
import { redirectUrlProperties, updateCommonFields } from './qrCodeFields';

/**
 * The typed fields of the QR code forms, generated from the field table (qrCodeTypeFields.ts): Create's (its
 * type's essentials marked), Create or Update's (none marked) and Update's collection.
 */

/**
 * A typed field as a top-level Create field, shown for its type only (a grouped one: in the first layout only).
 * With `essentials` (Create, whose every run makes a code), what the type cannot work without is marked: a single
 * field is required from the second layout on (the first keeps the form its nodes were saved with).
 */
function createFormProperty(field: QrTypeField, essentials: boolean): INodeProperties[] {
	const show = field.group
		? { qrType: [field.qrType], ...FIRST_LAYOUT }
		: { qrType: [field.qrType] };
	const property = { ...formProperty(field, field.displayName), displayOptions: { show } };
	const essential = essentials ? essentialOf(field) : undefined;
	if (!essential) return [property];
	if (!essential.required) return [{ ...property, description: essential.description }];
	return [
		{
			...property,
			required: true,
			displayOptions: { show: { ...show, ...CURRENT_LAYOUT } },
		},
		{ ...property, displayOptions: { show: { ...show, ...FIRST_LAYOUT } } },
	];
}

/**
 * How the Create form marks a field of QR_TYPE_ESSENTIALS: a single top-level field as required; a list, a field
 * of a collection or one of several alternatives cannot be (n8n checks only plain values) and says so instead.
 */
function essentialOf(
	field: QrTypeField,
): { required: true } | { required: false; description: string } | undefined {
	const names = QR_TYPE_ESSENTIALS[field.qrType].find((entry) => entry.includes(field.name));
	if (!names) return undefined;
	if (names.length === 1 && !field.group && field.kind !== 'list') return { required: true };
	const labels = names.map(
		(name) => QR_TYPE_FIELDS.find((candidate) => candidate.name === name)!.displayName,
	);
	const which =
		labels.length === 1
			? ''
			: `: ${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
	return { required: false, description: `${field.description}. Required for this type${which}.` };
}

/** A group of a type's optional fields as one collection (current layout), shown for its type only. */
function createGroupProperty(group: QrTypeFieldGroupName, essentials: boolean): INodeProperties {
	const { name, displayName, placeholder, description } = QR_TYPE_FIELD_GROUPS[group];
	const fields = QR_TYPE_FIELDS.filter((field) => field.group === group);
	return {
		displayName,
		name,
		type: 'collection',
		placeholder,
		default: {},
		description,
		displayOptions: { show: { qrType: [fields[0].qrType], ...CURRENT_LAYOUT } },
		options: fields
			.map((field) => {
				const property = formProperty(field, field.displayName);
				const essential = essentials ? essentialOf(field) : undefined;
				return essential && !essential.required
					? { ...property, description: essential.description }
					: property;
			})
			.sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/** A typed field inside Update Fields, labelled with its type, shown for its type or while the type is kept. */
function updateFormProperty(field: QrTypeField): INodeProperties {
	return {
		...formProperty(field, `${QR_TYPE_LABELS[field.qrType]}: ${field.displayName}`),
		displayOptions: { show: { '/qrType': [field.qrType, ''] } },
	};
}

function formProperty(field: QrTypeField, displayName: string): INodeProperties {
	const base = { displayName, name: field.name, description: field.description };
	switch (field.kind) {
		case 'boolean':
			return { ...base, type: 'boolean', default: field.defaultOn ?? false };
		case 'dateOrEpochMs':
			return { ...base, type: 'dateTime', default: '' };
		case 'list':
			return {
				...base,
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: `Add ${field.row!.displayName}`,
				default: {},
				options: [
					{
						name: field.row!.name,
						displayName: field.row!.displayName,
						values: field.row!.columns.map((column) => ({
							displayName: column.displayName,
							name: column.name,
							type: 'string',
							default: '',
							required: column.required,
							placeholder: column.placeholder,
							description: column.description,
						})),
					},
				],
			};
		default:
			return { ...base, type: 'string', default: '', placeholder: field.placeholder };
	}
}

/**
 * Create (and Create or Update): each type's fields, shown for that type, in table order; a group's collection
 * follows its last member (the members themselves show only in the first layout).
 */
function typeFieldsOfCreate(essentials: boolean): INodeProperties[] {
	return QR_TYPE_FIELDS.flatMap((field, index) => {
		const own = createFormProperty(field, essentials);
		const lastOfGroup =
			field.group && !QR_TYPE_FIELDS.slice(index + 1).some((next) => next.group === field.group);
		return lastOfGroup ? [...own, createGroupProperty(field.group!, essentials)] : own;
	});
}

/** Create: every run makes a code, so the type's essential fields are marked (essentialOf). */
export const createTypeFields: INodeProperties[] = typeFieldsOfCreate(true);

/** Create or Update: a row may update a code and leave them out, so none is marked. */
export const upsertTypeFields: INodeProperties[] = typeFieldsOfCreate(false);

/** Update: every field that can change, common and typed, sorted by label as n8n collections require. */
export const updateFieldsCollection: INodeProperties = {
	displayName: 'Update Fields',
	name: 'updateFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [
		...updateCommonFields,
		{ ...redirectUrlProperties },
		...QR_TYPE_FIELDS.map(updateFormProperty),
	].sort((a, b) => a.displayName.localeCompare(b.displayName)),
};
