import { createHash } from 'crypto';

import { changeOrder } from '../shared/records/changeOrder';
import { isLive, listedContent } from '../shared/records/qrCode';
import { believedDate } from '../shared/serviceClock';

/**
 * Which QR code changes a poll reports, and where the next poll starts, all in the service's time. Rule: a poll
 * reads from `floor` (= `highWater - overlap`, never lower than before) and reports every in-window version
 * (id + updatedAt + deleted) not in `seen`, once. The overlap re-reads the last stretch, catching writes that
 * reach the service late; `seen` is bounded by `maxSeen` (the floor rises instead), and `highWater` never passes
 * the service's present plus a margin. The full rule, with its limits: docs/trigger.md, "Cursor".
 */

export interface ChangeCursor {
	/** Oldest `updatedAt` (epoch ms, service time) the next poll looks at; it never decreases. */
	floor: number;
	/** Largest `updatedAt` the service has returned; absent until a record was seen. */
	highWater?: number;
	/**
	 * Versions handled so far with `updatedAt >= floor`, grouped by `updatedAt`: a live one as its id and a digest
	 * of its listed content, a deletion as its id: `{"1732290000123": ["qr_a ~k3J9aQ2mB0xZ", "qr_b deleted"]}`.
	 * A bare id (state stored before the digest) stands for every live version of that code at that time.
	 */
	seen: Record<string, string[]>;
}

/** The fields of a QR code record the rule reads. */
export interface VersionedRecord {
	id: string;
	updatedAt: number;
	createdAt?: number;
	deleted?: boolean;
}

export type ChangeKind = 'created' | 'updated' | 'deleted';

export interface Change<T> {
	kind: ChangeKind;
	record: T;
}

export interface CursorLimits {
	/** How far below `highWater` the next poll still looks (ms). */
	overlapMs: number;
	/** Most versions kept in `seen`. */
	maxSeen: number;
	/** Highest `highWater` this poll may set (service time); none: no bound. */
	ceiling?: number;
}

/** How far past the service's present `highWater` may go: the `Date` header's resolution (whole seconds). */
export const CEILING_MARGIN_MS = 1_000;

/** The capped-answer rule is the change feed's (shared/api/timeline.ts), shared with the sync's snapshots. */
export { feedMayLeaveOut, looksCapped } from '../shared/api/timeline';

/** A cursor that has seen nothing yet and starts looking at `floor` (service time). */
export function startCursor(floor: number): ChangeCursor {
	return { floor: Math.max(0, Math.floor(floor)), seen: {} };
}

/**
 * The cursor of a first poll, which reports nothing, once the service told its present (`Date`): its floor, set
 * by n8n's clock, goes down to that present less the overlap when that lies lower, so that a service whose clock
 * is behind n8n's by more than the first poll's lookback loses nothing written after activation. Applied before
 * the first poll's records (advanceCursor then raises the floor as always): only a first poll may lower its
 * floor, as nothing was reported or forgotten from below it yet.
 */
export function settleFirstPoll(
	cursor: ChangeCursor,
	presentMs: number,
	overlapMs: number,
): ChangeCursor {
	const floor = Math.max(0, Math.floor(presentMs - overlapMs));
	return floor < cursor.floor ? { ...cursor, floor } : cursor;
}

/**
 * Whether an answer read from the floor shows it reached past the newest version handled: it holds a version
 * strictly after `highWater`, or none was handled yet. A feed cut at its oldest N holds the same handled versions
 * at every poll after a burst, the newest one too when the window from the floor holds exactly N; only a later
 * version shows that the cut, if any, lies past them.
 */
export function reachesPastHighWater(
	cursor: Pick<ChangeCursor, 'highWater'>,
	records: ReadonlyArray<{ updatedAt: number }>,
): boolean {
	const { highWater } = cursor;
	return highWater === undefined || records.some((record) => record.updatedAt > highWater);
}

/** `fromTime` for the next query: one below the floor, so that an exclusive boundary still returns the floor. */
export function queryFromTime(cursor: Pick<ChangeCursor, 'floor'>): number {
	return Math.max(0, cursor.floor - 1);
}

/**
 * Whether a stored cursor's floor lies further ahead of both clocks (n8n's, the service's present) than a `Date`
 * is believed (serviceClock.ts `believedDate`): only a broken `Date` an earlier version believed set it there, and
 * the floor never goes back, so the cursor would hold every new record off for as long.
 */
export function setByBrokenDate(cursor: ChangeCursor, nowMs: number, presentMs: number): boolean {
	const latest = Math.max(nowMs, presentMs);
	return cursor.floor > latest && believedDate(cursor.floor, latest) === undefined;
}

/** The floor after a poll that saw records up to `highWater`: the overlap below it, never lower than before. */
export function raiseFloor(
	floor: number,
	highWater: number | undefined,
	overlapMs: number,
): number {
	return highWater === undefined ? floor : Math.max(floor, highWater - overlapMs);
}

/**
 * `highWater` held at the ceiling (the service's present plus CEILING_MARGIN_MS), but never below the one stored
 * before: the floor never goes back.
 */
export function capHighWater(
	stored: number | undefined,
	highWater: number | undefined,
	ceiling: number | undefined,
): number | undefined {
	if (highWater === undefined || ceiling === undefined) return highWater;
	return Math.max(stored ?? -Infinity, Math.min(highWater, ceiling));
}

/** Whether a record has an id and a usable `updatedAt`; anything else cannot be placed on the timeline. */
export function isVersioned<T>(record: T): record is T & VersionedRecord {
	const candidate = record as Partial<VersionedRecord> | null;
	return (
		typeof candidate === 'object' &&
		candidate !== null &&
		typeof candidate.id === 'string' &&
		candidate.id !== '' &&
		typeof candidate.updatedAt === 'number' &&
		Number.isFinite(candidate.updatedAt)
	);
}

/**
 * Applies one successful poll's records to the cursor: the changes to report, oldest first, and the cursor
 * to store. Pure: the input cursor is not modified.
 */
export function advanceCursor<T extends VersionedRecord>(
	cursor: ChangeCursor,
	records: readonly T[],
	limits: CursorLimits,
): { changes: Array<Change<T>>; cursor: ChangeCursor } {
	const seen = copySeen(cursor.seen);
	const knownIds = idsIn(seen);
	const fresh: T[] = [];
	let highWater = cursor.highWater;
	for (const record of [...records].filter(isVersioned).sort(byTimeThenId)) {
		if (record.updatedAt < cursor.floor) continue;
		highWater = highWater === undefined ? record.updatedAt : Math.max(highWater, record.updatedAt);
		const group = (seen[String(record.updatedAt)] ??= []);
		if (holds(group, record)) continue;
		group.push(versionTag(record));
		fresh.push(record);
	}
	// Oldest first, so that a later version of a code this poll brings twice is not taken for its creation too.
	const changes = fresh.map((record) => {
		const kind = classify(record, cursor.floor, knownIds);
		knownIds.add(record.id);
		return { kind, record };
	});
	highWater = capHighWater(cursor.highWater, highWater, limits.ceiling);
	const floor = raiseFloor(cursor.floor, highWater, limits.overlapMs);
	return { changes, cursor: pruneSeen({ floor, highWater, seen }, limits.maxSeen) };
}

/**
 * Created: a live code of which no version in the window was handled, whose first version this is (createdAt
 * equals updatedAt) or created inside the window. Deleted: a soft-deleted code. Updated: anything else, also a
 * version stamped with its creation's time (a store of whole seconds) after that creation was handled.
 */
function classify(
	record: VersionedRecord,
	floor: number,
	knownIds: ReadonlySet<string>,
): ChangeKind {
	if (!isLive(record)) return 'deleted';
	if (knownIds.has(record.id)) return 'updated';
	const createdAt = record.createdAt;
	if (createdAt === record.updatedAt) return 'created';
	return typeof createdAt === 'number' && createdAt >= floor ? 'created' : 'updated';
}

/**
 * Versions oldest first, a deletion after the live version of its millisecond: a code's state is its last one. A
 * changes answer may hold a code more than once, in any order (a feed of versions, a capped answer completed from
 * a list that lags), and the code must end as its latest version says, not as the last one listed.
 */
export function inChangeOrder<T extends VersionedRecord>(versions: readonly T[]): T[] {
	return [...versions].sort(byTimeThenId);
}

/** Whether a record is a version in the cursor's window that it has not handled yet. */
export function isUnseen(cursor: ChangeCursor, record: VersionedRecord): boolean {
	if (record.updatedAt < cursor.floor) return false;
	return !holds(cursor.seen[String(record.updatedAt)] ?? [], record);
}

/**
 * A live version is its id and a digest of its listed content: a code edited again within the time (a store of
 * whole seconds, one millisecond) of a version a poll already reported is a new version, not that one again.
 */
function versionTag(record: VersionedRecord): string {
	if (!isLive(record)) return `${record.id} deleted`;
	const digest = createHash('sha256').update(listedContent(record)).digest('base64url');
	return `${record.id} ~${digest.slice(0, 12)}`;
}

/** Whether a group of handled versions holds the record's: its tag, or a bare id stored before digests. */
function holds(group: readonly string[], record: VersionedRecord): boolean {
	return group.includes(versionTag(record)) || (isLive(record) && group.includes(record.id));
}

function idsIn(seen: Record<string, string[]>): Set<string> {
	const ids = new Set<string>();
	for (const tags of Object.values(seen)) for (const tag of tags) ids.add(tag.split(' ')[0]);
	return ids;
}

function copySeen(seen: Record<string, string[]>): Record<string, string[]> {
	const copy: Record<string, string[]> = {};
	for (const [time, tags] of Object.entries(seen)) copy[time] = [...tags];
	return copy;
}

/** Oldest first, a code's deletion after its live version of the same millisecond (changeOrder.ts). */
const byTimeThenId = changeOrder((record: VersionedRecord) => record.updatedAt);

/**
 * Drops entries below the floor, then whole oldest milliseconds beyond `maxSeen` entries, raising the floor to
 * the oldest millisecond kept so that nothing dropped can be reported again. The newest millisecond stays.
 */
export function pruneSeen(cursor: ChangeCursor, maxSeen: number): ChangeCursor {
	const times = Object.keys(cursor.seen)
		.map(Number)
		.filter((time) => time >= cursor.floor)
		.sort((a, b) => b - a);
	const seen: Record<string, string[]> = {};
	let kept = 0;
	let floor = cursor.floor;
	for (const [index, time] of times.entries()) {
		const tags = cursor.seen[String(time)];
		if (index > 0 && kept + tags.length > maxSeen) {
			floor = Math.max(floor, times[index - 1]);
			break;
		}
		seen[String(time)] = tags;
		kept += tags.length;
	}
	return {
		floor,
		...(cursor.highWater === undefined ? {} : { highWater: cursor.highWater }),
		seen,
	};
}
