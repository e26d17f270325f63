import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import {
	derivedIpKey,
	ipPrivacy,
	withIpPrivacy,
	type IpPrivacy,
} from '../shared/records/ipPrivacy';
import { describeScanRows } from '../shared/records/scanRows';
import {
	CODES_PER_ANALYTICS_REQUEST,
	credentialIdentity,
	getQrById,
	type QrCode,
	type Scan,
} from '../shared/api';
import type { CodeFilters } from './codeFilters';
import { readLiveCodes } from './qrtracReads';
import type { TriggerSettings } from './settings';
import { stillWatched, type GoneCheck } from './watchedScans';

/**
 * New Scans events in the one shape of a scan row (scanRows.ts), so a workflow reads the code's name, Display ID
 * and short link as it does from Scan > Get for Codes. Only the scanned codes are read: one request each, or the
 * watched codes' list when that takes fewer requests. A code gone meanwhile (`gone`, watchedScans.ts
 * `watchedCodeGone`) leaves its scans unnamed; any other refusal of its read fails the poll. The IP
 * address is hashed, kept or removed as the settings say (ipPrivacy.ts).
 */
export async function scanEvents(
	ctx: IPollFunctions,
	teamId: string,
	scans: readonly Scan[],
	watched: WatchedCount,
	settings: TriggerSettings,
	gone: GoneCheck,
): Promise<INodeExecutionData[]> {
	if (scans.length === 0) return [];
	const ids = [...new Set(scans.map((scan) => scan.qrId))];
	const codes =
		namingRequests(ids.length, watched) < ids.length
			? (await readLiveCodes(ctx, teamId)).codes
			: await readCodes(ctx, teamId, ids, gone);
	const privacy = await triggerIpPrivacy(ctx, settings);
	return describeScanRows([...scans] as IDataObject[], codes).map((row) => scanEvent(row, privacy));
}

/**
 * The watched codes: how many, and whether a filter narrows them (then the team's list, read unfiltered, may hold
 * many more codes than are watched).
 */
export interface WatchedCount {
	count: number;
	narrowed: boolean;
}

/** The watched codes as naming counts them: any filter, the Search too, leaves the list longer than them. */
export function watchedCount(count: number, filters: CodeFilters): WatchedCount {
	return {
		count,
		narrowed:
			filters.qrTypes.length > 0 || filters.tag !== undefined || filters.search !== undefined,
	};
}

/**
 * Requests that name the scans of `scannedCodes` distinct codes: one per code, or the watched codes' list (about
 * one request per 100) when that is fewer and the list holds only the watched codes.
 */
export function namingRequests(scannedCodes: number, watched: WatchedCount): number {
	if (watched.narrowed) return scannedCodes;
	return Math.min(scannedCodes, Math.ceil(watched.count / CODES_PER_ANALYTICS_REQUEST));
}

/** A scan row as a trigger item, the event first, its IP address as the rule wants it. */
export function scanEvent(row: IDataObject, privacy: IpPrivacy): INodeExecutionData {
	return { json: { event: 'scan', ...withIpPrivacy(row, privacy) } };
}

/** The IP rule of this trigger: its mode, and when hashing, the key (set, or derived from workflow and credential). */
export async function triggerIpPrivacy(
	ctx: IPollFunctions,
	settings: TriggerSettings,
): Promise<IpPrivacy> {
	if (settings.ipAddress !== 'hash') return { mode: settings.ipAddress };
	return ipPrivacy('hash', {
		hashKey: settings.ipHashKey,
		workflowId: String(ctx.getWorkflow().id ?? ''),
		credentialIdentity: await credentialIdentity(ctx),
	});
}

/**
 * The key of the scan tags New Scans keeps in static data (scanCursor.ts): the IP rule's key derived from workflow
 * and credential, whatever the IP Address option says. Not the IP Hash Key: that is stored in the workflow beside
 * the static data, and changing it or the option would make every remembered tag unknown.
 */
export async function scanTagKey(ctx: IPollFunctions): Promise<Buffer> {
	return derivedIpKey({
		workflowId: String(ctx.getWorkflow().id ?? ''),
		credentialIdentity: await credentialIdentity(ctx),
	});
}

async function readCodes(
	ctx: IPollFunctions,
	teamId: string,
	ids: readonly string[],
	gone: GoneCheck,
): Promise<QrCode[]> {
	const codes: QrCode[] = [];
	for (const id of ids) {
		const read = await getQrById(ctx, { id, teamId, typedId: false }).then(
			(code) => ({ code }),
			(error: unknown) => ({ error }),
		);
		if ('code' in read) codes.push(read.code);
		else if (!(await gone(id, read.error))) throw stillWatched(ctx, id, read.error, 'the read');
	}
	return codes;
}
