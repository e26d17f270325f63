import type { IDataObject } from 'n8n-workflow';

/** An object with fields: not null, not an array (what a JSON record or a request body is). */
export function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets an own field; `__proto__` (a name JSON.parse makes a field) stays a field, never the prototype. */
export function setOwnField(target: IDataObject, field: string, value: unknown): void {
	if (field === '__proto__')
		Object.defineProperty(target, field, {
			value,
			enumerable: true,
			writable: true,
			configurable: true,
		});
	else target[field] = value as IDataObject;
}

/** An own field's value; an inherited name (`constructor`, `toString`) is no field. */
export function ownField(source: IDataObject, field: string): unknown {
	return Object.prototype.hasOwnProperty.call(source, field) ? source[field] : undefined;
}
