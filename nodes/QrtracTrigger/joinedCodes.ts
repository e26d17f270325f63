import type { ChangedQrCode, Scan } from '../shared/api';

/**
 * New Scans' rule for codes that come to match the filters (a tag added, the filters changed): their scans made
 * while they did not match were filtered out then and are not reported late. Pure.
 *
 * The change feed shows a code's latest version only: a rename after the tag was added hides when the tag came.
 * So a joining code is watched from the last moment the trigger knew it did not match: the service's present as of
 * which a poll's watch list held every matching code (NewScansState `checkedAt`), or the code's creation when
 * later, less the overlap, as the analytics clock may lag the one stamping codes. Scans made in between while it did not match yet come too:
 * no answer tells them apart. States saved before `checkedAt` existed keep the code's latest change.
 */
export function joinedFrom(
	code: ChangedQrCode,
	checkedAt: number | undefined,
	overlapMs: number,
): number {
	if (checkedAt === undefined) return code.updatedAt - overlapMs;
	return Math.max(checkedAt, code.createdAt ?? -Infinity) - overlapMs;
}

/**
 * joinedFrom for a code the change feed shows matching: never after its shown change less the overlap. Its latest
 * version matches, so its scans since that change were made while it matched; `checkedAt` may come after the
 * change (n8n's clock ahead of the service's when no `Date` is sent). Not for a listing under changed filters:
 * there the code's latest change may predate them.
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
