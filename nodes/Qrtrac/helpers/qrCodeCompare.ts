import type { IDataObject } from 'n8n-workflow';

/**
 * Compares a row's request body with the code QRTRAC stores. Rule: a field differs when the stored value is
 * not deeply equal to the value the body would write. Objects (`metadata`, `settings`) are written whole by
 * a PUT, so they are compared whole: a stored key the row does not have is a difference. Key order never
 * matters; list order does (links, images and tags are shown in their order).
 */
export function changedFields(body: IDataObject, stored: IDataObject): string[] {
	return Object.keys(body).filter((key) => !sameValue(body[key], stored[key]));
}

export function sameValue(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (Array.isArray(a) || Array.isArray(b)) {
		return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((value, index) => sameValue(value, b[index]));
	}
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	const aKeys = Object.keys(a).filter((key) => (a as IDataObject)[key] !== undefined);
	const bKeys = Object.keys(b).filter((key) => (b as IDataObject)[key] !== undefined);
	return aKeys.length === bKeys.length && aKeys.every((key) => sameValue((a as IDataObject)[key], (b as IDataObject)[key]));
}
