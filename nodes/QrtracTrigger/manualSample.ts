import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ChangeKind } from './changeCursor';
import { isVersioned } from './changeCursor';
import { matchesFilters, type CodeFilters } from './codeFilters';
import { CODES_PER_ANALYTICS_REQUEST } from '../shared/api';
import { isQrType, QR_TYPE_LABELS } from '../shared/forms/qrCodeTypes';
import { changeItem } from './pollCodeChanges';
import { describeScanRows } from '../shared/records/scanRows';
import { scanEvent, triggerIpPrivacy } from './scanEvents';
import { isLive } from '../shared/records/qrCode';
import { readChangedCodes, readNewestCodes, readNewestScan, resolveTeamId } from './qrtracReads';
import {
	FIRST_POLL_LOOKBACK_MS,
	SAMPLE_SCAN_LOOKBACK_MS,
	SAMPLE_SCAN_LOOKBACKS_MS,
	SCAN_END_MARGIN_MS,
	type TriggerSettings,
} from './settings';

/**
 * "Fetch Test Event": the most recent matching code (or scan) as the trigger would report it, without the IDs of
 * the API client that wrote it (see eventFields.ts); an error saying what was looked at when none matches. It never reads or writes the trigger's static data, so the
 * cursor of the active workflow does not move.
 */
export async function manualSample(
	ctx: IPollFunctions,
	settings: TriggerSettings,
): Promise<INodeExecutionData[][]> {
	const teamId = await resolveTeamId(ctx, settings.teamId);
	const item =
		settings.triggerOn === 'newScans'
			? await sampleScan(ctx, teamId, settings)
			: await sampleChange(ctx, teamId, settings);
	if (!item) throw nothingFound(ctx, teamId, settings);
	return [[item]];
}

/**
 * No sample: the editor shows only "No trigger output" for an empty answer, so the test fails as n8n's own
 * triggers do (Google Calendar Trigger), saying what was read and with which filters.
 */
function nothingFound(
	ctx: IPollFunctions,
	teamId: string,
	settings: TriggerSettings,
): NodeOperationError {
	const minutes = FIRST_POLL_LOOKBACK_MS / 60_000;
	const days = SAMPLE_SCAN_LOOKBACK_MS / 86_400_000;
	const changedLately = `the codes changed in the last ${minutes} minutes`;
	const lookedAt =
		settings.triggerOn === 'newScans'
			? `the scans of the last ${days} days of the ${CODES_PER_ANALYTICS_REQUEST} most recently changed matching codes of team ${teamId}`
			: settings.allTeams
				? `${changedLately} in every team`
				: settings.events.some((event) => event !== 'deleted')
					? `every code of team ${teamId} and ${changedLately}`
					: `${changedLately} of team ${teamId}`;
	const events =
		settings.triggerOn === 'newScans' ? '' : `, for events ${settings.events.join(', ')}`;
	return new NodeOperationError(ctx.getNode(), 'No data with the current filter could be found', {
		description: `Looked at ${lookedAt}${events}; filters: ${describeFilters(settings.filters)}. Once the workflow is active, the trigger reports new events as they happen.`,
	});
}

function describeFilters({ qrTypes, tag, search }: CodeFilters): string {
	const types = qrTypes.map((type) => (isQrType(type) ? QR_TYPE_LABELS[type] : type));
	const parts = [
		types.length > 0 ? `QR Type ${types.join(' or ')}` : undefined,
		tag === undefined ? undefined : `tag "${tag}"`,
		search === undefined ? undefined : `search "${search}"`,
	].filter((part) => part !== undefined);
	return parts.length > 0 ? parts.join(', ') : 'none';
}

/**
 * The newest change: from the team's listed codes, newest change first (its first 100 codes, one request, or the
 * whole list when none of them matches), or, for all teams or when only deletions are wanted, or when no listed
 * code matches, from the codes changed in the last few minutes (one request).
 */
async function sampleChange(
	ctx: IPollFunctions,
	teamId: string,
	settings: TriggerSettings,
): Promise<INodeExecutionData | undefined> {
	const liveEventsWanted = settings.events.some((event) => event !== 'deleted');
	if (!settings.allTeams && liveEventsWanted) {
		// a deleted code the list holds is a deletion it shows, reported as a poll's change feed would report it
		const wanted = (code: IDataObject) =>
			isVersioned(code) && matchesFilters(code, settings.filters) && wantedKind(code, settings);
		const [newest] = await readNewestCodes(ctx, teamId, { wanted, count: 1, listed: () => true });
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

/**
 * The newest scan of the last 30 days among the 100 most recently changed matching live codes (the list's first
 * 100 codes, or the whole list when fewer of them match): the last hour first, the rest of the day, then of the 30
 * days, each only when the later stretch had none (one to three requests). A busy team's day or month of scans is
 * neither read nor held (readNewestScan keeps one scan) to find one scan.
 */
async function sampleScan(
	ctx: IPollFunctions,
	teamId: string,
	settings: TriggerSettings,
): Promise<INodeExecutionData | undefined> {
	// a deleted code's id is never sent for scans: the service refuses it
	const codes = await readNewestCodes(ctx, teamId, {
		wanted: (code) => matchesFilters(code, settings.filters),
		count: CODES_PER_ANALYTICS_REQUEST,
		listed: isLive,
	});
	const ids = codes.map((code) => String(code.id));
	if (ids.length === 0) return undefined;
	const now = Date.now();
	let endTime = now + SCAN_END_MARGIN_MS;
	for (const lookbackMs of SAMPLE_SCAN_LOOKBACKS_MS) {
		const startTime = now - lookbackMs;
		const newest = await readNewestScan(ctx, teamId, ids, startTime, endTime);
		if (newest)
			return scanEvent(describeScanRows([newest], codes)[0], await triggerIpPrivacy(ctx, settings));
		// the range's ends are inclusive: the next read ends just before this one began
		endTime = startTime - 1;
	}
	return undefined;
}

/** A code seen on its own, without a cursor: new when it was never changed after its creation. */
function kindOf(code: IDataObject & { updatedAt: number }): ChangeKind {
	if (!isLive(code)) return 'deleted';
	return code.createdAt === code.updatedAt ? 'created' : 'updated';
}

function wantedKind(code: IDataObject & { updatedAt: number }, settings: TriggerSettings): boolean {
	return settings.events.includes(kindOf(code));
}
