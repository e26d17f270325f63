import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	findQrByDisplayId,
	indexTeamQrsByDisplayId,
	looksCapped,
	readTeamChanges,
	type DisplayIdIndex,
	type QrCode,
} from '../../../../shared/api';
import { HeldSnapshots, type HeldKey } from '../../../../shared/heldSnapshots';
import { getConnection } from '../../../../shared/transport';
import type { HeldCodes } from './apply';

/**
 * Sync: each team's live codes, read once per execution and kept for the node's later runs in it (Loop Over
 * Items runs the node once per batch). A later run brings the snapshot up to date with one request of the change
 * feed (GET /qrs-api/teams/fromTime/{t}) since the last read, on the service's clock less an overlap, and reads
 * the team again when the feed looks capped, is large, holds another team's codes, or the snapshot is older
 * than SNAPSHOT_MAX_AGE_MS. A code is let go once a row took it (as within one run); a row of a later run
 * naming a Display ID already taken looks its code up, so the node's own writes are never read stale. Delete
 * Missing's deletions leave the snapshot directly.
 */

/** How long a snapshot is brought up to date by the change feed before the team is read again. */
export const SNAPSHOT_MAX_AGE_MS = 10 * 60_000;
/** How far before the last read the feed looks again: the trigger's default overlap, for the same reasons. */
export const SNAPSHOT_OVERLAP_MS = 15_000;
/** Most changed codes a feed answer may hold: above that, one read of the team is the safer source. */
export const MAX_FEED_CODES = 10_000;
/**
 * Most codes held across teams and executions of this process (about 1 KB each); the least recently used teams
 * go first, and a team larger than this is read in full by every run, as before snapshots were kept.
 */
export const HELD_CODES_CEILING = 100_000;

interface HeldTeam {
	index: DisplayIdIndex;
	/** The service's clock at the last read (full or feed): the next feed reads from here less the overlap. */
	readAtServiceMs: number;
	/**
	 * Display IDs a row of this execution already took out of the index: a later run looks them up instead, so
	 * the snapshot shrinks as rows go by, as it does within one run (the unbatched sync's memory).
	 */
	taken: Set<string>;
}

const held = new HeldSnapshots<HeldTeam>({
	ceiling: HELD_CODES_CEILING,
	maxAgeMs: SNAPSHOT_MAX_AGE_MS,
});

export class TeamSnapshots implements HeldCodes {
	private readonly teams = new Map<string, Promise<HeldTeam>>();

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly credentialTeamId: string,
	) {}

	/**
	 * The team's code with this Display ID, handed to the first row that asks and let go of: later rows of this
	 * run take what that row left (operation.ts), rows of later runs look the code up (one search).
	 */
	async code(
		teamId: string | undefined,
		displayId: string,
		itemIndex: number,
	): Promise<IDataObject | undefined> {
		const team = await this.held(teamId, itemIndex);
		if (team.taken.has(displayId))
			return await findQrByDisplayId(this.ctx, { displayId, teamId, itemIndex });
		const code = team.index.take(displayId, itemIndex);
		team.taken.add(displayId);
		held.resize(await this.keyOf(teamId ?? this.credentialTeamId), team.index.size);
		return code;
	}

	/** The team's codes by Display ID; a team that could not be read fails every row that needs it. */
	async team(teamId: string | undefined, itemIndex: number): Promise<DisplayIdIndex> {
		return (await this.held(teamId, itemIndex)).index;
	}

	/** A code the node wrote (or soft-deleted) replaces the version in the snapshot, if the run read that team. */
	async wrote(teamId: string | undefined, code: IDataObject): Promise<void> {
		const key = teamId ?? this.credentialTeamId;
		const team = await this.teams.get(key)?.catch(() => undefined);
		if (!team) return;
		apply(team, code as QrCode);
		held.resize(await this.keyOf(key), team.index.size);
	}

	private held(teamId: string | undefined, itemIndex: number): Promise<HeldTeam> {
		const key = teamId ?? this.credentialTeamId;
		let read = this.teams.get(key);
		if (!read) {
			read = this.readTeam(teamId, key, itemIndex);
			this.teams.set(key, read);
		}
		return read;
	}

	private async readTeam(
		teamId: string | undefined,
		key: string,
		itemIndex: number,
	): Promise<HeldTeam> {
		const heldKey = await this.keyOf(key);
		const kept = held.get(heldKey, Date.now());
		const caughtUp =
			kept !== undefined &&
			// A feed that cannot be read costs one full read, never the rows: the list is the source of truth.
			(await this.catchUp(kept, teamId, key, itemIndex).catch((error: unknown) => {
				this.ctx.logger.info(
					`QRTRAC: the change feed of team ${key} could not be read (${error instanceof Error ? error.message : String(error)}); the sync reads the team again`,
				);
				return false;
			}));
		if (kept && caughtUp) {
			held.resize(heldKey, kept.index.size);
			return kept;
		}
		held.delete(heldKey);
		const readAtMs = Date.now();
		const { index, readAtServiceMs } = await indexTeamQrsByDisplayId(this.ctx, {
			teamId,
			itemIndex,
			purpose: `the sync snapshot of team ${key}`,
		});
		const team: HeldTeam = { index, readAtServiceMs, taken: new Set() };
		held.set(heldKey, team, index.size, readAtMs);
		return team;
	}

	/**
	 * Applies the change feed since the last read to a kept snapshot: false (read the team again) when the answer
	 * is larger than MAX_FEED_CODES, holds another team's codes, or looks capped while holding a version the
	 * snapshot does not hold (looksCapped, the trigger's rule: versions held already are the overlap read again,
	 * the node's own writes among them).
	 */
	private async catchUp(
		team: HeldTeam,
		teamId: string | undefined,
		key: string,
		itemIndex: number,
	): Promise<boolean> {
		const startedMs = Date.now();
		const { codes, serviceDateMs } = await readTeamChanges(this.ctx, {
			teamId,
			itemIndex,
			fromTime: Math.max(0, team.readAtServiceMs - SNAPSHOT_OVERLAP_MS - 1),
		});
		const unseen = codes.filter((code) => !holds(team, code));
		const foreign = codes.some((code) => typeof code.teamId === 'string' && code.teamId !== key);
		if (
			codes.length > MAX_FEED_CODES ||
			foreign ||
			(looksCapped(codes.length) && unseen.length > 0)
		) {
			this.ctx.logger.info(
				`QRTRAC: the change feed of team ${key} held ${codes.length} codes${foreign ? ', some of another team' : ''}; the sync reads the team again`,
			);
			return false;
		}
		for (const code of unseen) apply(team, code);
		team.readAtServiceMs = serviceDateMs ?? startedMs;
		return true;
	}

	private async keyOf(teamId: string): Promise<HeldKey> {
		const { baseUrl, identity } = await getConnection(this.ctx);
		return { executionId: String(this.ctx.getExecutionId()), baseUrl, identity, teamId };
	}
}

/** A newer version of a code into the snapshot; one whose Display ID a row took is looked up instead. */
function apply(team: HeldTeam, code: QrCode): void {
	if (typeof code.displayId === 'string' && team.taken.has(code.displayId))
		team.index.remove(String(code.id));
	else team.index.put(code);
}

/**
 * Whether the snapshot already holds this version of the code (a deleted code: holds it no more), or needs none
 * (a row took its Display ID: it is looked up).
 */
function holds(team: HeldTeam, code: QrCode): boolean {
	if (typeof code.displayId === 'string' && team.taken.has(code.displayId)) return true;
	const held = team.index.byCodeId(String(code.id));
	if (code.deleted === true) return held === undefined;
	return (
		held !== undefined &&
		held.displayId === code.displayId &&
		JSON.stringify(held.updatedAt ?? held.createdAt) ===
			JSON.stringify(code.updatedAt ?? code.createdAt)
	);
}
