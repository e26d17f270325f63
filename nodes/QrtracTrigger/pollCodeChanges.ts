import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import {
	advanceCursor,
	CEILING_MARGIN_MS,
	isUnseen,
	queryFromTime,
	settleFirstPoll,
	startCursor,
	type Change,
	type ChangeCursor,
} from './changeCursor';
import { setOwnField } from '../shared/plainObject';
import { withLinkAndTimes, withTimesInMs } from '../shared/records/simplify';
import { matchesFilters } from './codeFilters';
import { withoutActorIds } from './eventFields';
import { readChangesSince, resolveTeamId, type WatchedCodes } from './qrtracReads';
import { FIRST_POLL_LOOKBACK_MS, MAX_SEEN, type TriggerSettings } from './settings';
import { claimState, type Claim } from './pollGuard';
import { loadCodeChangesState, saveCodeChangesState, stateScope } from './triggerState';
import { takeUndated, undatedDeletion, undatedTest } from './undatedDeletions';

/**
 * One poll for code changes: the changes since the cursor's floor (qrtracReads.ts), chosen by the cursor rule
 * (changeCursor.ts) or, for deletions given without their time, by the IDs remembered (undatedDeletions.ts), then
 * the user's events and filters. The cursor is stored whatever the filters let through,
 * so a change filtered out now is never reported later; the first poll only learns where "now" is in the
 * service's time, unless existing codes are wanted.
 */
export async function pollCodeChanges(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	claim: Claim,
): Promise<INodeExecutionData[][] | null> {
	const watched: WatchedCodes = {
		allTeams: settings.allTeams,
		teamId: await resolveTeamId(ctx, settings.teamId),
	};
	const where = await stateScope(
		ctx,
		watched.allTeams ? 'all' : `team:${watched.teamId}`,
		watched.allTeams,
	);
	const staticData = ctx.getWorkflowStaticData('node');
	const stored = loadCodeChangesState(staticData, where);
	const firstPoll = stored === undefined;
	let cursor =
		stored?.cursor ??
		startCursor(settings.includeExisting ? 0 : Date.now() - FIRST_POLL_LOOKBACK_MS);
	const read = (cursor: ChangeCursor) =>
		readChangesSince(ctx, watched, {
			floor: cursor.floor,
			highWater: cursor.highWater,
			fromTime: queryFromTime(cursor),
			isNew: (code) => isUnseen(cursor, code),
		});
	let { codes, presentMs, undated } = await read(cursor);
	const settled = firstPoll ? settleFirstPoll(cursor, presentMs, settings.overlapMs) : cursor;
	if (settled !== cursor) {
		// The service's clock is behind n8n's by more than the lookback: the first poll reads from its present.
		cursor = settled;
		({ codes, presentMs, undated } = await read(cursor));
	}
	const isUndated = undatedTest(undated);
	const result = advanceCursor(
		cursor,
		codes.filter((code) => !isUndated(code)),
		{ overlapMs: settings.overlapMs, maxSeen: MAX_SEEN, ceiling: presentMs + CEILING_MARGIN_MS },
	);
	const timeless = takeUndated(ctx.getNode(), codes.filter(isUndated), undated, {
		remembered: stored?.undated ?? [],
		handled: (code) => code.updatedAt >= cursor.floor && !isUnseen(cursor, code),
	});
	// A deletion is a code's last state: it comes after every change the answer gives a time.
	const changes = [...result.changes, ...timeless.fresh.map(undatedDeletion)];
	const items =
		firstPoll && !settings.includeExisting
			? []
			: changes.filter((change) => wanted(change, settings)).map(changeItem);
	// Saved only once the items are built, so a poll that fails before has not moved the cursor (pollNewScans.ts).
	claimState(ctx, claim);
	saveCodeChangesState(staticData, {
		...where,
		cursor: result.cursor,
		...(timeless.remembered.length > 0 ? { undated: timeless.remembered } : {}),
	});
	return items.length > 0 ? [items] : null;
}

function wanted(change: Change<IDataObject>, settings: TriggerSettings): boolean {
	return settings.events.includes(change.kind) && matchesFilters(change.record, settings.filters);
}

/**
 * The code record with the event first: `{event: "updated", id, name, ...}`, with the short link and ISO times
 * every code output carries (simplify.ts), without the writer's IDs (eventFields.ts).
 */
export function changeItem(change: Change<IDataObject>): INodeExecutionData {
	const json: IDataObject = { event: change.kind };
	for (const [key, value] of Object.entries(withLinkAndTimes(withTimesInMs(change.record))))
		if (key !== 'event') setOwnField(json, key, value);
	return withoutActorIds({ json });
}
