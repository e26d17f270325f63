import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { validateParameters } from '../../shared/validation';
import { QR_TYPE_FIELDS, type QrTypeField } from '../descriptions/qrCodeTypeFields';
import { qrCodeFieldsSchema, type QrCodeFields, type QrFormMode } from './qrCodeSchemas';

/**
 * Reads the QR code form of one item (Create, Create or Update, Update) and validates it; no request is made.
 * n8n hands over only the fields shown for the chosen type, so a value left behind in another type's field
 * is never read.
 */
export function readQrCodeFields(ctx: IExecuteFunctions, itemIndex: number, mode: QrFormMode): QrCodeFields {
	const raw = mode === 'update' ? readUpdateForm(ctx, itemIndex) : readCreateForm(ctx, itemIndex, mode);
	return validateParameters(ctx, qrCodeFieldsSchema(mode, ctx.getTimezone()), raw, itemIndex);
}

function readCreateForm(ctx: IExecuteFunctions, itemIndex: number, mode: QrFormMode): IDataObject {
	const qrType = ctx.getNodeParameter('qrType', itemIndex) as string;
	const additional = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const typeFields: IDataObject = {};
	for (const field of QR_TYPE_FIELDS) {
		if (field.qrType !== qrType) continue;
		typeFields[field.name] = formValue(field, ctx.getNodeParameter(field.name, itemIndex, undefined));
	}
	return {
		...additional,
		qrType,
		name: ctx.getNodeParameter('name', itemIndex, ''),
		displayId: mode === 'createOrUpdate' ? ctx.getNodeParameter('displayId', itemIndex, '') : additional.displayId,
		qrRedirectUrl: ctx.getNodeParameter('qrRedirectUrl', itemIndex, ''),
		typeFields,
		settings: ctx.getNodeParameter('settings', itemIndex, {}),
		extra: ctx.getNodeParameter('additionalFieldsJson', itemIndex, '{}'),
	};
}

function readUpdateForm(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const updateFields = ctx.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const typeFields: IDataObject = {};
	const common: IDataObject = {};
	for (const [name, value] of Object.entries(updateFields)) {
		const field = QR_TYPE_FIELDS.find((candidate) => candidate.name === name);
		if (field) typeFields[name] = formValue(field, value);
		else common[name] = value;
	}
	return {
		...common,
		qrType: ctx.getNodeParameter('qrType', itemIndex, ''),
		typeFields,
		settings: ctx.getNodeParameter('settings', itemIndex, {}),
		extra: ctx.getNodeParameter('additionalFieldsJson', itemIndex, '{}'),
	};
}

/** A list field's rows: the form gives `{ <row>: [...] }`, an expression may give the list itself. */
function formValue(field: QrTypeField, value: unknown): IDataObject[keyof IDataObject] {
	if (field.kind !== 'list' || Array.isArray(value)) return value as IDataObject[keyof IDataObject];
	const rows = (value as IDataObject | undefined)?.[field.row!.name];
	return Array.isArray(rows) && rows.length > 0 ? rows : undefined;
}
