import { fullFormats } from 'ajv-formats/dist/formats';
import { badRequest } from './apiError';

/**
 * Field checks that answer 400 with a message naming the field, as the service's validator does.
 * Formats come from ajv-formats so the simulator accepts exactly what the contract's formats accept.
 */
export type Body = Record<string, unknown>;

const isUri = fullFormats.uri as (value: string) => boolean;
const emailPattern = fullFormats.email as RegExp;
const hostnamePattern = fullFormats.hostname as RegExp;

export function isEmail(value: string): boolean {
	return emailPattern.test(value);
}

export function isHostname(value: string): boolean {
	return hostnamePattern.test(value) && value.includes('.');
}

export function requireObjectBody(body: unknown): Body {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) {
		throw badRequest('Request body must be a JSON object');
	}
	return body as Body;
}

export function requiredString(
	body: Body,
	field: string,
	options: { nonEmpty?: boolean } = {},
): string {
	const value = body[field];
	if (value === undefined || value === null) throw badRequest(`"${field}" is required`);
	if (typeof value !== 'string') throw badRequest(`"${field}" must be a string`);
	if (options.nonEmpty && value.trim() === '') throw badRequest(`"${field}" must not be empty`);
	return value;
}

export function optionalString(body: Body, field: string): string | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	if (typeof value !== 'string') throw badRequest(`"${field}" must be a string`);
	return value;
}

export function requiredUri(body: Body, field: string): string {
	const value = requiredString(body, field);
	if (!isUri(value)) throw badRequest(`"${field}" must be a valid uri`);
	return value;
}

export function optionalUri(body: Body, field: string): string | undefined {
	return body[field] === undefined ? undefined : requiredUri(body, field);
}

export function requiredEmail(body: Body, field: string): string {
	const value = requiredString(body, field);
	if (!isEmail(value)) throw badRequest(`"${field}" must be a valid email`);
	return value;
}

export function requiredEnum<T extends string>(
	body: Body,
	field: string,
	allowed: readonly T[],
): T {
	const value = requiredString(body, field);
	if (!(allowed as readonly string[]).includes(value)) {
		throw badRequest(`"${field}" must be one of [${allowed.join(', ')}]`);
	}
	return value as T;
}

export function optionalObject(body: Body, field: string): Record<string, unknown> | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	if (value === null || typeof value !== 'object' || Array.isArray(value))
		throw badRequest(`"${field}" must be an object`);
	return value as Record<string, unknown>;
}

export function optionalStringArray(body: Body, field: string): string[] | undefined {
	const value = body[field];
	if (value === undefined) return undefined;
	return requiredStringArray(body, field);
}

export function requiredStringArray(body: Body, field: string): string[] {
	const value = body[field];
	if (value === undefined || value === null) throw badRequest(`"${field}" is required`);
	if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
		throw badRequest(`"${field}" must be an array of strings`);
	}
	return value as string[];
}

export function requiredInteger(body: Body, field: string): number {
	const value = body[field];
	if (value === undefined || value === null) throw badRequest(`"${field}" is required`);
	if (typeof value !== 'number' || !Number.isSafeInteger(value))
		throw badRequest(`"${field}" must be an integer`);
	return value;
}

export function optionalInteger(body: Body, field: string): number | undefined {
	return body[field] === undefined ? undefined : requiredInteger(body, field);
}

/** Integer from a path or query string: digits only (optional minus), as a strict parser reads them. */
export function parseIntegerText(text: string, field: string): number {
	if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text)))
		throw badRequest(`"${field}" must be an integer`);
	return Number(text);
}
