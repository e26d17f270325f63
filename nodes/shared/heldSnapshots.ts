import type { IExecuteFunctions } from 'n8n-workflow';

import { connectionOf } from './api';

/**
 * What a node holds of QRTRAC between its runs within one execution (a Loop Over Items around it runs it once
 * per batch): one entry per execution, Base URL, credential identity and team, so that nothing read with one
 * credential or for one execution is served to another. Entries expire after their age bound, and the entries
 * together hold at most `ceiling` records: the least recently used go first (HeldSnapshots, pure: the caller
 * gives the time). TeamReads is how one run of a node reads a team's snapshot: once, from what is held if it can.
 */

export interface HeldKey {
	executionId: string;
	baseUrl: string;
	/** The credential's identity (connection.ts): the client id and a hash of the secrets, never a secret. */
	identity: string;
	teamId: string;
}

interface Entry<T> {
	value: T;
	size: number;
	/** Local time (ms) of the read the entry started from: its age is measured from there. */
	readAtMs: number;
}

export class HeldSnapshots<T> {
	/** A Map keeps insertion order: the first entry is the least recently used. */
	private readonly entries = new Map<string, Entry<T>>();
	private held = 0;

	constructor(private readonly limits: { ceiling: number; maxAgeMs: number }) {}

	/** The entry of this key while it is younger than the age bound; using it makes it the most recent. */
	get(key: HeldKey, nowMs: number): T | undefined {
		this.expire(nowMs);
		const id = keyOf(key);
		const entry = this.entries.get(id);
		if (!entry) return undefined;
		this.entries.delete(id);
		this.entries.set(id, entry);
		return entry.value;
	}

	/** Holds a fresh read (of `size` records), then lets go of the least recently used beyond the ceiling. */
	set(key: HeldKey, value: T, size: number, readAtMs: number): void {
		this.delete(key);
		this.entries.set(keyOf(key), { value, size, readAtMs });
		this.held += size;
		this.trim();
	}

	/** The entry's new size after records were added or removed in place. */
	resize(key: HeldKey, size: number): void {
		const entry = this.entries.get(keyOf(key));
		if (!entry) return;
		this.held += size - entry.size;
		entry.size = size;
		this.trim();
	}

	delete(key: HeldKey): void {
		const id = keyOf(key);
		const entry = this.entries.get(id);
		if (!entry) return;
		this.held -= entry.size;
		this.entries.delete(id);
	}

	/** Records held across all entries. */
	get size(): number {
		return this.held;
	}

	private expire(nowMs: number): void {
		for (const [id, entry] of this.entries)
			if (nowMs - entry.readAtMs > this.limits.maxAgeMs || nowMs < entry.readAtMs) {
				this.held -= entry.size;
				this.entries.delete(id);
			}
	}

	private trim(): void {
		for (const [id, entry] of this.entries) {
			if (this.held <= this.limits.ceiling) return;
			this.held -= entry.size;
			this.entries.delete(id);
		}
	}
}

function keyOf(key: HeldKey): string {
	return JSON.stringify([key.executionId, key.baseUrl, key.identity, key.teamId]);
}

/** How a snapshot of one team is read, brought up to date, and measured. */
export interface TeamSource<T> {
	/**
	 * A fresh read of the team (a failure fails the rows that need the team). `teamId` is as the row gave it
	 * (undefined: the credential's team); `team` is the team it names.
	 */
	read(teamId: string | undefined, team: string, itemIndex: number): Promise<T>;
	/** How many records the snapshot holds, for the ceiling. */
	sizeOf(snapshot: T): number;
	/** Brings a held snapshot up to date; false: read the team again. Without it a held snapshot is used as is. */
	catchUp?(
		snapshot: T,
		teamId: string | undefined,
		team: string,
		itemIndex: number,
	): Promise<boolean>;
}

/**
 * One run's snapshots of the teams its rows name: each team read at most once per run (the first row that needs
 * it starts the read, later rows share it), taken from `held` when it holds a young enough snapshot that the
 * source can bring up to date, and held for the node's later runs in the execution. Without `held` a snapshot
 * lives for the run only.
 */
export class TeamReads<T> {
	private readonly reads = new Map<string, Promise<T>>();

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly source: TeamSource<T>,
		private readonly held?: HeldSnapshots<T>,
	) {}

	/** The team's snapshot; `teamId` undefined is the credential's team. */
	get(teamId: string | undefined, itemIndex: number): Promise<T> {
		return this.teamOf(teamId).then(async (team) => {
			let read = this.reads.get(team);
			if (!read) {
				read = this.readTeam(teamId, team, itemIndex);
				this.reads.set(team, read);
			}
			return await read;
		});
	}

	/** The snapshot this run read of the team, if it read one (a failed read counts as none). */
	async ifRead(teamId: string | undefined): Promise<T | undefined> {
		return await this.reads.get(await this.teamOf(teamId))?.catch(() => undefined);
	}

	/** The snapshot changed in place: its new size counts against the ceiling. */
	async resized(teamId: string | undefined, snapshot: T): Promise<void> {
		this.held?.resize(await this.keyOf(await this.teamOf(teamId)), this.source.sizeOf(snapshot));
	}

	/** The team's snapshot is no longer known: the node's later runs read it again. */
	async forget(teamId: string | undefined): Promise<void> {
		this.held?.delete(await this.keyOf(await this.teamOf(teamId)));
	}

	private async readTeam(teamId: string | undefined, team: string, itemIndex: number): Promise<T> {
		if (!this.held) return await this.source.read(teamId, team, itemIndex);
		const key = await this.keyOf(team);
		const kept = this.held.get(key, Date.now());
		if (kept !== undefined && (await this.caughtUp(kept, teamId, team, itemIndex))) {
			this.held.resize(key, this.source.sizeOf(kept));
			return kept;
		}
		this.held.delete(key);
		const readAtMs = Date.now();
		const snapshot = await this.source.read(teamId, team, itemIndex);
		this.held.set(key, snapshot, this.source.sizeOf(snapshot), readAtMs);
		return snapshot;
	}

	/** A change feed that cannot be read costs one full read, never the rows: the read is the source of truth. */
	private async caughtUp(
		kept: T,
		teamId: string | undefined,
		team: string,
		itemIndex: number,
	): Promise<boolean> {
		if (!this.source.catchUp) return true;
		return await this.source.catchUp(kept, teamId, team, itemIndex).catch((error: unknown) => {
			this.ctx.logger.info(
				`QRTRAC: the changes of team ${team} could not be read (${error instanceof Error ? error.message : String(error)}); the team is read again`,
			);
			return false;
		});
	}

	private async teamOf(teamId: string | undefined): Promise<string> {
		return teamId ?? (await connectionOf(this.ctx)).teamId;
	}

	private async keyOf(teamId: string): Promise<HeldKey> {
		const { baseUrl, identity } = await connectionOf(this.ctx);
		return { executionId: String(this.ctx.getExecutionId()), baseUrl, identity, teamId };
	}
}
