/**
 * The Display IDs rows of an execution took out of a held sync snapshot (teamCodes.ts), each with the latest
 * change time of the versions of its code those rows started from (the snapshot's, a look-up's, the row before's).
 * The change feed gives a Display ID back only with a version changed later than all of them: an older one (the
 * overlap read again, a lagging replica) may be behind the node's own write. Times are epoch ms, read in their unit
 * by the caller; once a version without a readable time was seen, nothing gives the Display ID back.
 */
export class TakenDisplayIds {
	/** Display ID -> the latest change time seen (-Infinity: rows started from no code), or 'unreadable'. */
	private readonly seen = new Map<string, number | 'unreadable'>();

	has(displayId: string): boolean {
		return this.seen.has(displayId);
	}

	/** The Display IDs taken, in the order they were taken. */
	names(): string[] {
		return [...this.seen.keys()];
	}

	/**
	 * A row of `displayId` started from a version changed at `changedMs` (undefined: no readable time), or from no
	 * code (null).
	 */
	started(displayId: string, changedMs: number | null | undefined): void {
		const before = this.seen.get(displayId) ?? -Infinity;
		this.seen.set(
			displayId,
			before === 'unreadable' || changedMs === undefined
				? 'unreadable'
				: Math.max(before, changedMs ?? -Infinity),
		);
	}

	/** Whether a feed version changed at `changedMs` gives `displayId` back: later than every version seen. */
	givesBack(displayId: string, changedMs: number | undefined): boolean {
		const seen = this.seen.get(displayId);
		return typeof seen === 'number' && changedMs !== undefined && changedMs > seen;
	}

	release(displayId: string): void {
		this.seen.delete(displayId);
	}
}
