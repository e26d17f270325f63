import type { IDataObject } from 'n8n-workflow';

/**
 * Deep equality as a service may store a value: object key order never matters, list order does; a number and
 * its own text (`21`, `"21"`; never `"021"` or `"+21"`) are one value, so a re-run of rows a service stored as
 * text changes nothing.
 */
export function sameValue(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a === 'number' && typeof b === 'string') return String(a) === b.trim();
	if (typeof a === 'string' && typeof b === 'number') return a.trim() === String(b);
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

/** The fields the contract types `format: uri` in a code's record. */
const URI_FIELDS: ReadonlySet<string> = new Set(['qrRedirectUrl', 'baseUrl']);

/**
 * Whether two values of one field (named as changedFields names it) are the same: sameValue, and for a URL field
 * two spellings of one http(s) address (`https://Example.com`, `https://example.com/`), so a re-run of rows QRTRAC
 * stored in its own spelling changes nothing. A trailing `/` on a path still counts: another address. `qrType`
 * compares without case: the contract's Qr types it as any string, so a service answering `web` holds WEB.
 */
export function sameAt(field: string, a: unknown, b: unknown): boolean {
	return (
		sameValue(a, b) ||
		(URI_FIELDS.has(field) && sameAddress(a, b)) ||
		(field === 'qrType' && sameText(a, b))
	);
}

function sameText(a: unknown, b: unknown): boolean {
	return typeof a === 'string' && typeof b === 'string' && a.toUpperCase() === b.toUpperCase();
}

function sameAddress(a: unknown, b: unknown): boolean {
	if (typeof a !== 'string' || typeof b !== 'string') return false;
	if (!/^https?:\/\//i.test(a) || !/^https?:\/\//i.test(b)) return false;
	try {
		return new URL(a).href === new URL(b).href;
	} catch {
		return false;
	}
}
