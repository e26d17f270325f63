import type { IDataObject } from 'n8n-workflow';

/**
 * The rules of Create or Update, pure (no requests, no n8n): what one row does given the code the service holds,
 * and which codes Delete Missing removes. Both modes use them; they differ only in how the held code is found
 * (the team read once, or one look-up per row).
 *
 * "Unchanged" rule: a field differs when the value the row would write is not what the code holds. Only what the
 * row sets counts (a field it leaves out is never a difference); tags compare as sets (order and repeats do not
 * matter, case does); `metadata` and `settings` compare only the keys the row sets; everything else compares
 * deeply and as written, so URLs are not normalised (`https://a.com` and `https://a.com/` differ to the service).
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
	| { kind: 'unchanged'; stored: IDataObject }
	| { kind: 'update'; stored: IDataObject; changes: IDataObject; changedFields: string[] };

/**
 * What the row does: create when the service holds no code with its Display ID; nothing when no field differs
 * (unless `writeUnchanged`); else an update carrying the row's changed fields (all of them when nothing differs).
 */
export function planRow(
	row: UpsertRow,
	stored: IDataObject | undefined,
	writeUnchanged = false,
): RowAction {
	if (!stored) return { kind: 'create', body: row.body };
	const changedFields = rowChanges(row.body, stored);
	if (changedFields.length === 0 && !writeUnchanged) return { kind: 'unchanged', stored };
	const changedKeys = new Set(changedFields.map((field) => field.split('.')[0]));
	// A new type gets the whole row: the stored type-specific fields belong to the old type.
	const changes =
		changedKeys.size === 0 || changedKeys.has('qrType') ? row.body : pick(row.body, changedKeys);
	return { kind: 'update', stored, changes, changedFields };
}

/** Objects the rule compares key by key. */
const KEYED_OBJECTS = ['metadata', 'settings'];

/** The fields the row would change on the stored code, named as the body names them (`metadata.<key>` inside). */
export function rowChanges(body: IDataObject, stored: IDataObject): string[] {
	const changes: string[] = [];
	for (const [key, value] of Object.entries(body)) {
		if (value === undefined) continue;
		if (key === 'tags') {
			if (!sameTagSet(value, stored.tags)) changes.push(key);
		} else if (KEYED_OBJECTS.includes(key) && isPlainObject(value)) {
			const storedObject = isPlainObject(stored[key]) ? stored[key] : {};
			for (const [innerKey, innerValue] of Object.entries(value)) {
				if (innerValue !== undefined && !sameValue(innerValue, storedObject[innerKey]))
					changes.push(`${key}.${innerKey}`);
			}
		} else if (!sameValue(value, stored[key])) {
			changes.push(key);
		}
	}
	return changes;
}

/** Tags as a set: same members, whatever their order or repeats. A missing list is the empty set. */
export function sameTagSet(a: unknown, b: unknown): boolean {
	const left = new Set(Array.isArray(a) ? a : []);
	const right = new Set(Array.isArray(b) ? b : []);
	return left.size === right.size && [...left].every((tag) => right.has(tag));
}

/** Deep equality; object key order never matters, list order does. */
export function sameValue(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (Array.isArray(a) || Array.isArray(b)) {
		return (
			Array.isArray(a) &&
			Array.isArray(b) &&
			a.length === b.length &&
			a.every((value, index) => sameValue(value, b[index]))
		);
	}
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	const aKeys = Object.keys(a).filter((key) => (a as IDataObject)[key] !== undefined);
	const bKeys = Object.keys(b).filter((key) => (b as IDataObject)[key] !== undefined);
	return (
		aKeys.length === bKeys.length &&
		aKeys.every((key) => sameValue((a as IDataObject)[key], (b as IDataObject)[key]))
	);
}

/**
 * Delete Missing: the live codes that carry `tag` and whose Display ID no input row names. Codes without that tag
 * are never touched, so codes made by hand or by another sheet stay.
 */
export function codesMissingFromInput(
	codes: Iterable<IDataObject>,
	inputDisplayIds: ReadonlySet<string>,
	tag: string,
): IDataObject[] {
	return [...codes].filter(
		(code) =>
			code.deleted !== true &&
			Array.isArray(code.tags) &&
			(code.tags as unknown[]).includes(tag) &&
			!inputDisplayIds.has(String(code.displayId)),
	);
}

function pick(body: IDataObject, keys: ReadonlySet<string>): IDataObject {
	return Object.fromEntries(Object.entries(body).filter(([key]) => keys.has(key)));
}

function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
