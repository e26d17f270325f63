import type { INode } from 'n8n-workflow';

import { operationError } from '../shared/nodeErrors';
import { isLive } from '../shared/records/qrCode';
import type { Change } from './changeCursor';
import type { Undated } from './qrtracReads';

/**
 * Deletions a changes answer gives without the time of their change (changeOrder.ts `deletedWithoutTime`): the
 * cursor cannot place them, but the service listed each for the poll's `fromTime`, so each changed after it. Such
 * a deletion is reported the first poll that lists it, and its ID is remembered while the service lists it: an
 * answer that holds every such deletion and leaves one out shows its time lies before the window, so it is not
 * listed again. An answer that may be cut (it looks capped, or the list was read instead) forgets none. Pure.
 */

/** Most such IDs remembered: as many as the cursor's versions (settings.ts `MAX_SEEN`). */
export const MAX_UNDATED = 10_000;

export interface UndatedOutcome<T> {
	/** The deletions to report, once each, in the order listed. */
	fresh: T[];
	/** The IDs to store: those remembered before first, each new one after. */
	remembered: string[];
}

/**
 * The deletions without time among a poll's `records` that were not handled before, and the IDs to store.
 * `handled`: whether the cursor already reported one (a state stored before IDs were kept placed it at its
 * creation). Over MAX_UNDATED IDs, those the answer did not list go first; the answer's own beyond it fail the
 * poll, as forgetting one would report it again at the next poll, every poll.
 */
export function takeUndated<T extends { id: string }>(
	node: INode,
	records: readonly T[],
	undated: Undated,
	before: { remembered: readonly string[]; handled: (record: T) => boolean },
): UndatedOutcome<T> {
	const listed = new Set(undated.ids);
	const remembered = new Set(before.remembered);
	const known = new Set(remembered);
	const fresh: T[] = [];
	for (const record of records) {
		if (isLive(record) || !listed.has(record.id) || known.has(record.id)) continue;
		known.add(record.id);
		if (!before.handled(record)) fresh.push(record);
	}
	const kept = undated.whole ? before.remembered.filter((id) => listed.has(id)) : before.remembered;
	const added = [...listed].filter((id) => !remembered.has(id));
	if (listed.size > MAX_UNDATED) throw tooMany(node, listed.size);
	const unlisted = kept.filter((id) => !listed.has(id));
	const overflow = Math.max(0, kept.length + added.length - MAX_UNDATED);
	const dropped = new Set(unlisted.slice(0, overflow));
	return { fresh, remembered: [...kept.filter((id) => !dropped.has(id)), ...added] };
}

/** The IDs a poll's answer gave as deletions without time, as a test of records. */
export function undatedTest(
	undated: Undated,
): (record: { id: string; deleted?: unknown }) => boolean {
	const ids = new Set(undated.ids);
	return (record) => !isLive(record) && ids.has(record.id);
}

/**
 * Such a deletion as a change to report: without the time `codes` placed it at, its creation, which is no time of
 * its deletion (Get Updated Since gives it as answered, without it too).
 */
export function undatedDeletion<T extends { updatedAt?: unknown }>(
	record: T,
): Change<Omit<T, 'updatedAt'>> {
	const answered = { ...record };
	delete answered.updatedAt;
	return { kind: 'deleted', record: answered };
}

function tooMany(node: INode, count: number) {
	return operationError(
		node,
		`Get QR Codes Updated Since listed ${count} deleted codes without the time of their deletion`,
		{
			description: `The trigger reports each such deletion once and remembers it while QRTRAC lists it, up to ${MAX_UNDATED}; with more it could not tell a new deletion from one reported before. Ask QRTRAC to give deleted codes their "updatedAt", or to leave out of the answer those deleted before "fromTime". The trigger's cursor did not move.`,
		},
	);
}
