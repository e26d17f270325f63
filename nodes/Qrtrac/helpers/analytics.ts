import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { qrtracApiRequest, qrtracApiRequestAllPages } from '../../shared/transport';
import { extractQrPage } from './qrCodeLookup';

/** The analytics endpoints take at most this many codes per request. */
export const IDS_PER_REQUEST = 100;

export function chunk<T>(list: T[], size: number): T[][] {
	const chunks: T[][] = [];
	for (let start = 0; start < list.length; start += size) chunks.push(list.slice(start, start + size));
	return chunks;
}

/**
 * "All Codes of the Team", read at most once per team and execution: the first item that needs a team's
 * codes starts the read, later items of the same team wait for the same answer.
 */
export class TeamCodeIds {
	private readonly reads = new Map<string, Promise<string[]>>();

	get(ctx: IExecuteFunctions, teamId: string | undefined, itemIndex: number): Promise<string[]> {
		const key = teamId ?? '';
		let read = this.reads.get(key);
		if (!read) {
			read = readAllCodeIds(ctx, teamId, itemIndex);
			this.reads.set(key, read);
		}
		return read;
	}

	/** The codes an item asked for: its list of IDs, or else all codes of its team. */
	async selected(
		ctx: IExecuteFunctions,
		input: { qrCodeIds?: string[]; teamId?: string },
		itemIndex: number,
	): Promise<string[]> {
		return input.qrCodeIds ?? (await this.get(ctx, input.teamId, itemIndex));
	}
}

/** `prepare` of the analytics operations: one memo of team codes per execution. */
export async function prepareTeamCodeIds(): Promise<TeamCodeIds> {
	return new TeamCodeIds();
}

/** IDs of every live (not deleted) code of the team, in the list's order, read page by page. */
async function readAllCodeIds(ctx: IExecuteFunctions, teamId: string | undefined, itemIndex: number): Promise<string[]> {
	const qrs = await qrtracApiRequestAllPages<IDataObject>(
		ctx,
		{ method: 'GET', path: '/qrs-api/v2/teams/', query: { sortBy: 'createdAt', sortOrder: 'asc' }, teamId, itemIndex },
		{ returnAll: true, extract: extractQrPage },
	);
	return qrs.filter((qr) => qr.deleted !== true && typeof qr.id === 'string').map((qr) => qr.id as string);
}

/**
 * Posts one analytics request per chunk of at most 100 IDs, one after another, and joins the answers.
 * These POSTs only read, so sending one again after an unknown outcome cannot change anything.
 */
export async function postPerChunk(
	ctx: IExecuteFunctions,
	path: string,
	qrIds: string[],
	body: IDataObject,
	teamId: string | undefined,
	itemIndex: number,
): Promise<IDataObject[]> {
	const results: IDataObject[] = [];
	for (const ids of chunk(qrIds, IDS_PER_REQUEST)) {
		const { data } = await qrtracApiRequest<IDataObject[]>(ctx, {
			method: 'POST',
			path,
			body: { ...body, qrIds: ids },
			teamId,
			itemIndex,
			verifyUnknownOutcome: async () => null,
		});
		results.push(...(Array.isArray(data) ? data : []));
	}
	return results;
}

/** Per code: number of scans, first and last scan time, and counts by country and device. Codes without scans show 0. */
export function aggregateScansPerCode(qrIds: string[], scans: IDataObject[]): IDataObject[] {
	const perCode = new Map<string, { scans: number; first?: number; last?: number; countries: IDataObject; devices: IDataObject }>();
	for (const qrId of qrIds) perCode.set(qrId, { scans: 0, countries: {}, devices: {} });
	for (const scan of scans) {
		const entry = perCode.get(String(scan.qrId));
		if (!entry) continue;
		const time = typeof scan.scanTime === 'number' ? scan.scanTime : undefined;
		entry.scans += 1;
		if (time !== undefined) {
			entry.first = entry.first === undefined ? time : Math.min(entry.first, time);
			entry.last = entry.last === undefined ? time : Math.max(entry.last, time);
		}
		increment(entry.countries, scan.country);
		increment(entry.devices, scan.device);
	}
	return [...perCode.entries()].map(([qrId, entry]) => ({
		qrId,
		scans: entry.scans,
		firstScanTime: entry.first ?? null,
		lastScanTime: entry.last ?? null,
		countries: entry.countries,
		devices: entry.devices,
	}));
}

function increment(counts: IDataObject, key: unknown): void {
	const name = typeof key === 'string' && key !== '' ? key : 'unknown';
	counts[name] = Number(counts[name] ?? 0) + 1;
}
