import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../../shared/plainObject';

/**
 * The simple v1 interface answers in snake_case (`destination_url`, `design.pattern_color`) next to camelCase
 * fields (`shortUrl`, `createdAt`). Items use one style, camelCase, as the rest of QRTRAC's API does: each
 * snake_case key of the answer (nested objects included) is renamed; values are left as they are.
 */
export function camelCaseKeys(answer: IDataObject): IDataObject {
	const renamed: IDataObject = {};
	for (const [key, value] of Object.entries(answer)) {
		renamed[toCamelCase(key)] = isPlainObject(value) ? camelCaseKeys(value) : value;
	}
	return renamed;
}

function toCamelCase(key: string): string {
	return key.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}
