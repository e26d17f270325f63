import { feedMayLeaveOut, looksCapped } from '../cappedAnswers';
import { repeatedPageReason } from '../pagination';
import { honoursPage, repeatCheck, servedPageSize, validCount } from '../pageSize';
import { ShiftingWalk } from '../shiftingWalk';
import type { TransportContext } from '../transport';
import {
	readChangedQrCodes,
	unexpectedAnswer,
	type AnswerSource,
	type ChangedQrCode,
	type QrCode,
	type Scan,
} from './answers';
import { BULK_SCANS, placeScanTimes } from './analytics';
import { expectedEventTime, readEventTime } from './eventTime';
import { getTeamQrsPaginated, incompleteList, QR_LIST, refuseForeignCodes } from './qrList';
import { endpoint, labelOf } from './route';
import { answerSource, callEndpoint, type InTeam } from './source';
import { apiError } from '../nodeErrors';
import { deletedWithoutTime } from '../records/changeOrder';

/**
 * What a change watcher reads, placed on one timeline (eventTime.ts): the two "updated after time" operations,
 * the team's list walked newest change first down to a time, and scan events. A code's time of change is its
 * `updatedAt`, or `createdAt` on a code never changed (`updatedAt: null`); each is read by its unit. A record
 * whose time is no sane time fails the read, naming it, rather than be reported at a wrong time or skipped.
 */

export const TEAM_CHANGES = endpoint(
	'Get QR Codes Updated Since',
	'GET /qrs-api/teams/fromTime/{fromTime}',
);
const ALL_CHANGES = endpoint(
	'Get QR Codes of All Teams Updated Since',
	'GET /qrs-api/all/fromTime/{fromTime}',
);

/** Most list pages a walk down to a time reads (100,000 codes changed since the last poll, fewer with re-reads) before it gives up. */
export const MAX_TIME_WALK_PAGES = 1_000;

/** Codes asked per page of the list walk. */
const LIST_PAGE = 100;

export interface ChangesAnswer {
	codes: ChangedQrCode[];
	/** The service's clock when it answered (its `Date` header); undefined without one. */
	serviceDateMs?: number;
	/**
	 * IDs of the deleted codes it gave without the time of their change (changeOrder.ts `deletedWithoutTime`), which
	 * `codes` places at their creation: the service listed them for `fromTime`, so they changed after it.
	 */
	undatedDeletions: string[];
}

/**
 * Codes (deleted ones included) changed after `fromTime` (epoch ms), of one team or of every team, placed on the
 * timeline with the service's present: one request.
 */
export async function getQrsChangedSince(
	ctx: TransportContext,
	args: InTeam & { allTeams: boolean; fromTime: number },
): Promise<ChangesAnswer> {
	const { codes, serviceDateMs, source } = await requestChanges(ctx, args);
	if (!args.allTeams) await ofTeamAsked(ctx, codes, args);
	return {
		codes: placeCodes(source, codes, serviceDateMs ?? Date.now()),
		serviceDateMs,
		undatedDeletions: codes.filter(deletedWithoutTime).map((code) => code.id),
	};
}

/**
 * A team's changes that hold a code of another team fail the read (qrList.ts `refuseForeignCodes`): they are
 * shown or acted on as that team's. The sync's catch-up (`readTeamChanges`) reads the whole team instead.
 */
async function ofTeamAsked(
	ctx: TransportContext,
	codes: readonly QrCode[],
	{ teamId, itemIndex }: InTeam,
): Promise<void> {
	await refuseForeignCodes(ctx, codes, {
		teamId,
		itemIndex,
		what: 'the codes changed since a time',
		label: labelOf(TEAM_CHANGES),
	});
}

/** The rule for answers that may be capped lives in cappedAnswers.ts; re-exported for the change watchers. */
export { feedMayLeaveOut, looksCapped };

/**
 * Codes of the team changed after `fromTime` (epoch ms), deleted ones included, as the service sent them, with
 * the service's present (its `Date` header): one request.
 */
export async function readTeamChanges(
	ctx: TransportContext,
	args: InTeam & { fromTime: number },
): Promise<{ codes: QrCode[]; serviceDateMs?: number }> {
	const { codes, serviceDateMs } = await requestChanges(ctx, { ...args, allTeams: false });
	return { codes, serviceDateMs };
}

/** Codes of the team changed after `fromTime` (epoch ms), deleted ones included, as the service sent them. */
export async function getTeamQrsFromTime(
	ctx: TransportContext,
	args: InTeam & { fromTime: number },
): Promise<QrCode[]> {
	const { codes } = await requestChanges(ctx, { ...args, allTeams: false });
	await ofTeamAsked(ctx, codes, args);
	return codes;
}

/** Codes of every team of the organization changed after `fromTime` (epoch ms), deleted ones included. */
export async function getAllQrsFromTime(
	ctx: TransportContext,
	args: InTeam & { fromTime: number },
): Promise<QrCode[]> {
	return (await requestChanges(ctx, { ...args, allTeams: true })).codes;
}

async function requestChanges(
	ctx: TransportContext,
	{
		allTeams,
		fromTime,
		teamId,
		itemIndex,
		checking,
	}: InTeam & { allTeams: boolean; fromTime: number },
): Promise<{ codes: QrCode[]; serviceDateMs?: number; source: AnswerSource }> {
	const { data, serviceDateMs, source } = await callEndpoint(ctx, {
		...(allTeams ? ALL_CHANGES : TEAM_CHANGES),
		params: { fromTime: Math.floor(fromTime) },
		teamId,
		itemIndex,
		checking,
	});
	return { codes: readChangedQrCodes(source, data), serviceDateMs, source };
}

/**
 * The team's live codes changed at or after `floor`, read from its list sorted by `updatedAt`, newest first, page
 * by page until every place before a code older than `downTo` (default `floor`; codes without `updatedAt` do not
 * decide that: where the service sorts them is unknown) or the list's end is read. Deleted codes are not in the
 * list. Codes leaving or joining the list meanwhile move the others between pages: the pages' counts tell, and
 * the walk reads again the places that moved (shiftingWalk.ts). A code read twice is kept in its latest change.
 */
export async function listQrsChangedSince(
	ctx: TransportContext,
	{
		floor,
		downTo = floor,
		presentMs,
		teamId,
	}: InTeam & { floor: number; downTo?: number; presentMs: number },
): Promise<ChangedQrCode[]> {
	const source = await answerSource(ctx, QR_LIST);
	const changed = new Map<string, ChangedQrCode>();
	/** Ids of every code read, kept or not: a page holding only these repeats what was read. */
	const seen = new Set<string>();
	let walk: ShiftingWalk | undefined;
	let page: number | undefined = 1;
	for (let request = 1; request <= MAX_TIME_WALK_PAGES; request++) {
		const answer = await getTeamQrsPaginated(ctx, {
			query: { sortBy: 'updatedAt', sortOrder: 'desc' },
			page,
			limit: LIST_PAGE,
			teamId,
		});
		await refuseForeignCodes(ctx, answer.qrs, { teamId, what: 'the codes changed since a time' });
		const placed = placeCodes(source, answer.qrs, presentMs);
		const repeated = placed.every((code) => seen.has(code.id));
		for (const code of placed) {
			seen.add(code.id);
			const held = changed.get(code.id);
			if (code.updatedAt >= floor && (held === undefined || held.updatedAt < code.updatedAt))
				changed.set(code.id, code);
		}
		if (walk === undefined) {
			// one rule for what page 1 tells of the page size, the list walks' (a guess page 2 confirms)
			const { size, guessed } = servedPageSize(
				{ items: answer.qrs, limit: answer.limit },
				answer.qrs.length,
				LIST_PAGE,
				validCount(answer.totalCount),
			);
			walk = new ShiftingWalk(size, guessed, guessed ? repeatCheck(answer.qrs) : undefined);
		}
		const past = placed.findIndex(
			(code, index) => answer.qrs[index].updatedAt != null && code.updatedAt < downTo,
		);
		walk.record(page, answer.qrs.length, answer.totalCount, past < 0 ? undefined : past, repeated);
		const check = walk.takeCheck();
		if (check) {
			const again = await getTeamQrsPaginated(ctx, {
				query: { sortBy: 'updatedAt', sortOrder: 'desc' },
				page: 2,
				limit: check.limit,
				teamId,
			});
			if (!honoursPage(check, { items: again.qrs }))
				throw incompleteList(
					source.node,
					{ got: seen.size, reason: repeatedPageReason(2), requests: request + 1 },
					'the codes changed since a time',
				);
		}
		if (walk.restless)
			throw apiError(
				source.node,
				{ success: false, message: 'list kept changing' },
				{
					message: `QRTRAC's list of codes kept changing while it was read (${request} pages read, its totalCount changing between them)`,
					description: `${labelOf(QR_LIST)} answered with a different totalCount page after page, so codes may have moved onto pages already read. Nothing was taken as complete; try again once the team's codes change less (a poll tries again by itself). A totalCount that changes while nobody edits the team is a service fault to report to QRTRAC.`,
				},
			);
		page = walk.nextPage();
		if (page === undefined) return [...changed.values()];
	}
	throw apiError(
		source.node,
		{ success: false, message: 'too many changes' },
		{
			message: `More than ${MAX_TIME_WALK_PAGES * LIST_PAGE} codes changed since the last poll`,
			description: `${labelOf(QR_LIST)} was read for ${MAX_TIME_WALK_PAGES} pages without reaching the last poll's time. Nothing was reported; the next poll tries again.`,
		},
	);
}

/**
 * Live codes changed at or after `floor` that a changes answer looking capped (cappedAnswers.ts) left out: each
 * team's list, newest change first, read down to `downTo` (default `floor`), less the codes `held` says the
 * answer has. An answer that does not look capped is taken whole (no request). Deletions a capped answer left out
 * cannot be recovered: the list holds live codes only.
 */
export async function codesLeftOut(
	ctx: TransportContext,
	answer: readonly unknown[],
	{ floor, downTo, presentMs, teamIds, held }: LeftOutQuestion,
): Promise<ChangedQrCode[]> {
	if (!looksCapped(answer.length)) return [];
	const missing: ChangedQrCode[] = [];
	for (const teamId of teamIds) {
		const listed = await listQrsChangedSince(ctx, { floor, downTo, presentMs, teamId });
		missing.push(...listed.filter((code) => !held(code)));
	}
	return missing;
}

export interface LeftOutQuestion {
	floor: number;
	/** How far down the list is read (stopping at the first page that reaches below it); default `floor`. */
	downTo?: number;
	presentMs: number;
	teamIds: readonly string[];
	/** Whether the answer holds this (version of the) code. */
	held: (code: ChangedQrCode) => boolean;
}

/** Scan events with `scanTime` read by its unit (epoch ms, analytics.ts `placeScanTimes`). */
export async function placeScans(
	ctx: TransportContext,
	scans: readonly Scan[],
	presentMs: number,
): Promise<Scan[]> {
	return placeScanTimes(await answerSource(ctx, BULK_SCANS), [...scans], presentMs);
}

/** Codes read from the team's list, placed on the timeline as `placeCodes` does. */
export async function placeListedCodes(
	ctx: TransportContext,
	codes: readonly QrCode[],
	presentMs: number,
): Promise<ChangedQrCode[]> {
	return placeCodes(await answerSource(ctx, QR_LIST), codes, presentMs);
}

/** Codes with `updatedAt` (or `createdAt`) and `createdAt` in epoch ms, whatever unit the answer used. */
export function placeCodes(
	source: AnswerSource,
	codes: readonly QrCode[],
	presentMs: number,
): ChangedQrCode[] {
	return codes.map((code) => {
		const updatedAt = changeTimeOf(code, presentMs);
		const createdAt =
			code.createdAt === undefined ? undefined : readEventTime(code.createdAt, presentMs);
		if (updatedAt === undefined || (code.createdAt !== undefined && createdAt === undefined)) {
			const fields = '"updatedAt" (or, on a code never changed, "createdAt") and "createdAt"';
			throw unexpectedAnswer(source, expectedEventTime(fields, presentMs), code);
		}
		return { ...code, updatedAt, ...(createdAt === undefined ? {} : { createdAt }) };
	});
}

/**
 * When a code last changed, in epoch ms: its `updatedAt`, or `createdAt` on a code never changed, read by its
 * unit (eventTime.ts); undefined when it is no sane time.
 */
export function changeTimeOf(code: QrCode, presentMs: number): number | undefined {
	return readEventTime(code.updatedAt ?? code.createdAt, presentMs);
}

/**
 * Whether a code of an updated-after answer changed in a second before `sinceMs`: the contract answers only codes
 * changed after it, so such a code is one the service did not filter out. Compared by whole seconds, since a
 * service stamping seconds (or ISO text without them) shows a change just after `sinceMs` in the second before;
 * a code without a readable time is no proof.
 */
export function changedBefore(code: QrCode, sinceMs: number, presentMs: number): boolean {
	if (deletedWithoutTime(code)) return false;
	const changedMs = changeTimeOf(code, presentMs);
	return changedMs !== undefined && Math.floor(changedMs / 1_000) < Math.floor(sinceMs / 1_000);
}

/**
 * When an update's answer says the code changed: its `updatedAt` only (the creation is older than the update);
 * undefined when it is missing or no sane time.
 */
export function updateTimeOf(code: QrCode, presentMs: number): number | undefined {
	return code.updatedAt == null ? undefined : readEventTime(code.updatedAt, presentMs);
}
