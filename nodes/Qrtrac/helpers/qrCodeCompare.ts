import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from './qrCodeBody';

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

/** Objects a sync compares key by key: a PUT of them is merged onto the stored keys, so only the row's keys matter. */
const KEYED_OBJECTS = ['metadata', 'settings'];

/**
 * The fields a sync row would change on the stored code, named as the body names them (`metadata.<key>` and
 * `settings.<key>` inside those objects). Rule: only what the row sets counts, so a field the row leaves out is
 * never a difference; tags compare as sets (order and repeats do not matter, case does); `metadata` and
 * `settings` compare only the keys the row sets; everything else compares deeply and as written, so URLs are not
 * normalised (`https://a.com` and `https://a.com/` are different destinations to the service).
 */
export function rowChanges(body: IDataObject, stored: IDataObject): string[] {
	const changes: string[] = [];
	for (const [key, value] of Object.entries(body)) {
		if (value === undefined) continue;
		if (key === 'tags') {
			if (!sameTagSet(value, stored.tags)) changes.push(key);
		} else if (KEYED_OBJECTS.includes(key) && isPlainObject(value)) {
			const storedObject = isPlainObject(stored[key]) ? stored[key] : {};
			for (const [innerKey, innerValue] of Object.entries(value)) {
				if (innerValue !== undefined && !sameValue(innerValue, storedObject[innerKey])) changes.push(`${key}.${innerKey}`);
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
