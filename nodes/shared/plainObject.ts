import type { IDataObject } from 'n8n-workflow';

/** An object with fields: not null, not an array (what a JSON record or a request body is). */
export function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
