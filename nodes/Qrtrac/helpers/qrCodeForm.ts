import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { executionNode } from '../../shared/executionNode';
import { readParameter } from '../../shared/parameters';
import { checkItem, refuseItem, switchValue } from '../../shared/validation';
import { QR_TYPE_FIELDS, type QrTypeField } from '../descriptions/qrCodeTypeFields';
import { SCAN_RULES } from '../descriptions/scanRules';
import { qrCodeFieldsSchema, type QrCodeFields, type QrFormMode } from './qrCodeSchemas';
import { missingEssentials } from './qrCodeWriteChecks';

/**
 * Reads the QR code form of one item (Create, Create or Update, Update) and validates it; no request is made.
 * n8n hands over only the fields shown for the chosen type, so a value left behind in another type's field
 * is never read.
 */
export function readQrCodeFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	mode: QrFormMode,
): QrCodeFields {
	const raw =
		mode === 'update' ? readUpdateForm(ctx, itemIndex) : readCreateForm(ctx, itemIndex, mode);
	const schema = qrCodeFieldsSchema(mode, ctx.getTimezone(), raw.qrType);
	const checked = checkItem(schema, raw);
	// A new code needs what its type cannot work without; Update and a Create or Update row need the typed fields
	// only when they create or change a stored code's type (their runs check that): fields left out keep their values.
	const missing =
		mode === 'update' ? [] : missingEssentials(raw, mode === 'create' ? 'all' : 'redirect');
	if (checked.issues || missing.length > 0)
		throw refuseItem(executionNode(ctx), [...(checked.issues ?? []), ...missing], itemIndex);
	return checked.data;
}

function readCreateForm(ctx: IExecuteFunctions, itemIndex: number, mode: QrFormMode): IDataObject {
	const qrType = readParameter(ctx, 'qrType', itemIndex) as string;
	const additional = readParameter(ctx, 'additionalFields', itemIndex, {}) as IDataObject;
	const groups: Partial<Record<string, IDataObject>> = {};
	const typeFields: IDataObject = {};
	for (const field of QR_TYPE_FIELDS) {
		if (field.qrType !== qrType) continue;
		typeFields[field.name] = formValue(field, createFieldValue(ctx, itemIndex, field, groups));
	}
	// Create: the Display ID stands on its own in the current layout, under Additional Fields in the first one
	// a sheet's number 0 is a Display ID too: only an empty field falls back
	const ownDisplayId = readParameter(ctx, 'displayId', itemIndex, '');
	const displayId =
		mode === 'createOrUpdate' || (ownDisplayId !== '' && ownDisplayId != null)
			? ownDisplayId
			: additional.displayId;
	return {
		...additional,
		qrType,
		name: readParameter(ctx, 'name', itemIndex, ''),
		displayId,
		qrRedirectUrl: readParameter(ctx, 'qrRedirectUrl', itemIndex, ''),
		typeFields,
		settings: readSettings(ctx, itemIndex),
		extra: readExtraJson(ctx, itemIndex),
	};
}

/** A typed field of Create: from its group's collection (current layout) or on its own (first layout). */
function createFieldValue(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: QrTypeField,
	groups: Partial<Record<string, IDataObject>>,
): unknown {
	if (field.group) {
		const group = (groups[field.group] ??= readParameter(
			ctx,
			field.group,
			itemIndex,
			{},
		) as IDataObject);
		if (group[field.name] !== undefined) return group[field.name];
	}
	// n8n-core treats an undefined fallback as none and throws for a missing parameter: a grouped field of the
	// current layout has no parameter of its own, hence null
	return readParameter(ctx, field.name, itemIndex, field.group ? null : undefined) ?? undefined;
}

/** Other API Fields (JSON): under Options in the current layout, on its own in the first one. */
function readExtraJson(ctx: IExecuteFunctions, itemIndex: number): IDataObject[keyof IDataObject] {
	const options = readParameter(ctx, 'options', itemIndex, {}) as IDataObject;
	return (
		options.additionalFieldsJson ??
		(readParameter(ctx, 'additionalFieldsJson', itemIndex, '{}') as IDataObject[keyof IDataObject])
	);
}

function readUpdateForm(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const updateFields = readParameter(ctx, 'updateFields', itemIndex, {}) as IDataObject;
	const typeFields: IDataObject = {};
	const common: IDataObject = {};
	for (const [name, value] of Object.entries(updateFields)) {
		const field = QR_TYPE_FIELDS.find((candidate) => candidate.name === name);
		if (field) typeFields[name] = formValue(field, value);
		else common[name] = value;
	}
	return {
		...common,
		qrType: readParameter(ctx, 'qrType', itemIndex, ''),
		typeFields,
		settings: readSettings(ctx, itemIndex),
		extra: readExtraJson(ctx, itemIndex),
	};
}

/**
 * Scan Rules as the API's `settings`: a group's switch and, unless it is off, its settings; a field the group leaves
 * out reads as the form shows it. A field an expression gave nothing (a sheet's empty cell) stays blank, so not
 * given: read as left out, it switched rules on and set the default age on codes whose sheet said neither.
 */
function readSettings(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const settings = { ...readParameter<IDataObject>(ctx, 'settings', itemIndex, {}) };
	const groups = readParameter<IDataObject>(ctx, 'scanRules', itemIndex, {});
	for (const rule of SCAN_RULES) {
		const group = groups[rule.name];
		if (typeof group !== 'object' || group === null || Array.isArray(group)) continue;
		const [toggle, ...values] = rule.values;
		const on = toggle.name in group ? (group as IDataObject)[toggle.name] : toggle.default;
		settings[toggle.name] = on as IDataObject[string];
		if (switchValue(on) === false) continue;
		for (const value of values) {
			if (value.name in group) settings[value.name] = (group as IDataObject)[value.name];
			else if (switchValue(on) === true && value.default !== '')
				settings[value.name] = value.default;
		}
	}
	return settings;
}

/** A list field's rows: the form gives `{ <row>: [...] }`, an expression may give the list itself. */
function formValue(field: QrTypeField, value: unknown): IDataObject[keyof IDataObject] {
	if (field.kind !== 'list' || Array.isArray(value)) return value as IDataObject[keyof IDataObject];
	const rows = (value as IDataObject | undefined)?.[field.row!.name];
	return Array.isArray(rows) && rows.length > 0 ? rows : undefined;
}
