import { createHmac } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

import {
	embeddedJson,
	ipAddressNaming,
	isIpAddressField,
	isIpAddressText,
	visitorAddress,
} from '../api/ipAddressFields';
import { optionOrDefault } from '../parameters';
import { isPlainObject, setOwnField } from '../plainObject';
import { optionSchema } from '../validation/nodeWords';

/**
 * The one rule for the IP address of the person who scanned, on every output that carries scan events (Scan >
 * Get for a Code, Get for Codes, Get Report's raw events, the trigger's New Scans): hashed, kept, or removed.
 *
 * Hash: HMAC-SHA256 of the address (trimmed, IPv6 in lower case) as 64 hex characters, so one visitor gives one
 * value a workflow can count or join on, and the address cannot be read back. The key is the IP Hash Key when
 * set, less spaces around it (the same key gives the same hashes in every workflow); without it the key is derived
 * from the workflow's ID and the credential's identity (its client ID and a SHA-256 of its secrets): stable within
 * the workflow, different in any other workflow or with another credential, and not reproducible without it.
 * Pure except for the key's inputs, which the caller reads.
 */

export const IP_ADDRESS_MODES = ['hash', 'keep', 'remove'] as const;
export type IpAddressMode = (typeof IP_ADDRESS_MODES)[number];

export const ipAddressModeSchema = optionSchema(IP_ADDRESS_MODES).describe('IP Address');

/** The mode of a node that does not set the option: hashing from the versions that introduced it, else kept. */
export function defaultIpAddressMode(hashesByDefault: boolean): IpAddressMode {
	return hashesByDefault ? 'hash' : 'keep';
}

/** The IP options of every output with scan events (the Scan operations' and the trigger's Options collection). */
export const ipPrivacyShape = {
	ipAddress: ipAddressModeSchema,
	ipHashKey: z.string().optional().describe('IP Hash Key'),
};

/**
 * The IP options of a run as given, for ipPrivacyShape to check: a field never set takes its default (the mode of
 * `hashesByDefault`, the derived key); one written as an expression that gave nothing fails through `refuse`
 * (shared/parameters.ts `optionOrDefault`). `stored`: the Options collection as saved, its expressions unresolved.
 */
export function ipPrivacyOptions(
	options: IDataObject,
	stored: unknown,
	hashesByDefault: boolean,
	refuse: (message: string, label: string) => Error,
): { ipAddress: unknown; ipHashKey?: unknown } {
	const written = isPlainObject(stored) ? stored : {};
	const option = (key: keyof typeof ipPrivacyShape, given: unknown, fallback: unknown) =>
		optionOrDefault(given, written[key], String(ipPrivacyShape[key].description), fallback, refuse);
	return {
		ipAddress: option('ipAddress', options.ipAddress, defaultIpAddressMode(hashesByDefault)),
		ipHashKey: option(
			'ipHashKey',
			options.ipHashKey === '' ? undefined : options.ipHashKey,
			undefined,
		),
	};
}

export interface IpPrivacy {
	mode: IpAddressMode;
	/** The HMAC key when hashing. */
	key?: Buffer;
}

/** The key material of a run: the IP Hash Key when set, else the derivation described above. */
export function ipPrivacy(
	mode: IpAddressMode,
	inputs: { hashKey?: string; workflowId: string; credentialIdentity: string },
): IpPrivacy {
	if (mode !== 'hash') return { mode };
	// trimmed: a key pasted with a space or line break must hash as typed elsewhere (the trigger, another operation)
	const hashKey = (inputs.hashKey ?? '').trim();
	const key = hashKey !== '' ? Buffer.from(hashKey, 'utf8') : derivedIpKey(inputs);
	return { mode, key };
}

/**
 * The key without an IP Hash Key: from the workflow's ID and the credential's identity, so no one without the
 * credential can reproduce it, and nothing of it is stored in the workflow (the trigger keys its remembered scans
 * with it too, scanCursor.ts).
 */
export function derivedIpKey(inputs: { workflowId: string; credentialIdentity: string }): Buffer {
	return createHmac('sha256', inputs.credentialIdentity)
		.update(`qrtrac ip hash key\u0000${inputs.workflowId}`)
		.digest();
}

/**
 * The address as one visitor's value: trimmed, IPv6 (and IPv4 written with hex) in lower case, and one address
 * however the service wrote it (api/ipAddressFields.ts `visitorAddress`: a port, a forwarding list's proxies and
 * IPv4 written in IPv6 left out), so that one visitor gives one hash and one unique scan.
 */
export function normalIpAddress(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim().toLowerCase();
	return text === '' ? undefined : visitorAddress(text);
}

/**
 * The address of a scan event as one visitor's value: its `ipAddress`, else the first other top-level address
 * field that holds one (api/ipAddressFields.ts). An address nested in another field (a proxy's list of hops, an
 * edge's record) is hashed and removed like these, but never taken for the visitor's: which of several is the
 * scanner's cannot be told, and a wrong one would count people silently.
 */
export function scanIpAddress(scan: IDataObject): string | undefined {
	const address = normalIpAddress(scan.ipAddress);
	if (address !== undefined) return address;
	for (const [field, value] of Object.entries(scan)) {
		const other = isIpAddressField(field) ? normalIpAddress(value) : undefined;
		if (other !== undefined) return other;
	}
	return undefined;
}

/** The keyed hash of one address (hex), or undefined for no address. */
export function hashIpAddress(value: unknown, key: Buffer): string | undefined {
	const address = normalIpAddress(value);
	return address === undefined
		? undefined
		: createHmac('sha256', key).update(address).digest('hex');
}

/**
 * A scan event as the mode wants it: each address field, and each value that is an address (v4, v6, with a port,
 * a list) under any name unless a word of its field path says other data (api/ipAddressFields.ts
 * `ipAddressNaming`: `qrName`, `browserVersion`, `deviceId`, `equipment.firmware`), at the top level or inside an
 * object or list of the event (ScanData allows more fields, and an address may come nested there), kept as sent,
 * replaced by its hash (one without an address keeps null, nothing or blank text; any other value that is no text
 * becomes null), or left out; so are those inside JSON text held as a string (that text is written again, compact,
 * only when it held one). Values that parse as addresses under such words (a code named "10.0.0.1", a browser
 * version "120.0.0.0") are data and stay. The event given is not changed; one without an address is returned as
 * it is.
 */
export function withIpPrivacy<T extends IDataObject>(scan: T, privacy: IpPrivacy): T {
	if (privacy.mode === 'keep') return scan;
	// privacy by default: a value that parses as an address is one unless a word of its field path says otherwise
	return (privateCopy(scan, privacy, true) ?? scan) as T;
}

/**
 * A copy of `value` with its addresses, at any depth, as the mode wants them; undefined when it has none.
 * `named`: no field name around it says other data, or a nearer one says address. A removed entry of a list is
 * left out of it.
 */
function privateCopy(value: unknown, privacy: IpPrivacy, named: boolean, inText = false): unknown {
	if (Array.isArray(value)) {
		let copy: unknown[] | undefined;
		for (const [index, entry] of value.entries()) {
			const shown = shownValue(entry, privacy, named, inText);
			if (shown === UNCHANGED) {
				if (copy) copy.push(entry);
				continue;
			}
			copy ??= value.slice(0, index);
			if (shown !== REMOVED) copy.push(shown);
		}
		return copy;
	}
	if (!isPlainObject(value)) return undefined;
	// built field by field: a `delete` would turn each of a million copies into a slow, larger dictionary object
	const entries = Object.entries(value);
	let copy: IDataObject | undefined;
	for (const [index, [field, entry]] of entries.entries()) {
		const shown = isIpAddressField(field)
			? shownAddress(entry, privacy, inText)
			: shownValue(entry, privacy, namesAddress(field, named), inText);
		if (shown === UNCHANGED) {
			if (copy) setOwnField(copy, field, entry);
			continue;
		}
		if (!copy) {
			copy = {};
			for (const [earlier, kept] of entries.slice(0, index)) setOwnField(copy, earlier, kept);
		}
		if (shown !== REMOVED) setOwnField(copy, field, shown);
	}
	return copy;
}

/** Whether a field's value may be an address: its own name's word, else the enclosing one's. */
function namesAddress(field: string, enclosing: boolean): boolean {
	const naming = ipAddressNaming(field);
	return naming === 'neutral' ? enclosing : naming === 'address';
}

const UNCHANGED = Symbol('unchanged');
const REMOVED = Symbol('removed');

/**
 * A value outside an address field: an address when `named` says one may be there, else its inside. `inText`:
 * inside JSON text held as a string, where an address field without an address stays, so that text holding no
 * address is never written again.
 */
function shownValue(entry: unknown, privacy: IpPrivacy, named: boolean, inText: boolean): unknown {
	if (named && isIpAddressText(entry)) return shownAddress(entry, privacy, inText);
	if (typeof entry === 'string') {
		// JSON text held as a string (a raw request): its addresses too, the text written again (compact, by
		// JSON.stringify) only when one was hashed or removed
		const changed = privateCopy(embeddedJson(entry), privacy, named, true);
		return changed === undefined ? UNCHANGED : JSON.stringify(changed);
	}
	const changed = privateCopy(entry, privacy, named, inText);
	return changed === undefined ? UNCHANGED : changed;
}

/**
 * An address as the mode wants it: removed, or hashed (blank text and nothing kept, any other value null). In JSON
 * text (`inText`) a field without one (null, blank text) stays as it is.
 */
function shownAddress(entry: unknown, privacy: IpPrivacy, inText = false): unknown {
	if (inText && (entry === null || (typeof entry === 'string' && entry.trim() === '')))
		return UNCHANGED;
	if (privacy.mode === 'remove') return REMOVED;
	return (
		hashIpAddress(entry, privacy.key as Buffer) ??
		(typeof entry === 'string' || entry === undefined ? entry : null)
	);
}
