import { NodeApiError, type INode } from 'n8n-workflow';

import { looksCapped } from '../cappedAnswers';
import { executionNode, type NodeContext } from '../executionNode';
import { isLive } from '../records/qrCode';
import type { TransportContext } from '../transport';
import type { QrCode } from './answers';
import { momentSpan, timeStep } from './eventTime';
import { labelOf } from './route';
import type { InTeam } from './source';
import { changeTimeOf, getTeamQrsFromTime, TEAM_CHANGES } from './timeline';
import { apiError } from '../nodeErrors';
import { errorWords, mayShowGoneCode } from '../refusals';
import { OutcomeUntold } from '../qrtracRequest';
import { answeredNoCode } from './codeReadAnswers';

/**
 * Whether the team's changes since `fromTime` hold the code deleted: a delete's check of a retry refused after its
 * first attempt's answer was lost (another writer, or the lost attempt, deleted it). Undecided (answers that looked
 * capped, or a read that failed) is undefined where a check of the refusal follows (`laterCheck`: Delete's own
 * from 1.2, or Delete Missing's, deletedAfterRefusals, from the code's version on QRTRAC's clock), which reads
 * again; without one, answers that looked capped are an OutcomeUntold saying the changes cannot tell, and a failed
 * read is the transport's (a check read that fails), so the item fails at once, its outcome unknown: the refusal
 * may be of the lost attempt's own deletion.
 */
export async function deletedSince(
	ctx: TransportContext,
	{
		id,
		fromTime,
		laterCheck,
		...inTeam
	}: InTeam & { id: string; fromTime: number; laterCheck: boolean },
): Promise<QrCode | OutcomeUntold | undefined> {
	const read = await deletedAmong(ctx, { versions: new Map([[id, fromTime]]), ...inTeam }).catch(
		(error: unknown) => {
			if (!laterCheck) throw error;
		},
	);
	if (!read) return undefined;
	const cappedAt = read.cappedAt.get(id);
	if (laterCheck || read.deleted.has(id) || cappedAt === undefined) return read.deleted.get(id);
	const why = undecidedWords(cappedAt, read.failedRead);
	return new OutcomeUntold(`the team's changes cannot tell whether it was deleted: ${why}.`);
}

/**
 * Most reads of the team's changes one question about deletions makes while its answers look capped: Delete asks
 * one per item, Delete Missing one per team, so a run's cost is bounded by items (or teams) times this.
 */
export const MAX_DELETION_READS = 10;

/**
 * The codes that the team's changes since each one's version (epoch ms, less `slackMs`) hold deleted: one read
 * from the oldest version for any number of codes. A code an answer holds is decided, deleted or not as its record
 * shows (a record is the code's latest state). An answer that does not look capped (cappedAnswers.ts) decides
 * every code it was read for from that code's version on: one it does not hold is not deleted. One that looks
 * capped may have left out changes (the newer ones, for a service keeping the oldest N), so the changes are read
 * again, each read starting later than the one before, at most MAX_DELETION_READS in all: from a code's version
 * when it is newer than all the answer held and that start is later than the read just made (that read can decide
 * it), else from one step of the answer's time resolution (eventTime.ts) before the newest change it held (a walk
 * forward, which decides only the codes it holds: the part before may have been left out). `cappedAt`: the codes
 * an answer that looked capped left undecided, with the size of the first such answer (their absence proves
 * nothing); `failedRead`: the error of a later read that failed, which ended the walk.
 */
export async function deletedAmong(
	ctx: TransportContext,
	{
		versions,
		slackMs = 0,
		...inTeam
	}: InTeam & { versions: ReadonlyMap<string, number>; slackMs?: number },
): Promise<{ deleted: Map<string, QrCode>; cappedAt: Map<string, number>; failedRead?: unknown }> {
	const deleted = new Map<string, QrCode>();
	const cappedAt = new Map<string, number>();
	const pending = new Map(versions);
	const since = (version: number) => Math.max(0, version - slackMs);
	let fromTime = since([...pending.values()].reduce((least, version) => Math.min(least, version)));
	for (let reads = 0; reads < MAX_DELETION_READS && pending.size > 0; reads++) {
		const reading = getTeamQrsFromTime(ctx, { fromTime, ...inTeam });
		// the first read's failure is the caller's; a later one leaves undecided what the capped answer left so
		const recent =
			reads === 0 ? await reading : await reading.catch((error: unknown) => ({ error }));
		if ('error' in recent) return { deleted, cappedAt, failedRead: recent.error };
		for (const code of recent)
			if (typeof code.id === 'string' && pending.has(code.id)) {
				if (!isLive(code)) deleted.set(code.id, code);
				pending.delete(code.id);
				cappedAt.delete(code.id);
			}
		if (!looksCapped(recent.length)) {
			// the whole of the changes since `fromTime`: it decides the codes whose changes all came after it
			for (const [id, version] of pending) if (since(version) >= fromTime) cappedAt.delete(id);
			break;
		}
		const presentMs = Date.now();
		const times = recent.flatMap((code) => changeTimeOf(code, presentMs) ?? []);
		const covered = times.reduce((newest, time) => Math.max(newest, time), fromTime);
		// before the earliest moment the newest change held may stand for (a service rounding its times up shows a
		// change left out in that step at the same time), else a ms before it: those changes come again
		const back = momentSpan(covered, timeStep(times)).firstMs - 1;
		const onward = back > fromTime ? back : covered - 1;
		const starts = [...pending].map(([id, version]) => {
			if (!cappedAt.has(id)) cappedAt.set(id, recent.length);
			return version > covered && since(version) > fromTime ? since(version) : onward;
		});
		const next = Math.min(...starts.filter((start) => start > fromTime));
		if (!Number.isFinite(next)) break;
		fromTime = next;
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

/** How long before a code's version its changes are read: a service may compare whole seconds, or coarser. */
const VERSION_SLACK_MS = 60_000;

/**
 * Deleted already, after a refusal: the one rule of Delete and Delete Missing for codes of one team whose read or
 * delete was refused. A refusal a code not there may get (refusals.ts `mayShowGoneCode`: 400, 403, 404, 410, or a
 * read answered success without a code) may as well come to a live code (a role refused for a while), so it counts
 * as done only when the team's changes since the code's `version` (epoch ms, the service's clock; 0 when unknown)
 * hold it deleted (deletedAmong: one read for all). For each refusal, in order: the code as the changes hold it
 * deleted, or the error to fail with: the refusal itself (another refusal, the changes not holding the code, or
 * their read failing), or `deletionUndecided` when an answer that looked capped left the code undecided.
 */
export async function deletedAfterRefusals(
	ctx: TransportContext & NodeContext,
	{
		refusals,
		teamId,
		itemIndex,
	}: InTeam & { refusals: ReadonlyArray<{ id: string; version?: number; refused: unknown }> },
): Promise<Array<{ deleted: QrCode } | { error: unknown }>> {
	const versions = new Map<string, number>();
	for (const { id, version, refused } of refusals)
		if (mayShowGoneCode(refused))
			versions.set(id, Math.min(version ?? 0, versions.get(id) ?? Infinity));
	if (versions.size === 0) return refusals.map(({ refused }) => ({ error: refused }));
	// a failed read of the changes leaves every refusal standing
	const read = await deletedAmong(ctx, {
		versions,
		slackMs: VERSION_SLACK_MS,
		teamId,
		itemIndex,
	}).catch(() => undefined);
	return refusals.map(({ id, version, refused }) => {
		const deleted = read?.deleted.get(id);
		if (deleted) return { deleted };
		const cappedAt = read?.cappedAt.get(id);
		if (cappedAt === undefined) return { error: refused };
		const failedRead = read?.failedRead;
		return {
			error: deletionUndecided(executionNode(ctx), {
				id,
				cappedAt,
				failedRead,
				fromStart: !version,
				refused,
				itemIndex,
			}),
		};
	});
}

/**
 * Why answers that looked capped (cappedAnswers.ts) could not tell about a code: no read held it, the walk forward
 * ending at its bound or on a read that failed (`failedRead`).
 */
function undecidedWords(cappedAt: number, failedRead: unknown): string {
	const capped = `${labelOf(TEAM_CHANGES)} answered ${cappedAt} codes, a size that looks capped (a service returning only part of the changes)`;
	return failedRead === undefined
		? `${capped}, and no read of them (at most ${MAX_DELETION_READS}, each from later on) held the code: its deletion may be among the changes left out`
		: `${capped}, and the read of the changes after it failed (${errorWords(failedRead)}): the code's deletion may be among them`;
}

/**
 * The error of a refusal a code not there may get whose check against the team's changes could not decide
 * (undecidedWords). The refusal's status and description stay: the code may well be live (a role refused). A code
 * with no version (`fromStart`: its read was refused) has its changes searched from the team's start, so only
 * about the first MAX_DELETION_READS answers' worth of them can be read: the error says so.
 */
function deletionUndecided(
	node: INode,
	{
		id,
		cappedAt,
		failedRead,
		fromStart,
		refused,
		itemIndex,
	}: {
		id: string;
		cappedAt: number;
		failedRead?: unknown;
		fromStart: boolean;
		refused: unknown;
		itemIndex?: number;
	},
): NodeApiError {
	const httpCode = (refused instanceof NodeApiError && refused.httpCode) || undefined;
	const asked = answeredNoCode(refused)
		? `QRTRAC answered no code for "${id}"`
		: `QRTRAC refused QR code "${id}" (${errorWords(refused)})`;
	const start =
		fromStart && failedRead === undefined
			? ` ${answeredNoCode(refused) ? "The code's read answered no code" : "The code's version is not known (its read was refused, or showed no change time)"}, so its changes were searched from the team's start, and only about the first ${(MAX_DELETION_READS * cappedAt).toLocaleString('en-US')} could be read.`
			: '';
	const own = refused instanceof NodeApiError ? refused.description : undefined;
	return apiError(
		node,
		{ success: false, message: 'deletion undecided' },
		{
			itemIndex,
			httpCode,
			message: `${asked}; the team's changes cannot tell whether it was deleted`,
			description: [
				`${undecidedWords(cappedAt, failedRead)}.${start} The code was not taken as deleted; run the node again once the team's changes are fewer, or check the code in QRTRAC.`,
				own,
			]
				.filter(Boolean)
				.join(' '),
		},
	);
}
