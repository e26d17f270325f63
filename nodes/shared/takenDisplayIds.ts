/**
 * The Display IDs rows of an execution took out of a held sync snapshot (teamCodes.ts), each with the change times
 * of the versions of its code those rows saw: started from (the snapshot's, a look-up's, the row before's) or read
 * by its ID before an update, and wrote (the write's answer). The change feed gives a Display ID back only with a
 * version changed later than every one seen, and no earlier than the latest write (the write itself comes back
 * at its own time): an older one (the overlap read again, a lagging replica) may be behind the node's own write.
 * Times are epoch ms, read in their unit by the caller; once a version without a readable time was seen, nothing
 * gives the Display ID back.
 */
export class TakenDisplayIds {
	/**
	 * Display ID -> the latest change time seen (`after`, -Infinity: rows started from no code) and written
	 * (`atLeast`), or 'unreadable'.
	 */
	private readonly seen = new Map<string, { after: number; atLeast: number } | 'unreadable'>();

	has(displayId: string): boolean {
		return this.seen.has(displayId);
	}

	/** The Display IDs taken, in the order they were taken. */
	names(): string[] {
		return [...this.seen.keys()];
	}

	/**
	 * A row of `displayId` started from, or read, a version changed at `changedMs` (undefined: no readable time),
	 * or started from no code (null).
	 */
	started(displayId: string, changedMs: number | null | undefined): void {
		this.note(displayId, changedMs, 'after');
	}

	/** A row of `displayId` wrote a version changed at `changedMs` (undefined: no readable time). */
	wrote(displayId: string, changedMs: number | undefined): void {
		this.note(displayId, changedMs, 'atLeast');
	}

	/** Whether a feed version changed at `changedMs` gives `displayId` back. */
	givesBack(displayId: string, changedMs: number | undefined): boolean {
		const seen = this.seen.get(displayId);
		return (
			typeof seen === 'object' &&
			changedMs !== undefined &&
			changedMs > seen.after &&
			changedMs >= seen.atLeast
		);
	}

	release(displayId: string): void {
		this.seen.delete(displayId);
	}

	private note(
		displayId: string,
		changedMs: number | null | undefined,
		bound: 'after' | 'atLeast',
	): void {
		const before = this.seen.get(displayId) ?? { after: -Infinity, atLeast: -Infinity };
		if (before === 'unreadable' || changedMs === undefined) {
			this.seen.set(displayId, 'unreadable');
			return;
		}
		this.seen.set(displayId, {
			...before,
			[bound]: Math.max(before[bound], changedMs ?? -Infinity),
		});
	}
}
