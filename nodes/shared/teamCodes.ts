import type { IExecuteFunctions } from 'n8n-workflow';

import {
	changeTimeOf,
	connectionOf,
	findQrByDisplayId,
	indexTeamQrsByDisplayId,
	updateTimeOf,
	type QrCode,
} from './api';
import { HeldSnapshots } from './heldSnapshots';
import { catchUp, type TeamSnapshot } from './snapshotFeed';
import { TakenDisplayIds } from './takenDisplayIds';
import { TeamReads, type TeamSource } from './teamReads';
import { isLive, ofOtherTeam } from './records/qrCode';

/**
 * A team's live codes, read once (every page of the list) and indexed by Display ID: the one snapshot behind the
 * sync of Create or Update, its Delete Missing, and the code selection of the analytics operations.
 *
 * Held (the sync): kept for the node's later runs in the execution (Loop Over Items runs it once per batch). A
 * later run brings it up to date with one request of the change feed (GET /qrs-api/teams/fromTime/{t}) since the
 * last read, on the service's clock less an overlap (snapshotFeed.ts), and reads the team again when the feed looks capped, is
 * large, holds another team's codes, or the snapshot is older than SNAPSHOT_MAX_AGE_MS. It only ever holds what a
 * team-checked read gave (the list, the feed, a look-up), never a write's answer, which may be partial or name
 * another team. A code is let go while a row has it; its Display ID stays taken (looked up by later runs) until
 * the feed brings a version changed later than every version rows of the execution started from, read or wrote
 * (takenDisplayIds.ts), or until the run ends with only rows that wrote nothing on it (they put back the code they
 * read). Not held (code selection): read once per run.
 */

/** How long a snapshot is brought up to date by the change feed before the team is read again. */
export const SNAPSHOT_MAX_AGE_MS = 10 * 60_000;
export { feedFrom, MAX_FEED_CODES } from './snapshotFeed';
/**
 * Most codes held across teams and executions of this process; the least recently used teams go first, and a
 * team larger than this is read in full by every run, as before snapshots were kept.
 */
export const HELD_CODES_CEILING = 100_000;

/** Every team's codes held in the process: the sync's snapshots, and other lists beside them (`alongside`). */
export const heldCodes = new HeldSnapshots<TeamSnapshot>({
	ceiling: HELD_CODES_CEILING,
	maxAgeMs: SNAPSHOT_MAX_AGE_MS,
});

export class TeamCodes {
	private readonly source: TeamSource<TeamSnapshot>;
	private readonly reads: TeamReads<TeamSnapshot>;
	/**
	 * By team, the Display IDs rows of this run took: the code a row that wrote nothing read (its JSON text, as the
	 * index holds it: no more memory than before the row took it), or null once a row of it wrote or failed.
	 */
	private readonly rowsLeft = new Map<string, Map<string, string | null>>();
	/**
	 * By [team, Display ID]: the service's time of the snapshot in which no live code held a Display ID a row of
	 * this run took from it (not one rows of earlier runs took), for the look-up of a create refused (teamListings.ts).
	 */
	private readonly unheldAt = new Map<string, number>();

	/** `purpose` names the read in an error; `held`: keep the snapshots for the execution's later runs (the sync). */
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
				taken: new TakenDisplayIds<QrCode>(),
			}),
			sizeOf: (snapshot) => snapshot.index.size,
			catchUp: async (snapshot, teamId, team, itemIndex) =>
				await catchUp(ctx, snapshot, { teamId, team, itemIndex }),
		};
		this.source = source;
		this.reads = new TeamReads(ctx, source, held ? heldCodes : undefined);
	}

	/**
	 * Every live code of the team, in the list's order (oldest first). A held snapshot lacks the codes of Display IDs
	 * rows of the execution took and the feed has not given back (a lagging feed, a failed row): unless `named`
	 * (Display IDs the caller leaves alone) holds each of them, the team is read again, never a partial list.
	 */
	async all(
		teamId: string | undefined,
		itemIndex: number,
		named: ReadonlySet<string> = new Set(),
	): Promise<QrCode[]> {
		const snapshot = await this.reads.get(teamId, itemIndex);
		const missing = snapshot.taken.names().filter((displayId) => !named.has(displayId));
		if (missing.length === 0) return snapshot.index.remaining();
		const team = teamId ?? (await connectionOf(this.ctx)).teamId;
		this.ctx.logger.info(
			`QRTRAC: ${missing.length} Display ID(s) of team ${team} written earlier in the execution are not in its snapshot; the team is read again`,
		);
		return (await this.source.read(teamId, team, itemIndex)).index.remaining();
	}

	/** The team's live codes read again, once per run for every caller (teamReads.ts `again`); later `all`s too. */
	async allAgain(teamId: string | undefined, itemIndex: number): Promise<QrCode[]> {
		return (await this.reads.again(teamId, itemIndex)).index.remaining();
	}

	/** The service's time of the team's read (`all`; read now if not yet): its changes from then tell the rest. */
	async readAt(teamId: string | undefined, itemIndex: number): Promise<number> {
		return (await this.reads.get(teamId, itemIndex)).readAtServiceMs;
	}

	/**
	 * The team's code with this Display ID, handed to the first row that asks and let go of: later rows of this run
	 * take what that row left (the operation), rows of later runs look the code up (one search) until the feed
	 * brings a newer version or this run puts the code back (`putBack`). As the index does (api/qrList.ts), it fails
	 * the row when it holds the Display ID only in another case, also once a row took that one out of it; one only
	 * the change feed took out of it is looked up as taken Display IDs are, and the look-up's index decides.
	 */
	async take(
		teamId: string | undefined,
		displayId: string,
		itemIndex: number,
	): Promise<QrCode | undefined> {
		const snapshot = await this.reads.get(teamId, itemIndex);
		const taken = snapshot.taken.has(displayId);
		const code = taken ? undefined : snapshot.index.take(displayId, itemIndex);
		if (code === undefined && !taken)
			snapshot.taken.refuseOtherCase(this.ctx, displayId, itemIndex);
		// Taken, or taken in another case by the change feed alone: the snapshot no longer tells, a search does.
		const lookUp = taken || (code === undefined && snapshot.taken.otherCases(displayId).length > 0);
		snapshot.taken.started(displayId, changedAt(code, Date.now())); // before any wait: rows run side by side
		if (lookUp) {
			const found = await findQrByDisplayId(this.ctx, { displayId, teamId, itemIndex });
			snapshot.taken.started(displayId, changedAt(found, Date.now()));
			return found;
		}
		if (code === undefined)
			this.unheldAt.set(await this.keyOf(teamId, displayId), snapshot.readAtServiceMs);
		await this.reads.resized(teamId, snapshot);
		return code;
	}

	/**
	 * The service's time of the snapshot in which no live code of the team held `displayId`, when a row of this run
	 * took it from there; undefined when the snapshot did not tell (rows of an earlier run had taken it).
	 */
	async unheldSince(teamId: string | undefined, displayId: string): Promise<number | undefined> {
		return this.unheldAt.get(await this.keyOf(teamId, displayId));
	}

	private async keyOf(teamId: string | undefined, displayId: string): Promise<string> {
		return JSON.stringify([teamId ?? (await connectionOf(this.ctx)).teamId, displayId]);
	}

	/**
	 * A later row of a taken Display ID starts from `code` (what the row before left, or a read by its ID): a feed
	 * version must be later than it too to give the Display ID back.
	 */
	async startsFrom(
		teamId: string | undefined,
		displayId: string,
		code: QrCode | undefined,
		itemIndex: number,
	): Promise<void> {
		const snapshot = await this.reads.get(teamId, itemIndex);
		if (snapshot.taken.has(displayId))
			snapshot.taken.started(displayId, changedAt(code, Date.now()));
	}

	/**
	 * A row of `displayId` in `team` (the team's id) read `code` (by its ID, or a look-up) or got it back from its
	 * write: a feed version must be later than what it read, and no earlier than what it wrote or hold what it wrote
	 * (`holdsWrite`), to give the Display ID back (a lagging replica's version between the one the row started from
	 * and its write is not the code). An update's answer tells its time by `updatedAt` only. Bookkeeping only,
	 * never waits or fails the row.
	 */
	rowSaw(
		team: string,
		displayId: string,
		code: QrCode,
		how: 'read' | 'created' | 'updated',
		holdsWrite?: (version: QrCode) => boolean,
	): void {
		const snapshot = this.reads.readNow(team);
		if (!snapshot?.taken.has(displayId)) return;
		const presentMs = Date.now();
		if (how === 'read') snapshot.taken.started(displayId, changeTimeOf(code, presentMs));
		else
			snapshot.taken.wrote(
				displayId,
				how === 'updated' ? updateTimeOf(code, presentMs) : changeTimeOf(code, presentMs),
				holdsWrite,
			);
	}

	/**
	 * A row of `displayId` in `team` (the team's id, never undefined) is done: `read` is the code it read and left
	 * as it was; undefined when the row wrote or failed, which no later row of the run undoes. Bookkeeping only,
	 * so that it can never fail the row.
	 */
	rowDone(team: string, displayId: string, read?: QrCode): void {
		const rows = this.rowsLeft.get(team) ?? new Map<string, string | null>();
		this.rowsLeft.set(team, rows);
		if (read === undefined) rows.set(displayId, null);
		else if (!rows.has(displayId)) rows.set(displayId, JSON.stringify(read));
	}

	/**
	 * After the run's rows: each Display ID that only rows writing nothing took is held again as the code they read
	 * (a read, so complete and checked), when it is that Display ID exactly, live and of the team; so later runs in
	 * the execution take it without a search. A snapshot no longer held (the ceiling) takes nothing back, so that
	 * a run's memory only shrinks. Best effort: a failure here leaves the Display IDs taken.
	 */
	async putBack(): Promise<void> {
		for (const [team, rows] of this.rowsLeft) {
			const snapshot = await this.reads.ifRead(team);
			if (!snapshot || !(await this.reads.keeps(team, snapshot))) continue;
			for (const [displayId, text] of rows) {
				const code = text === null ? undefined : (JSON.parse(text) as QrCode);
				if (!code || code.displayId !== displayId || !isLive(code) || ofOtherTeam(code, team))
					continue;
				snapshot.index.put(code);
				snapshot.taken.release(displayId);
			}
			await this.reads.resized(team, snapshot);
		}
		this.rowsLeft.clear();
	}

	/** A code the node soft-deleted leaves the snapshot, if the run read that team. */
	async deleted(teamId: string | undefined, code: QrCode): Promise<void> {
		const snapshot = await this.reads.ifRead(teamId);
		if (!snapshot) return;
		snapshot.index.remove(String(code.id));
		await this.reads.resized(teamId, snapshot);
	}
}

/** When a version of a code changed, read in its unit (api/timeline.ts); null: no code. */
function changedAt(code: QrCode | undefined, presentMs: number): number | null | undefined {
	return code === undefined ? null : changeTimeOf(code, presentMs);
}
