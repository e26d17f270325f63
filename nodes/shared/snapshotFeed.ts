import type { IExecuteFunctions } from 'n8n-workflow';

import {
	changeTimeOf,
	feedMayLeaveOut,
	readTeamChanges,
	type DisplayIdIndex,
	type QrCode,
} from './api';
import type { TakenDisplayIds } from './takenDisplayIds';
import { isLive, ofOtherTeam } from './records/qrCode';

/**
 * The change feed (GET /qrs-api/teams/fromTime/{t}) applied to a team's snapshot held between runs of an
 * execution (teamCodes.ts): what a version tells the snapshot and when the team is read again instead.
 */

/** How far before the last read the feed looks again: the trigger's default overlap, for the same reasons. */
const SNAPSHOT_OVERLAP_MS = 15_000;
/** Where the feed is read from after a read at `readAtServiceMs` (service clock): the overlap before it. */
export function feedFrom(readAtServiceMs: number): number {
	return Math.max(0, readAtServiceMs - SNAPSHOT_OVERLAP_MS - 1);
}
/** Most changed codes a feed answer may hold: above that, one read of the team is the safer source. */
export const MAX_FEED_CODES = 10_000;

export interface TeamSnapshot {
	index: DisplayIdIndex;
	/** The service's clock at the last read (full or feed): the next feed reads from here less the overlap. */
	readAtServiceMs: number;
	/** Display IDs rows of this execution took out of the index: later runs look them up instead. */
	taken: TakenDisplayIds<QrCode>;
}

/**
 * Applies the change feed since the last read to a held snapshot: false (read the team again) when the answer is
 * larger than MAX_FEED_CODES, holds another team's codes, or looks capped while holding a version the snapshot
 * does not hold or 100 codes or more (cappedAnswers.ts `feedMayLeaveOut`, the trigger's rule too: versions held
 * already are the overlap read again, and those of Display IDs rows took are the node's own writes).
 */
export async function catchUp(
	ctx: IExecuteFunctions,
	snapshot: TeamSnapshot,
	{ teamId, team, itemIndex }: { teamId: string | undefined; team: string; itemIndex: number },
): Promise<boolean> {
	const startedMs = Date.now();
	const { codes, serviceDateMs } = await readTeamChanges(ctx, {
		teamId,
		itemIndex,
		fromTime: feedFrom(snapshot.readAtServiceMs),
	});
	const unseen = codes.filter((code) => feedNews(snapshot, code) === 'unseen');
	const foreign = codes.some((code) => ofOtherTeam(code, team));
	if (
		codes.length > MAX_FEED_CODES ||
		foreign ||
		feedMayLeaveOut(codes.length, unseen.length > 0)
	) {
		ctx.logger.info(
			`QRTRAC: the change feed of team ${team} held ${codes.length} codes${foreign ? ', some of another team' : ''}; the sync reads the team again`,
		);
		return false;
	}
	const presentMs = serviceDateMs ?? startedMs;
	for (const code of codes)
		if (feedNews(snapshot, code) !== 'held') apply(snapshot, code, presentMs);
	snapshot.readAtServiceMs = presentMs;
	return true;
}

/**
 * What a feed version tells the snapshot: `held` (it holds this version; a deleted code: holds it no more),
 * `taken` (a row of the execution took its Display ID: the node's own write, or a change after it; for the cap
 * rule it counts as known, as the node's own writes do) or `unseen`.
 */
function feedNews(snapshot: TeamSnapshot, code: QrCode): 'held' | 'taken' | 'unseen' {
	const held = snapshot.index.byCodeId(String(code.id));
	const holds = isLive(code)
		? held !== undefined && held.displayId === code.displayId && versionOf(held) === versionOf(code)
		: held === undefined;
	if (holds) return 'held';
	return typeof code.displayId === 'string' && snapshot.taken.has(code.displayId)
		? 'taken'
		: 'unseen';
}

/**
 * A feed version into the snapshot. The feed is a team-checked read of the whole record: a live version of a
 * taken Display ID changed later than every version rows saw (started from, read or wrote) is held and
 * the Display ID no longer looked up; any other version of it (older, unreadable, deleted) leaves it taken.
 * A version of a code the snapshot holds must be clearly later than the held one to replace it (a lagging
 * replica, the overlap read again); a live one that differs without being later (an older version, skewed
 * clocks, seconds next to ms) is no more trusted than the held one: the code leaves the snapshot and its Display
 * ID is taken, looked up by later rows until a clearly later version comes. A deletion, whatever its time, only
 * removes the code: a deleted code keeps its Display ID out of use.
 * `presentMs`: the service's present, which bounds the times read.
 */
function apply(snapshot: TeamSnapshot, code: QrCode, presentMs: number): void {
	const displayId = typeof code.displayId === 'string' ? code.displayId : undefined;
	if (displayId === undefined || !snapshot.taken.has(displayId)) {
		const held = snapshot.index.byCodeId(String(code.id));
		const heldMs = held === undefined ? undefined : changeTimeOf(held, presentMs);
		const codeMs = changeTimeOf(code, presentMs);
		// A deleted code keeps its Display ID out of use: gone from the index, nothing to look up.
		if (!isLive(code)) snapshot.index.remove(String(code.id));
		else if (
			held === undefined ||
			(codeMs !== undefined && heldMs !== undefined && codeMs > heldMs)
		)
			snapshot.index.put(code);
		else {
			snapshot.index.remove(String(code.id));
			for (const taken of new Set([held.displayId, displayId]))
				if (typeof taken === 'string') snapshot.taken.takenByFeed(taken, heldMs);
		}
	} else if (
		isLive(code) &&
		snapshot.taken.givesBack(displayId, changeTimeOf(code, presentMs), code)
	) {
		snapshot.index.put(code);
		snapshot.taken.release(displayId);
	} else snapshot.index.remove(String(code.id));
}

/** A version of a code: its id and its last change (the creation when never changed). */
function versionOf(code: QrCode): string {
	return JSON.stringify([String(code.id), code.updatedAt ?? code.createdAt]);
}
