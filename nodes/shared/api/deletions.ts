import type { INode, NodeApiError } from 'n8n-workflow';

import { looksCapped } from '../cappedAnswers';
import { isLive } from '../records/qrCode';
import type { TransportContext } from '../transport';
import type { QrCode } from './answers';
import { labelOf } from './route';
import type { InTeam } from './source';
import { changeTimeOf, getTeamQrsFromTime, TEAM_CHANGES } from './timeline';
import { apiError } from '../nodeErrors';

/**
 * The code as the team's changes since `fromTime` (epoch ms) hold it deleted, or undefined: the state read that
 * confirms a delete refused as "not found" (another writer, or a lost answer's first attempt, deleted it).
 */
export async function deletedSince(
	ctx: TransportContext,
	{ id, ...question }: InTeam & { id: string; fromTime: number },
): Promise<QrCode | undefined> {
	const { fromTime, ...inTeam } = question;
	return (await deletedAmong(ctx, { versions: new Map([[id, fromTime]]), ...inTeam })).deleted.get(
		id,
	);
}

/**
 * The codes that the team's changes since each one's version (epoch ms, less `slackMs`) hold deleted: one read
 * from the oldest version for any number of codes. When that answer looks capped (cappedAnswers.ts) it may have
 * left out the newer changes, so the codes still undecided whose version is newer than all it held are read again
 * from the oldest of them (each read starts later than the one before: at most one read per code). A code any
 * read holds deleted is decided. `cappedAt`: the codes an answer that looked capped left undecided, with its
 * size (their absence proves nothing).
 */
export async function deletedAmong(
	ctx: TransportContext,
	{
		versions,
		slackMs = 0,
		teamId,
		itemIndex,
	}: InTeam & { versions: ReadonlyMap<string, number>; slackMs?: number },
): Promise<{ deleted: Map<string, QrCode>; cappedAt: Map<string, number> }> {
	const deleted = new Map<string, QrCode>();
	const cappedAt = new Map<string, number>();
	let pending = new Map(versions);
	let first = true;
	while (pending.size > 0) {
		const oldest = [...pending.values()].reduce((least, version) => Math.min(least, version));
		const fromTime = Math.max(0, oldest - slackMs);
		const reading = getTeamQrsFromTime(ctx, { fromTime, teamId, itemIndex });
		// the first read's failure is the caller's; a later one leaves undecided what the capped answer left so
		const recent = first ? await reading : await reading.catch(() => undefined);
		if (recent === undefined) break;
		first = false;
		for (const code of recent)
			if (typeof code.id === 'string' && versions.has(code.id) && !isLive(code)) {
				deleted.set(code.id, code);
				pending.delete(code.id);
				cappedAt.delete(code.id);
			}
		if (!looksCapped(recent.length)) {
			for (const id of pending.keys()) cappedAt.delete(id);
			break;
		}
		const presentMs = Date.now();
		const covered = recent.reduce(
			(newest, code) => Math.max(newest, changeTimeOf(code, presentMs) ?? newest),
			fromTime,
		);
		const later = new Map<string, number>();
		for (const [id, version] of pending) {
			cappedAt.set(id, recent.length);
			if (version > covered && version - slackMs > fromTime) later.set(id, version);
		}
		pending = later;
	}
	return { deleted, cappedAt };
}

/**
 * The team's deleted codes among its changes since `from` (epoch ms, the service's time), read once however often
 * it is asked (one request): what `goneAmong` checks first. A failed read throws to each caller.
 */
export function deletedChangesSince(
	ctx: TransportContext,
	{ from, ...inTeam }: InTeam & { from: number },
): () => Promise<ReadonlyMap<string, QrCode>> {
	let read: Promise<ReadonlyMap<string, QrCode>> | undefined;
	return async () =>
		await (read ??= getTeamQrsFromTime(ctx, { fromTime: Math.max(0, from), ...inTeam }).then(
			(codes) =>
				new Map(
					codes
						.filter((code) => typeof code.id === 'string' && !isLive(code))
						.map((code) => [code.id, code]),
				),
		));
}

/**
 * Of `qrIds` (codes of the team), those the service shows gone, after a refusal that does not prove it by itself
 * (refusals.ts `refusedAsGone`): the one rule of both nodes. First the team's changes since a time when the codes
 * were live (`deletedChanges`, deletedChangesSince): the codes they hold deleted. When they hold none, that proves
 * nothing (a lagging feed, an answer capped, a deletion stamped before then), so the team is listed again
 * (`listAgain`, its live codes) and the codes it no longer holds are gone; but only those `listedBefore` says an
 * earlier listing held: a list may lag behind the changes (a search index), so a code known from the changes alone
 * may be missing from it although live. None: the refusal stands, and no list is read when no code may be proved
 * gone by it. A failed read throws: the caller's refusal stands then too.
 */
export async function goneAmong({
	qrIds,
	deletedChanges,
	listAgain,
	listedBefore = () => true,
}: {
	qrIds: readonly string[];
	deletedChanges: () => Promise<ReadonlyMap<string, QrCode>>;
	listAgain: () => Promise<QrCode[]>;
	listedBefore?: (id: string) => boolean;
}): Promise<Set<string>> {
	const deleted = await deletedChanges();
	const shown = qrIds.filter((id) => deleted.has(id));
	if (shown.length > 0) return new Set(shown);
	const provable = qrIds.filter(listedBefore);
	if (provable.length === 0) return new Set();
	const live = new Set((await listAgain()).map((code) => code.id));
	return new Set(provable.filter((id) => !live.has(id)));
}

/**
 * The error of a delete refused as "not found" whose check against the team's changes could not decide: the
 * changes answer looked capped (cappedAnswers.ts) and did not hold the code.
 */
export function deletionUndecided(
	node: INode,
	{ id, cappedAt, itemIndex }: { id: string; cappedAt: number; itemIndex?: number },
): NodeApiError {
	return apiError(
		node,
		{ success: false, message: 'deletion undecided' },
		{
			itemIndex,
			message: `QRTRAC refused to delete QR code "${id}" as not found, and its changes cannot tell whether it was deleted meanwhile`,
			description: `${labelOf(TEAM_CHANGES)} answered ${cappedAt} codes, a size that looks capped (a service returning only part of the changes): the code's deletion may be among the changes it left out. The code was not taken as deleted; run the node again once the team's changes are fewer, or check the code in QRTRAC.`,
		},
	);
}
