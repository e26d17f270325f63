import type { IExecuteFunctions } from 'n8n-workflow';

import {
	feedMayLeaveOut,
	findQrByDisplayId,
	indexTeamQrsByDisplayId,
	readTeamChanges,
	type DisplayIdIndex,
	type QrCode,
} from './api';
import { HeldSnapshots } from './heldSnapshots';
import { TeamReads, type TeamSource } from './teamReads';
import { isLive, ofOtherTeam } from './records/qrCode';

/**
 * A team's live codes, read once (every page of the list) and indexed by Display ID: the one snapshot behind the
 * sync of Create or Update, its Delete Missing, and the code selection of the analytics operations.
 *
 * Held (the sync): kept for the node's later runs in the execution (Loop Over Items runs it once per batch). A
 * later run brings it up to date with one request of the change feed (GET /qrs-api/teams/fromTime/{t}) since the
 * last read, on the service's clock less an overlap, and reads the team again when the feed looks capped, is
 * large, holds another team's codes, or the snapshot is older than SNAPSHOT_MAX_AGE_MS. A code is let go while a
 * row has it and held again as the row left it once the row succeeded (the feed brings any later change); after
 * a failed row a later run looks its code up, so the node's own writes are never read stale. Not held (code
 * selection): read once per run.
 */

/** How long a snapshot is brought up to date by the change feed before the team is read again. */
export const SNAPSHOT_MAX_AGE_MS = 10 * 60_000;
/** How far before the last read the feed looks again: the trigger's default overlap, for the same reasons. */
export const SNAPSHOT_OVERLAP_MS = 15_000;
/** Most changed codes a feed answer may hold: above that, one read of the team is the safer source. */
export const MAX_FEED_CODES = 10_000;
/**
 * Most codes held across teams and executions of this process; the least recently used teams go first, and a
 * team larger than this is read in full by every run, as before snapshots were kept.
 */
export const HELD_CODES_CEILING = 100_000;

interface TeamSnapshot {
	index: DisplayIdIndex;
	/** The service's clock at the last read (full or feed): the next feed reads from here less the overlap. */
	readAtServiceMs: number;
	/** Display IDs a row of this execution took out of the index: a later run looks them up instead. */
	taken: Set<string>;
}

const heldForSync = new HeldSnapshots<TeamSnapshot>({
	ceiling: HELD_CODES_CEILING,
	maxAgeMs: SNAPSHOT_MAX_AGE_MS,
});

export class TeamCodes {
	private readonly reads: TeamReads<TeamSnapshot>;

	/**
	 * `purpose` names what the read is for in an error; `held`: keep the snapshots for the node's later runs in
	 * the execution (the sync).
	 */
	constructor(
		private readonly ctx: IExecuteFunctions,
		{ purpose, held }: { purpose: (team: string) => string; held: boolean },
	) {
		const source: TeamSource<TeamSnapshot> = {
			read: async (teamId, team, itemIndex) => ({
				...(await indexTeamQrsByDisplayId(ctx, {
					teamId,
					itemIndex,
					purpose: purpose(team),
				})),
				taken: new Set(),
			}),
			sizeOf: (snapshot) => snapshot.index.size,
			catchUp: async (snapshot, teamId, team, itemIndex) =>
				await catchUp(ctx, snapshot, { teamId, team, itemIndex }),
		};
		this.reads = new TeamReads(ctx, source, held ? heldForSync : undefined);
	}

	/** Every live code of the team, in the list's order (oldest first). */
	async all(teamId: string | undefined, itemIndex: number): Promise<QrCode[]> {
		return (await this.reads.get(teamId, itemIndex)).index.remaining();
	}

	/**
	 * The team's code with this Display ID, handed to the first row that asks and let go of: later rows of this
	 * run take what that row left (the operation); once the row succeeded the snapshot holds what it left
	 * (`settled`), else rows of later runs look the code up (one search).
	 */
	async take(
		teamId: string | undefined,
		displayId: string,
		itemIndex: number,
	): Promise<QrCode | undefined> {
		const snapshot = await this.reads.get(teamId, itemIndex);
		if (snapshot.taken.has(displayId))
			return await findQrByDisplayId(this.ctx, { displayId, teamId, itemIndex });
		const code = snapshot.index.take(displayId, itemIndex);
		snapshot.taken.add(displayId);
		await this.reads.resized(teamId, snapshot);
		return code;
	}

	/**
	 * A row that took `displayId` succeeded and left `code`: the snapshot holds that code again, so that later runs
	 * in the execution (the next batch, a sync on the loop's done output) take it without a search. A code under
	 * another Display ID stays looked up: Delete Missing must never see the row's own code as missing. A snapshot
	 * no longer held (the ceiling) takes nothing back, so that a run's memory only shrinks.
	 */
	async settled(teamId: string | undefined, displayId: string, code: QrCode): Promise<void> {
		const snapshot = await this.reads.ifRead(teamId);
		if (!snapshot || code.displayId !== displayId || !isLive(code)) return;
		if (!(await this.reads.keeps(teamId, snapshot))) return;
		snapshot.index.put(code);
		snapshot.taken.delete(displayId);
		await this.reads.resized(teamId, snapshot);
	}

	/** A code the node wrote (or soft-deleted) replaces the version in the snapshot, if the run read that team. */
	async wrote(teamId: string | undefined, code: QrCode): Promise<void> {
		const snapshot = await this.reads.ifRead(teamId);
		if (!snapshot) return;
		apply(snapshot, code);
		await this.reads.resized(teamId, snapshot);
	}
}

/**
 * Applies the change feed since the last read to a held snapshot: false (read the team again) when the answer is
 * larger than MAX_FEED_CODES, holds another team's codes, or looks capped while holding a version the snapshot
 * does not hold or 100 codes or more (cappedAnswers.ts `feedMayLeaveOut`, the trigger's rule too: versions held
 * already are the overlap read again, the node's own writes among them).
 */
async function catchUp(
	ctx: IExecuteFunctions,
	snapshot: TeamSnapshot,
	{ teamId, team, itemIndex }: { teamId: string | undefined; team: string; itemIndex: number },
): Promise<boolean> {
	const startedMs = Date.now();
	const { codes, serviceDateMs } = await readTeamChanges(ctx, {
		teamId,
		itemIndex,
		fromTime: Math.max(0, snapshot.readAtServiceMs - SNAPSHOT_OVERLAP_MS - 1),
	});
	const unseen = codes.filter((code) => !holds(snapshot, code));
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
	for (const code of unseen) apply(snapshot, code);
	snapshot.readAtServiceMs = serviceDateMs ?? startedMs;
	return true;
}

/** A newer version of a code into the snapshot; one whose Display ID a row took is looked up instead. */
function apply(snapshot: TeamSnapshot, code: QrCode): void {
	if (typeof code.displayId === 'string' && snapshot.taken.has(code.displayId))
		snapshot.index.remove(String(code.id));
	else snapshot.index.put(code);
}

/**
 * Whether the snapshot already holds this version of the code (a deleted code: holds it no more), or needs none
 * (a row took its Display ID: it is looked up).
 */
function holds(snapshot: TeamSnapshot, code: QrCode): boolean {
	if (typeof code.displayId === 'string' && snapshot.taken.has(code.displayId)) return true;
	const held = snapshot.index.byCodeId(String(code.id));
	if (!isLive(code)) return held === undefined;
	return (
		held !== undefined &&
		held.displayId === code.displayId &&
		JSON.stringify(held.updatedAt ?? held.createdAt) ===
			JSON.stringify(code.updatedAt ?? code.createdAt)
	);
}
