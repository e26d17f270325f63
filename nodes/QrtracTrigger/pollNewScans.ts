import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { isVersioned, queryFromTime, raiseFloor, startCursor } from './changeCursor';
import { advanceScanCursor, isScanRecord, type ScanRecord } from './scanCursor';
import { filtersKey, matchesFilters } from './codeFilters';
import { readChangedCodes, readLiveCodes, readScans, resolveTeamId } from './qrtracReads';
import {
	FIRST_POLL_LOOKBACK_MS,
	MAX_SEEN,
	SCAN_END_MARGIN_MS,
	type TriggerSettings,
} from './settings';
import { loadNewScansState, saveNewScansState, type NewScansState } from './triggerState';

interface CodeIdCache {
	codes: NewScansState['codes'];
	codeIds: string[];
}

/**
 * One poll for new scans. Cost: 1 + ceil(n / 100) requests for n codes matching the filters (the code list is
 * kept in static data and refreshed from one "updated after time" request; scan events are read 100 codes per
 * bulk analytics request). The first poll, or one after the filters changed, lists the codes instead:
 * ceil(N / 100) + ceil(n / 100) requests for N codes of the team. The first poll reports nothing: it learns
 * where "now" is in the service's time. Scans of a code deleted before they were read cannot be read any more.
 */
export async function pollNewScans(
	ctx: IPollFunctions,
	settings: TriggerSettings,
): Promise<INodeExecutionData[][] | null> {
	const teamId = await resolveTeamId(ctx, settings.teamId);
	const scope = `team:${teamId}`;
	const idsFilter = filtersKey(settings.filters);
	const staticData = ctx.getWorkflowStaticData('node');
	const stored = loadNewScansState(staticData, scope);
	const now = Date.now();

	const cache =
		stored && stored.idsFilter === idsFilter
			? await refreshCodeIds(ctx, teamId, stored, settings)
			: await listCodeIds(ctx, teamId, settings, now);
	const cursor = stored?.scans ?? startCursor(now - FIRST_POLL_LOOKBACK_MS);
	const scans = await readScans(
		ctx,
		teamId,
		cache.codeIds,
		queryFromTime(cursor),
		now + SCAN_END_MARGIN_MS,
	);
	const result = advanceScanCursor(cursor, scans.filter(isScanRecord), {
		overlapMs: settings.overlapMs,
		maxSeen: MAX_SEEN,
	});
	saveNewScansState(staticData, { scope, idsFilter, ...cache, scans: result.cursor });

	if (stored === undefined || result.scans.length === 0) return null;
	return [result.scans.map(scanItem)];
}

export function scanItem(scan: ScanRecord): INodeExecutionData {
	return { json: { event: 'scan', ...scan } as IDataObject };
}

/** Applies the codes changed since the last poll (one request): matching live codes in, the rest out. */
async function refreshCodeIds(
	ctx: IPollFunctions,
	teamId: string,
	stored: NewScansState,
	settings: TriggerSettings,
): Promise<CodeIdCache> {
	const changed = (
		await readChangedCodes(ctx, { allTeams: false, teamId }, queryFromTime(stored.codes))
	).filter(isVersioned);
	const ids = new Set(stored.codeIds);
	let highWater = stored.codes.highWater;
	for (const code of changed) {
		if (code.deleted !== true && matchesFilters(code, settings.filters)) ids.add(code.id);
		else ids.delete(code.id);
		highWater = Math.max(highWater ?? code.updatedAt, code.updatedAt);
	}
	return {
		codes: {
			floor: raiseFloor(stored.codes.floor, highWater, settings.overlapMs),
			...optional(highWater),
		},
		codeIds: [...ids],
	};
}

/** Lists every live code of the team (ceil(N / 100) requests) and keeps the ids matching the filters. */
async function listCodeIds(
	ctx: IPollFunctions,
	teamId: string,
	settings: TriggerSettings,
	now: number,
): Promise<CodeIdCache> {
	const codes = (await readLiveCodes(ctx, teamId, settings.filters.search, 'all')).filter(
		isVersioned,
	);
	const highWater = codes.reduce<number | undefined>(
		(max, code) => Math.max(max ?? code.updatedAt, code.updatedAt),
		undefined,
	);
	return {
		codes: {
			floor: raiseFloor(
				startCursor(now - FIRST_POLL_LOOKBACK_MS).floor,
				highWater,
				settings.overlapMs,
			),
			...optional(highWater),
		},
		codeIds: codes.filter((code) => matchesFilters(code, settings.filters)).map((code) => code.id),
	};
}

function optional(highWater: number | undefined): { highWater?: number } {
	return highWater === undefined ? {} : { highWater };
}
