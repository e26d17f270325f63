import { executionNode, type NodeContext } from './executionNode';
import { operationError } from './nodeErrors';
import { DisplayIdCases } from './records/displayIdCases';

/**
 * The Display IDs rows of an execution took out of a held sync snapshot (teamCodes.ts), each with the change times
 * of the versions of its code those rows saw: started from (the snapshot's, a look-up's, the row before's) or read
 * by its ID before an update, and wrote (the write's answer, and what the row wrote). The change feed gives a
 * Display ID back only with a version changed later than every one read (an older one, the overlap read again or a
 * lagging replica, may be behind the node's own write) that is either no earlier than the latest write's answer or
 * holds what that write wrote within the write's second: a service may answer a write with a finer time than the
 * one it stores, and a version older than that second holding the row's fields is another writer's. Times are
 * epoch ms, read in their unit by the caller; once a version read had no readable time, nothing gives the Display
 * ID back; a write answer without one leaves only the content to decide.
 */
type Seen<Version> =
	{ after: number; atLeast: number; holdsWrite?: (version: Version) => boolean } | 'unreadable';

export class TakenDisplayIds<Version = unknown> {
	/**
	 * Display ID -> the latest change time read (`after`, -Infinity: rows started from no code), the latest write's
	 * (`atLeast`; Infinity: unreadable) and whether a version holds what that write wrote; or 'unreadable'. One
	 * test per Display ID: no more memory than the code the row took out of the snapshot.
	 */
	private readonly seen = new Map<string, Seen<Version>>();

	/** The taken Display IDs by case, for the rule of Display IDs differing only in case. */
	private readonly cases = new DisplayIdCases();
	/** The taken Display IDs a row named (`started`); the others only the change feed took (`takenByFeed`). */
	private readonly named = new Set<string>();

	has(displayId: string): boolean {
		return this.seen.has(displayId);
	}

	/** The taken Display IDs differing from `displayId` only in case, named by a row or not. */
	otherCases(displayId: string): string[] {
		return this.cases.otherCases(displayId, (variant) => this.seen.has(variant));
	}

	/** The Display IDs taken, in the order they were taken. */
	names(): string[] {
		return [...this.seen.keys()];
	}

	/**
	 * Fails the row of `displayId` when rows took one differing from it only in case; one only the change feed took
	 * names no row's code, and is left to the look-up.
	 */
	refuseOtherCase(ctx: NodeContext, displayId: string, itemIndex: number): void {
		const named = this.otherCases(displayId).filter((variant) => this.named.has(variant));
		refuseOtherCase(ctx, displayId, named, itemIndex);
	}

	/**
	 * A row of `displayId` started from, or read, a version changed at `changedMs` (undefined: no readable time),
	 * or started from no code (null).
	 */
	started(displayId: string, changedMs: number | null | undefined): void {
		this.named.add(displayId);
		this.saw(displayId, changedMs);
	}

	/**
	 * The change feed took `displayId` out of the snapshot: a version no more trusted than the one held, changed at
	 * `changedMs` (undefined: no readable time). Taken as a row's is, but no row named it.
	 */
	takenByFeed(displayId: string, changedMs: number | null | undefined): void {
		this.saw(displayId, changedMs);
	}

	private saw(displayId: string, changedMs: number | null | undefined): void {
		const before = this.seen.get(displayId) ?? { after: -Infinity, atLeast: -Infinity };
		if (before === 'unreadable' || changedMs === undefined) {
			this.set(displayId, 'unreadable');
			return;
		}
		this.set(displayId, { ...before, after: Math.max(before.after, changedMs ?? -Infinity) });
	}

	/**
	 * A row of `displayId` wrote a version its answer says changed at `changedMs` (undefined: no readable time);
	 * `holdsWrite` tells whether a version holds what the row wrote.
	 */
	wrote(
		displayId: string,
		changedMs: number | undefined,
		holdsWrite?: (version: Version) => boolean,
	): void {
		const before = this.seen.get(displayId) ?? { after: -Infinity, atLeast: -Infinity };
		if (before === 'unreadable') return;
		const earlier = Number.isFinite(before.atLeast) ? before.atLeast : -Infinity;
		this.set(displayId, {
			after: before.after,
			atLeast: changedMs === undefined ? Infinity : Math.max(earlier, changedMs),
			holdsWrite,
		});
	}

	/** Whether a feed `version` changed at `changedMs` gives `displayId` back. */
	givesBack(displayId: string, changedMs: number | undefined, version?: Version): boolean {
		const seen = this.seen.get(displayId);
		if (typeof seen !== 'object' || changedMs === undefined || !(changedMs > seen.after))
			return false;
		// A service may store a coarser time than its write answer tells (whole seconds), so the content decides
		// within the write's second only: an earlier version holding the row's fields is another writer's.
		const writeSecond = Number.isFinite(seen.atLeast)
			? Math.floor(seen.atLeast / 1000) * 1000
			: -Infinity;
		return (
			changedMs >= seen.atLeast ||
			(changedMs >= writeSecond &&
				version !== undefined &&
				seen.holdsWrite !== undefined &&
				seen.holdsWrite(version))
		);
	}

	release(displayId: string): void {
		this.seen.delete(displayId);
		this.cases.delete(displayId);
		this.named.delete(displayId);
	}

	private set(displayId: string, seen: Seen<Version>): void {
		this.seen.set(displayId, seen);
		this.cases.add(displayId);
	}
}

/** Display IDs rows named, for refuseOtherCase (Look Up Each Row). */
export class NamedDisplayIds {
	private readonly names = new Set<string>();
	private readonly cases = new DisplayIdCases();

	add(displayId: string): void {
		this.names.add(displayId);
		this.cases.add(displayId);
	}

	/** The Display IDs named that differ from `displayId` only in case. */
	otherCases(displayId: string): string[] {
		return this.cases.otherCases(displayId, (variant) => this.names.has(variant));
	}
}

/**
 * Fails the row of `displayId` when other rows named `variants`, Display IDs differing from it only in case: QRTRAC
 * may hold them as one code (the index's rule, api/qrList.ts), so the row writes nothing rather than make a second
 * code or write the other row's.
 */
export function refuseOtherCase(
	ctx: NodeContext,
	displayId: string,
	variants: readonly string[],
	itemIndex: number,
): void {
	if (variants.length === 0) return;
	const named = variants.map((variant) => `"${variant}"`).join(', ');
	throw operationError(
		executionNode(ctx),
		`Display ID "${displayId}" differs only in case from ${named}, which another row names`,
		{
			itemIndex,
			description:
				'QRTRAC may take Display IDs differing only in case for one code: nothing was written for this row, so that no second code is made. Give every row of a code its Display ID exactly as QRTRAC holds it.',
		},
	);
}
