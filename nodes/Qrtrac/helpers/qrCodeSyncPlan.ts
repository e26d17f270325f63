import type { IDataObject } from 'n8n-workflow';

import { REDIRECT_QR_TYPES, isQrType } from '../descriptions/qrCodeTypes';
import { isPlainObject } from './qrCodeBody';
import { rowChanges } from './qrCodeCompare';

/**
 * What a sync does with one row, decided from the row's request body and the stored code (pure, no requests):
 * no stored code -> create; nothing the row sets differs -> unchanged (nothing is sent); else -> an update that
 * sends only the changed fields.
 */
export type SyncDecision =
	| { operation: 'create' }
	| { operation: 'unchanged' }
	| { operation: 'update'; changedFields: string[]; body: IDataObject };

export function planRowSync(body: IDataObject, stored: IDataObject | undefined): SyncDecision {
	if (!stored) return { operation: 'create' };
	const changedFields = rowChanges(body, stored);
	if (changedFields.length === 0) return { operation: 'unchanged' };
	return { operation: 'update', changedFields, body: partialUpdateBody(body, stored, changedFields) };
}

/**
 * The PUT body carrying only the changed fields, plus what the contract requires of every UpdateQrRequest:
 * `qrType`, and `qrRedirectUrl` for Website and Short Link codes. `metadata` and `settings` are replaced whole by
 * the service, so the row's keys are merged onto the stored ones. A code that changes type gets the whole row:
 * its stored metadata belongs to the old type.
 */
export function partialUpdateBody(body: IDataObject, stored: IDataObject, changedFields: string[]): IDataObject {
	if (changedFields.includes('qrType')) return body;
	const qrType = body.qrType ?? stored.qrType;
	const update: IDataObject = { qrType };
	for (const key of new Set(changedFields.map((field) => field.split('.')[0]))) {
		const value = body[key];
		update[key] = isPlainObject(value) && isPlainObject(stored[key]) ? { ...stored[key], ...value } : value;
	}
	if (isQrType(qrType) && REDIRECT_QR_TYPES.includes(qrType) && update.qrRedirectUrl === undefined) {
		update.qrRedirectUrl = body.qrRedirectUrl ?? stored.qrRedirectUrl;
	}
	return update;
}

/**
 * Delete Missing: the live codes that carry `tag` and whose Display ID no input row names. Codes without that tag
 * are never touched, so codes made by hand or by another sheet stay.
 */
export function codesMissingFromInput(codes: Iterable<IDataObject>, inputDisplayIds: ReadonlySet<string>, tag: string): IDataObject[] {
	return [...codes].filter(
		(code) =>
			code.deleted !== true &&
			Array.isArray(code.tags) &&
			(code.tags as unknown[]).includes(tag) &&
			!inputDisplayIds.has(String(code.displayId)),
	);
}
