import type { IDataObject } from 'n8n-workflow';

import {
	changedFields,
	changesType,
	givesPassword,
	hasHiddenPassword,
	hasTag,
	isLive,
} from '../../../../shared/records/qrCode';
import { sectionsFor } from '../../../../shared/records/menuSections';

/**
 * The rules of Create or Update, pure (no requests, no n8n): what one row does given the code the service holds,
 * and which codes Delete Missing removes. Both modes use them; they differ only in how the held code is found
 * (the team read once, or one look-up per row).
 *
 * "Unchanged": no field the row sets differs from the code's, by the record's rules (shared/records/qrCode.ts).
 */

/** One row of Create or Update: the Display ID it keys on, the CreateQrRequest it describes, its team. */
export interface UpsertRow {
	displayId: string;
	body: IDataObject;
	/** Team Override; undefined is the credential's team. */
	teamId?: string;
}

export type RowAction =
	| { kind: 'create'; body: IDataObject }
	| { kind: 'unchanged'; stored: IDataObject; passwordNote?: string }
	| { kind: 'update'; stored: IDataObject; changes: IDataObject; changedFields: string[] };

/** The note of an unchanged row that gives a password against one QRTRAC hides (output as `passwordNote`). */
export const HIDDEN_PASSWORD_NOTE =
	"QRTRAC hides this code's password, so the row's password was not compared; use Update to set it";

/**
 * What the row does: create when the service holds no code with its Display ID; nothing when no field differs
 * (unless `writeUnchanged`); else an update carrying the row's changed fields (all of them when nothing differs).
 */
export function planRow(
	row: UpsertRow,
	stored: IDataObject | undefined,
	writeUnchanged = false,
): RowAction {
	// a menu's sections, now that the code written is known (its stored ones stay unless the row sets them)
	const body = sectionsFor(row.body, stored);
	if (!stored) return { kind: 'create', body };
	// A password the service hides cannot be compared: a re-run does not rewrite it (README: Skip Unchanged).
	const fields = changedFields(body, stored, 'unchanged');
	if (fields.length === 0 && !writeUnchanged) {
		// The row's password may differ from the hidden one: the output says it was not compared.
		return hasHiddenPassword(stored) && givesPassword(body)
			? { kind: 'unchanged', stored, passwordNote: HIDDEN_PASSWORD_NOTE }
			: { kind: 'unchanged', stored };
	}
	const changedKeys = new Set(fields.map((field) => field.split('.')[0]));
	// A row giving the password sends it with its settings: a replacing PUT would otherwise lose it. Settings
	// without it stay out (completeUpdateBody): a service setting them whole would drop the hidden password.
	if (hasHiddenPassword(stored) && givesPassword(body)) changedKeys.add('settings');
	// A new type gets the whole row: the stored type-specific fields belong to the old type.
	const changes =
		changedKeys.size === 0 || changesType(stored, body) ? body : pick(body, changedKeys);
	return { kind: 'update', stored, changes, changedFields: fields };
}

/**
 * Delete Missing: the live codes that carry `tag` and whose Display ID no input row names. Codes without that tag
 * (or without a Display ID) are never touched, so codes made by hand or by another sheet stay; nor is a code a
 * row wrote or left (`rowCodeIds`), which a snapshot read before another writer renamed it may hold under a
 * Display ID no row names.
 */
export function codesMissingFromInput<Code extends IDataObject>(
	codes: Iterable<Code>,
	inputDisplayIds: ReadonlySet<string>,
	tag: string,
	rowCodeIds: ReadonlySet<string> = new Set(),
): Code[] {
	return [...codes].filter(
		(code) =>
			isLive(code) &&
			hasTag(code, tag) &&
			typeof code.displayId === 'string' &&
			!inputDisplayIds.has(code.displayId) &&
			!rowCodeIds.has(String(code.id)),
	);
}

function pick(body: IDataObject, keys: ReadonlySet<string>): IDataObject {
	return Object.fromEntries(Object.entries(body).filter(([key]) => keys.has(key)));
}
