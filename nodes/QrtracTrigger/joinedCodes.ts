import type { ChangedQrCode, Scan } from '../shared/api';
import { sameFilters } from './codeFilters';
import type { TriggerSettings } from './settings';
import type { NewScansState } from './triggerState';

/**
 * New Scans' rule for codes that come to match the filters (a tag added, the filters changed): their scans made
 * while they did not match were filtered out then and are not reported late. Pure.
 *
 * The change feed shows a code's latest version only: a rename after the tag was added hides when the tag came.
 * So a joining code is watched from the last moment, in the service's time, the trigger knew it did not match
 * (lastCheckOf), or from the code's creation when later, less the overlap, as the analytics clock may lag the one
 * stamping codes. Scans made in between while it did not match yet come too: no answer tells them apart.
 */
export function joinedFrom(
	code: ChangedQrCode,
	checkedAt: number | undefined,
	overlapMs: number,
): number {
	return Math.max(checkedAt ?? -Infinity, code.createdAt ?? -Infinity) - overlapMs;
}

/**
 * The last moment, on the service's clock, as of which a saved watch list held every matching code: its `Date`
 * (`checkedAtDate`), else the newest change it had read (`codes.highWater`), which the service stamped at or before
 * that moment. Never n8n's clock: one ahead of the service's would watch a joining code from the service's future,
 * losing its scans. Undefined (no code ever read): from a joining code's creation.
 */
export function lastCheckOf(
	stored: Pick<NewScansState, 'checkedAtDate' | 'codes'> | undefined,
): number | undefined {
	return stored?.checkedAtDate ?? stored?.codes.highWater;
}

/**
 * joinedFrom for a code the change feed shows matching: never after its shown change less the overlap. Its latest
 * version matches, so its scans since that change were made while it matched. Not for a listing under changed
 * filters: there the code's latest change may predate them.
 */
export function joinedThroughChange(
	code: ChangedQrCode,
	checkedAt: number | undefined,
	overlapMs: number,
): number {
	return Math.min(joinedFrom(code, checkedAt, overlapMs), code.updatedAt - overlapMs);
}

/** Whether a scan was made while its code matched the filters (`joined`: when the codes that came to match did). */
export function watchedWhenMade(scan: Scan, joined: ReadonlyMap<string, number>): boolean {
	const from = joined.get(scan.qrId);
	return from === undefined || scan.scanTime >= from;
}

/** `joined` as stored: for watched codes, while above the scan cursor's floor (below it no scan is reported). */
export function joinedToKeep(
	joined: ReadonlyMap<string, number>,
	codeIds: readonly string[],
	floor: number,
): Record<string, number> {
	const watched = new Set(codeIds);
	return Object.fromEntries([...joined].filter(([id, from]) => watched.has(id) && from > floor));
}

/**
 * What is known of when the listed codes came to match: as stored, and, when the user changed the filters, codes
 * new to the list are watched from the last poll (joinedCodes.ts `lastCheckOf`): their scans made under filters
 * they did not match are not reported. The same filters listed again (filtersKey's "local" marker) add none: the
 * codes the earlier list missed matched all along.
 */
export function joinedAfterListing(
	matching: readonly ChangedQrCode[],
	stored: NewScansState | undefined,
	settings: TriggerSettings,
): Map<string, number> {
	const joined = new Map(Object.entries(stored?.joined ?? {}));
	if (stored === undefined || sameFilters(stored.idsFilter, settings.filters)) return joined;
	const before = new Set(stored.codeIds);
	const checkedAt = lastCheckOf(stored);
	for (const code of matching)
		if (!before.has(code.id)) joined.set(code.id, joinedFrom(code, checkedAt, settings.overlapMs));
	return joined;
}
