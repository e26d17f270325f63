import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { ChangeKind } from './changeCursor';
import { isVersioned } from './changeCursor';
import { isScanRecord } from './scanCursor';
import { matchesFilters } from './codeFilters';
import { changeItem } from './pollCodeChanges';
import { describeScanRows } from '../shared/records/scanRows';
import { scanEvent, triggerIpPrivacy } from './scanEvents';
import { isLive } from '../shared/records/qrCode';
import { readChangedCodes, readLiveCodes, readScans, resolveTeamId } from './qrtracReads';
import {
	FIRST_POLL_LOOKBACK_MS,
	SAMPLE_SCAN_LOOKBACK_MS,
	SCAN_END_MARGIN_MS,
	type TriggerSettings,
} from './settings';

/**
 * "Fetch Test Event": the most recent matching code (or scan) as the trigger would report it, without the IDs of
 * the API client that wrote it (see eventFields.ts). It never reads or writes the trigger's static data, so the
 * cursor of the active workflow does not move.
 */
export async function manualSample(
	ctx: IPollFunctions,
	settings: TriggerSettings,
): Promise<INodeExecutionData[][] | null> {
	const teamId = await resolveTeamId(ctx, settings.teamId);
	const item =
		settings.triggerOn === 'newScans'
			? await sampleScan(ctx, teamId, settings)
			: await sampleChange(ctx, teamId, settings);
	return item ? [[item]] : null;
}

/**
 * The newest change: from the newest live codes of the team (one request), or, for all teams or when only
 * deletions are wanted, from the codes changed in the last few minutes (one request).
 */
async function sampleChange(
	ctx: IPollFunctions,
	teamId: string,
	settings: TriggerSettings,
): Promise<INodeExecutionData | undefined> {
	const liveEventsWanted = settings.events.some((event) => event !== 'deleted');
	if (!settings.allTeams && liveEventsWanted) {
		const codes = await readLiveCodes(ctx, teamId, settings.filters.search, 'first');
		const newest = codes
			.filter(isVersioned)
			.find((code) => matchesFilters(code, settings.filters) && wantedKind(code, settings));
		if (newest) return changeItem({ kind: kindOf(newest), record: newest });
	}
	const changed = await readChangedCodes(
		ctx,
		{ allTeams: settings.allTeams, teamId },
		Date.now() - FIRST_POLL_LOOKBACK_MS,
	);
	const newest = changed
		.filter(isVersioned)
		.filter((code) => matchesFilters(code, settings.filters) && wantedKind(code, settings))
		.sort((a, b) => b.updatedAt - a.updatedAt)[0];
	return newest ? changeItem({ kind: kindOf(newest), record: newest }) : undefined;
}

/** The newest scan of the last 30 days among the 100 most recently changed matching codes (two requests). */
async function sampleScan(
	ctx: IPollFunctions,
	teamId: string,
	settings: TriggerSettings,
): Promise<INodeExecutionData | undefined> {
	const codes = await readLiveCodes(ctx, teamId, settings.filters.search, 'first');
	const ids = codes
		.filter((code) => matchesFilters(code, settings.filters))
		.map((code) => String(code.id));
	if (ids.length === 0) return undefined;
	const now = Date.now();
	const scans = (
		await readScans(ctx, teamId, ids, now - SAMPLE_SCAN_LOOKBACK_MS, now + SCAN_END_MARGIN_MS)
	).filter(isScanRecord);
	const newest = scans.sort((a, b) => b.scanTime - a.scanTime)[0];
	if (!newest) return undefined;
	return scanEvent(describeScanRows([newest], codes)[0], await triggerIpPrivacy(ctx, settings));
}

/** A code seen on its own, without a cursor: new when it was never changed after its creation. */
function kindOf(code: IDataObject & { updatedAt: number }): ChangeKind {
	if (!isLive(code)) return 'deleted';
	return code.createdAt === code.updatedAt ? 'created' : 'updated';
}

function wantedKind(code: IDataObject & { updatedAt: number }, settings: TriggerSettings): boolean {
	return settings.events.includes(kindOf(code));
}
