import type { IDataObject } from 'n8n-workflow';

import { readEventTime } from '../api/eventTime';

/** The fields most workflows need from a QR code record; the raw record has many more. */
const SIMPLE_QR_FIELDS = [
	'id',
	'displayId',
	'name',
	'qrType',
	'shortUrl',
	'qrRedirectUrl',
	'qrImageUrl',
	'tags',
	'teamId',
	'deleted',
	'createdAt',
	'createdAtIso',
	'updatedAt',
	'updatedAtIso',
] as const;

/** QRTRAC's times are epoch milliseconds; each gets an ISO 8601 (UTC) twin under `<name>Iso`. */
const TIME_FIELDS = ['createdAt', 'updatedAt'] as const;

export function simplifyQr(record: IDataObject): IDataObject {
	const full = withLinkAndTimes(record);
	const simple: IDataObject = {};
	for (const field of SIMPLE_QR_FIELDS) {
		if (full[field] !== undefined) simple[field] = full[field];
	}
	return simple;
}

/**
 * A code's times as outputs from node version 1.2 give them: epoch ms, each read in the unit its size shows
 * (api/eventTime.ts, the reading every rule of the node uses), so that a service writing seconds is not shown in
 * 1970; a time left out, or one no unit places, is `null` with a `null` twin, never passed on as if it were ms.
 */
export function withTimesInMs(record: IDataObject): IDataObject {
	const result: IDataObject = { ...record };
	for (const field of TIME_FIELDS) {
		const ms = readEventTime(record[field], Date.now());
		result[field] = ms ?? null;
		result[`${field}Iso`] = isoTime(ms) ?? null;
	}
	return result;
}

/** Keeps the mark of a change verified after an unknown outcome when a record is simplified. */
export function verifiedMarker(record: { verifiedAfterUnknownOutcome?: unknown }): {
	verifiedAfterUnknownOutcome?: true;
} {
	return record.verifiedAfterUnknownOutcome === true ? { verifiedAfterUnknownOutcome: true } : {};
}

/**
 * A code record with what a person reads from it added: `shortUrl`, the link people scan (the code's domain
 * plus its Display ID, when the record has both), and each time also as ISO text (`createdAtIso`,
 * `updatedAtIso`), read in its unit; a number that is no sane time gets no twin. Existing fields are kept unchanged.
 */
export function withLinkAndTimes(record: IDataObject): IDataObject {
	const result: IDataObject = { ...record };
	const shortUrl = shortUrlOf(record);
	if (shortUrl !== undefined && result.shortUrl === undefined) result.shortUrl = shortUrl;
	for (const field of TIME_FIELDS) {
		// Read by the unit its size shows (eventTime.ts): the contract types these times only as integers.
		const iso = isoTime(readEventTime(record[field], Date.now()));
		if (iso !== undefined) result[`${field}Iso`] = iso;
	}
	return result;
}

/** `baseUrl` + `displayId` (the domain ends with `/`; one is added when it does not). */
export function shortUrlOf(record: IDataObject): string | undefined {
	const { baseUrl, displayId } = record;
	if (
		typeof baseUrl !== 'string' ||
		baseUrl === '' ||
		typeof displayId !== 'string' ||
		displayId === ''
	)
		return undefined;
	return `${domainWithSlash(baseUrl)}${displayId}`;
}

/** A custom domain root for short links as the contract's request writes it: http(s), ending with `/`. */
export const CUSTOM_DOMAIN = /^https?:\/\/[^/?#]+(\/[^?#]*)?\/$/;

/** A custom domain as the contract writes it, ending with `/` (a record may leave it out): one is added. */
export function domainWithSlash(baseUrl: string): string {
	return baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
}

/** Epoch milliseconds as ISO 8601 in UTC; anything else (missing, text, out of range) gives undefined. */
export function isoTime(epochMs: unknown): string | undefined {
	if (typeof epochMs !== 'number' || !Number.isFinite(epochMs)) return undefined;
	const date = new Date(epochMs);
	return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
