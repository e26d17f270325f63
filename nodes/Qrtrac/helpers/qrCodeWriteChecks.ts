import type { IDataObject, INode, NodeOperationError } from 'n8n-workflow';

import { isPlainObject } from '../../shared/plainObject';
import { changesType, settingsDroppingHiddenPassword } from '../../shared/records/qrCode';
import { jsonObjectSchema } from '../../shared/validation/jsonObject';
import { itemInputError, refuseItem, type FieldIssue } from '../../shared/validation';
import { QR_TYPE_ESSENTIALS, QR_TYPE_FIELDS } from '../descriptions/qrCodeTypeFields';
import {
	QR_TYPE_LABELS,
	QR_TYPES,
	REDIRECT_QR_TYPES,
	type QrType,
} from '../../shared/forms/qrCodeTypes';
import { isBlank } from './qrCodeSchemas';

/**
 * What a write of a QR code must carry beyond its fields' own rules: the essentials of its type (a new code, or a
 * stored one given another type) and the hidden password a settings change would drop. Checked before writing.
 */

/**
 * The fields a new code of its type cannot work without and that neither the form nor Other API Fields (JSON)
 * gives (QR_TYPE_ESSENTIALS; Redirect URL for Website and Short Link), as refused fields. Kept out of the schema
 * so that they are reported with every other refused field: zod runs no whole-form rule once a field fails. Reads
 * the form's values before or after validation alike (blank and empty lists are "not given").
 */
export function missingEssentials(
	fields: {
		qrType?: unknown;
		qrRedirectUrl?: unknown;
		typeFields?: Record<string, unknown>;
		extra?: unknown;
	},
	which: 'all' | 'redirect' = 'all',
): FieldIssue[] {
	const qrType = QR_TYPES.find((candidate) => candidate === fields.qrType);
	if (!qrType) return [];
	const extra = jsonObjectSchema.safeParse(fields.extra).data ?? {};
	const forType = `for QR Type "${QR_TYPE_LABELS[qrType]}"`;
	const issues: FieldIssue[] = [];
	if (
		REDIRECT_QR_TYPES.includes(qrType) &&
		!isGiven(fields.qrRedirectUrl) &&
		!isGiven(extra.qrRedirectUrl)
	) {
		issues.push({
			label: 'Redirect URL',
			message: 'is required for Website and Short Link codes',
			path: ['qrRedirectUrl'],
		});
	}
	for (const names of which === 'redirect' ? [] : QR_TYPE_ESSENTIALS[qrType]) {
		const candidates = QR_TYPE_FIELDS.filter((field) => names.includes(field.name));
		const given = candidates.some((field) => {
			const fromJson = field.placement === 'metadata' ? asObject(extra.metadata) : extra;
			return isGiven(fields.typeFields?.[field.name]) || isGiven(fromJson[field.key]);
		});
		if (given) continue;
		const [first, ...others] = candidates;
		issues.push({
			label: first.displayName,
			message: `${others.map((field) => `or "${field.displayName}" `).join('')}is required ${forType}`,
			path: ['typeFields', first.name],
		});
	}
	return issues;
}

/**
 * The refusal of a write whose code would lack what its type cannot work without (missingEssentials, read from the
 * request body); undefined when nothing lacks. A new code needs every essential. A stored code (`stored`, read
 * before) given another type loses the old type's fields (records/qrCode.ts), so the new type's must be in the
 * change; its stored Redirect URL stays and counts. One rule for Update and for Create or Update's rows.
 */
export function refuseLackingEssentials(
	node: INode,
	itemIndex: number,
	body: IDataObject,
	stored?: IDataObject,
): NodeOperationError | undefined {
	if (stored && !changesType(stored, body)) return undefined;
	const missing = missingEssentials(
		{
			qrType: body.qrType,
			qrRedirectUrl: body.qrRedirectUrl ?? stored?.qrRedirectUrl,
			extra: body,
		},
		'all',
	);
	if (missing.length === 0) return undefined;
	if (!stored) return refuseItem(node, missing, itemIndex);
	const label = (type: unknown) =>
		QR_TYPES.includes(type as QrType) ? QR_TYPE_LABELS[type as QrType] : String(type);
	const to = label(body.qrType);
	// The contract's Qr leaves qrType optional: a stored code may come without one.
	const change =
		typeof stored.qrType === 'string' && stored.qrType !== ''
			? `Changing the ${label(stored.qrType)} code to ${to} drops its ${label(stored.qrType)} fields`
			: `Giving a code without a QR type the type ${to} starts its type's fields afresh`;
	return refuseItem(
		node,
		missing,
		itemIndex,
		`${change}, so give the ${to} fields with the change. Nothing was written: the code was only read.`,
	);
}

/**
 * The refusal of a write that would remove a code's hidden password (settingsDroppingHiddenPassword); undefined
 * when it would not. One rule for Update and for Create or Update's rows.
 */
export function refuseDroppingHiddenPassword(
	node: INode,
	itemIndex: number,
	stored: IDataObject,
	changes: IDataObject,
): NodeOperationError | undefined {
	const fields = settingsDroppingHiddenPassword(stored, changes);
	if (fields.length === 0) return undefined;
	return itemInputError(
		node,
		itemIndex,
		`QRTRAC hides this code's password; changing its settings (${fields.join(', ')}) without giving the password would remove it. Give Password with the change.`,
		'Nothing was written: the code was only read.',
	);
}

function isGiven(value: unknown): boolean {
	return Array.isArray(value) ? value.length > 0 : !isBlank(value);
}

function asObject(value: unknown): IDataObject {
	return isPlainObject(value) ? value : {};
}
