import type { IExecuteFunctions } from 'n8n-workflow';

import { connectionOf } from './api';
import type { HeldKey, HeldSnapshots } from './heldSnapshots';

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
	/** The reads that succeeded, by team: for bookkeeping that must not wait (`readNow`). */
	private readonly done = new Map<string, T>();
	/** The teams this run reads from the service, not from a snapshot held by an earlier run. */
	private readonly fromService = new Set<string>();
	/** By team, its read again (`again`): at most one per run. */
	private readonly readsAgain = new Map<string, Promise<T>>();

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
				read = this.readTeam(teamId, team, itemIndex).then((snapshot) => {
					this.done.set(team, snapshot);
					return snapshot;
				});
				this.reads.set(team, read);
			}
			return await read;
		});
	}

	/**
	 * The team's snapshot as the service tells it now: one held from an earlier run is read again, once per run
	 * (for a decision a snapshot up to its maximum age may have made wrongly, such as refusing a person added
	 * since).
	 */
	async fresh(teamId: string | undefined, itemIndex: number): Promise<T> {
		const team = await this.teamOf(teamId);
		if (!this.fromService.has(team)) {
			this.fromService.add(team);
			this.reads.delete(team);
			this.done.delete(team);
		}
		return await this.get(teamId, itemIndex);
	}

	/**
	 * The team read again from the service, once per run whoever asks (rows share it), even when this run read it
	 * already: for a decision the run's snapshot cannot make (a refusal no change read explains). Once it
	 * succeeds, later `get`s take it; a failure is the callers' alone, the run's snapshot stays.
	 */
	async again(teamId: string | undefined, itemIndex: number): Promise<T> {
		const team = await this.teamOf(teamId);
		let read = this.readsAgain.get(team);
		if (!read) {
			this.fromService.add(team);
			read = this.readTeam(teamId, team, itemIndex).then((snapshot) => {
				this.reads.set(team, Promise.resolve(snapshot));
				this.done.set(team, snapshot);
				return snapshot;
			});
			this.readsAgain.set(team, read);
		}
		return await read;
	}

	/** The snapshot this run read of the team, if it read one (a failed read counts as none). */
	async ifRead(teamId: string | undefined): Promise<T | undefined> {
		return await this.reads.get(await this.teamOf(teamId))?.catch(() => undefined);
	}

	/**
	 * The snapshot this run read of the team, else one an earlier run of the execution left young enough; never
	 * a read. Without `catchUp` in the source only: a held snapshot is then used as it is.
	 */
	async ifKept(teamId: string | undefined): Promise<T | undefined> {
		const read = await this.ifRead(teamId);
		if (read !== undefined || !this.held || this.source.catchUp) return read;
		return this.held.get(await this.keyOf(await this.teamOf(teamId)), Date.now());
	}

	/** The snapshot this run read of `team` (the team's id), once the read is done; without waiting. */
	readNow(team: string): T | undefined {
		return this.done.get(team);
	}

	/** Whether `snapshot` is still held for the node's later runs (not let go for the ceiling or its age). */
	async keeps(teamId: string | undefined, snapshot: T): Promise<boolean> {
		return this.held?.peek(await this.keyOf(await this.teamOf(teamId))) === snapshot;
	}

	/** The snapshot changed in place: its new size counts against the ceiling. */
	async resized(teamId: string | undefined, snapshot: T): Promise<void> {
		this.held?.resize(await this.keyOf(await this.teamOf(teamId)), this.source.sizeOf(snapshot));
	}

	/** The team's snapshot is no longer known: the node's later runs read it again. */
	async forget(teamId: string | undefined): Promise<void> {
		this.held?.delete(await this.keyOf(await this.teamOf(teamId)));
	}

	/** No team's snapshot held for this credential is known any more (a change that reaches every team): read again. */
	async forgetAllTeams(): Promise<void> {
		const { baseUrl, identity } = await connectionOf(this.ctx);
		this.held?.deleteAllTeams({
			executionId: String(this.ctx.getExecutionId()),
			baseUrl,
			identity,
		});
	}

	private async readTeam(teamId: string | undefined, team: string, itemIndex: number): Promise<T> {
		const heldAllowed = !this.fromService.has(team);
		if (!this.held) {
			this.fromService.add(team);
			return await this.source.read(teamId, team, itemIndex);
		}
		const key = await this.keyOf(team);
		const kept = heldAllowed ? this.held.get(key, Date.now()) : undefined;
		if (kept !== undefined && (await this.caughtUp(kept, teamId, team, itemIndex))) {
			this.held.resize(key, this.source.sizeOf(kept));
			return kept;
		}
		this.held.delete(key);
		this.fromService.add(team);
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
