import type { IPollFunctions } from 'n8n-workflow';

import {
	CODES_PER_ANALYTICS_REQUEST,
	connectionOf,
	getAllTeams,
	getBulkQrAnalytics,
	getQrsChangedSince,
	isOutOfOrderList,
	codesLeftOut,
	listQrsChangedSince,
	listTeamQrsReadAt,
	placeListedCodes,
	type QrCode,
	placeScans,
	walkBulkScans,
	type ChangedQrCode,
	type ChangesAnswer,
	type Scan,
} from '../shared/api';
import { isLive } from '../shared/records/qrCode';
import { isAnswerTooLarge } from '../shared/serviceErrors';
import {
	CEILING_MARGIN_MS,
	feedMayLeaveOut,
	looksCapped,
	reachesPastHighWater,
} from './changeCursor';
import { isScanRecord, type ScanRecord } from './scanCursor';

/** What the trigger reads, through the endpoint module; every record it gets is placed on the timeline. */

export interface WatchedCodes {
	allTeams: boolean;
	teamId: string;
}

/** The team the trigger watches: the one chosen, or the credential's. */
export async function resolveTeamId(
	ctx: IPollFunctions,
	teamId: string | undefined,
): Promise<string> {
	return teamId ?? (await connectionOf(ctx)).teamId;
}

/**
 * The team's name, for a message: one read of the organization's teams. Undefined when the read fails or names no
 * such team (the message then names its ID): a message is never failed by it.
 */
export async function readTeamName(
	ctx: IPollFunctions,
	teamId: string,
): Promise<string | undefined> {
	try {
		const name = (await getAllTeams(ctx)).find((team) => team.id === teamId)?.name;
		return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Codes (deleted ones included) changed in the last `lookbackMs` of the service's clock: one request from n8n's
 * clock less the lookback, and one more from the service's present (`Date`) less it when that lies lower by more
 * than the header's resolution: a service behind n8n's clock has its last minutes read, not fewer or none.
 */
export async function readRecentChanges(
	ctx: IPollFunctions,
	watched: WatchedCodes,
	lookbackMs: number,
): Promise<ChangedQrCode[]> {
	const fromTime = Date.now() - lookbackMs;
	const read = await readChanges(ctx, watched, fromTime);
	// a Date the service clock would not believe (a broken header) never comes here: n8n's clock stands
	const { codes, serviceDateMs } = read;
	if (serviceDateMs === undefined || serviceDateMs + CEILING_MARGIN_MS >= fromTime + lookbackMs)
		return codes;
	return (await readChanges(ctx, watched, Math.max(0, serviceDateMs - lookbackMs))).codes;
}

async function readChanges(
	ctx: IPollFunctions,
	watched: WatchedCodes,
	fromTime: number,
): Promise<ChangesAnswer> {
	return await getQrsChangedSince(ctx, { ...watched, fromTime });
}

/**
 * The service's present, from the `Date` of one changes read of the team from `nowMs` (n8n's clock, which it
 * also is when the service sends no `Date`): what a first poll that reads no changes needs to place its floor.
 */
export async function readServicePresent(
	ctx: IPollFunctions,
	teamId: string,
	nowMs: number,
): Promise<number> {
	return (await readChanges(ctx, { allTeams: false, teamId }, nowMs)).serviceDateMs ?? nowMs;
}

/**
 * Codes changed at or after `floor`, with the service's present (`serviceDateMs` when its `Date` told it, else
 * n8n's clock): one request, unless the answer may have left
 * changes out. Then the list, sorted by change, newest first, is read (of every team for all teams) and the live
 * codes the answer left out are added, with a log line when there were new ones among them:
 * - down to `floor` when cappedAnswers.ts `feedMayLeaveOut` says so (it looks capped and holds a version not
 *   handled before, `isNew`, or has 100 codes or more): the cut may lie anywhere in the window;
 * - else, for an answer that looks capped and holds no version after `highWater` (changeCursor.ts
 *   `reachesPastHighWater`), down to the first page that reaches `highWater`: a feed cut at its oldest N hides only
 *   what came after the handled versions it repeats. One list page while idle, as such a page holds the window.
 * Deletions such an answer left out cannot be recovered: the list holds live codes only.
 */
export async function readChangesSince(
	ctx: IPollFunctions,
	watched: WatchedCodes,
	window: {
		floor: number;
		highWater: number | undefined;
		fromTime: number;
		isNew: (code: ChangedQrCode) => boolean;
	},
): Promise<{
	codes: ChangedQrCode[];
	presentMs: number;
	serviceDateMs?: number;
	undated: Undated;
}> {
	const { floor, highWater, fromTime, isNew } = window;
	const answer = await readChanges(ctx, watched, fromTime).catch((error: unknown) => {
		if (isAnswerTooLarge(error)) return undefined;
		throw error;
	});
	if (answer === undefined)
		return { ...(await listedInstead(ctx, watched, floor)), undated: { ids: [], whole: false } };
	const { serviceDateMs } = answer;
	const presentMs = serviceDateMs ?? Date.now();
	const dated = serviceDateMs === undefined ? {} : { serviceDateMs };
	const count = answer.codes.length;
	// a list completes live codes only: an answer that may be cut cannot show which deletions it left out
	const undated = { ids: answer.undatedDeletions, whole: !looksCapped(count) };
	const whole = feedMayLeaveOut(count, answer.codes.some(isNew));
	if (!whole && (!looksCapped(count) || reachesPastHighWater({ highWater }, answer.codes)))
		return { codes: answer.codes, presentMs, ...dated, undated };
	const teamIds = watched.allTeams
		? (await getAllTeams(ctx)).map((team) => team.id)
		: [watched.teamId];
	const versions = new Set(answer.codes.map(versionOf));
	const missing = await codesLeftOut(ctx, answer.codes, {
		floor,
		downTo: whole || highWater === undefined ? floor : highWater + 1,
		presentMs,
		teamIds,
		held: (code) => versions.has(versionOf(code)),
	});
	const unhandled = missing.filter(isNew).length;
	if (unhandled > 0) {
		ctx.logger.warn(
			`QRTRAC Trigger: the changes answer held ${count} codes and left out ${unhandled} more that the list shows changed since the last poll (the service caps that answer); they are reported from the list`,
		);
	}
	return { codes: [...answer.codes, ...missing], presentMs, ...dated, undated };
}

/**
 * The deletions a changes answer gave without their time (`ChangesAnswer.undatedDeletions`), and whether the
 * answer holds every one the service would list: not when it looks capped or was read from the list instead.
 */
export interface Undated {
	ids: string[];
	whole: boolean;
}

/**
 * The changes since `floor` when their answer was too large to read (64 MB: tens of thousands of codes changed,
 * e.g. while the workflow was off): each team's list, newest change first, down to `floor`, with a log line;
 * else every poll would fail on the same answer. The present is n8n's clock, as when no `Date` is sent (no
 * `serviceDateMs`).
 * Deletions in that time cannot be seen: the list holds live codes only.
 */
async function listedInstead(
	ctx: IPollFunctions,
	watched: WatchedCodes,
	floor: number,
): Promise<{ codes: ChangedQrCode[]; presentMs: number }> {
	const presentMs = Date.now();
	const teamIds = watched.allTeams
		? (await getAllTeams(ctx)).map((team) => team.id)
		: [watched.teamId];
	const codes: ChangedQrCode[] = [];
	for (const teamId of teamIds)
		for (const code of await listQrsChangedSince(ctx, { floor, presentMs, teamId }))
			codes.push(code);
	ctx.logger.warn(
		`QRTRAC Trigger: the answer of the codes changed since ${new Date(floor).toISOString()} was too large to read (64 MB); the ${codes.length} live codes changed since then were read from the list of codes instead, where codes deleted meanwhile do not show`,
	);
	return { codes, presentMs };
}

function versionOf(code: ChangedQrCode): string {
	return `${code.id} ${code.updatedAt}`;
}

/**
 * Every live code of a team, newest change first (ceil(n / 100) requests). Each is placed on the timeline: a code
 * without a time of change could never be placed against the cursor. Never the list's `search`: the contract
 * says it matches name or Display ID, not how (a prefix or case-sensitive match keeps to that and would hide
 * watched codes), so the Search filter is codeFilters.ts `matchesFilters`'s alone. `readAtServiceMs`: when the
 * list was read from (qrList.ts `listTeamQrsReadAt`; `dated` when by the service's `Date`); a code changed during
 * the walk may be listed as it was before.
 */
export async function readLiveCodes(
	ctx: IPollFunctions,
	teamId: string,
): Promise<{ codes: ChangedQrCode[]; readAtServiceMs: number; dated: boolean }> {
	// a list may hold soft-deleted codes (the contract does not say it leaves them out): their scans are refused
	return await readListedCodes(ctx, teamId, 'all', isLive);
}

/**
 * The `count` newest `wanted` codes of a team, newest change first: from the list's first 100 codes, newest change
 * first (one request), when they hold that many or are the whole list; else from the whole list read as
 * readLiveCodes reads it (an `updatedAt` order that other writers move mid-walk cannot cut it short), filtered
 * once and sorted by time of change here. Deleted codes a list holds are kept when `listed` keeps them.
 * `serviceDateMs`: the service's present by the list's `Date`, when it sent one.
 */
export async function readNewestCodes(
	ctx: IPollFunctions,
	teamId: string,
	{
		wanted,
		count,
		listed,
	}: {
		wanted: (code: ChangedQrCode) => boolean;
		count: number;
		listed: (code: QrCode) => boolean;
	},
): Promise<{ codes: ChangedQrCode[]; serviceDateMs?: number }> {
	let read = await readListedCodes(ctx, teamId, 'first', listed).catch(async (error: unknown) => {
		// a list not sorted as asked: its first page holds no newest codes, the whole list does
		if (!isOutOfOrderList(error)) throw error;
		return await readListedCodes(ctx, teamId, 'all', listed);
	});
	if (!read.whole && read.codes.filter(wanted).length < count)
		read = await readListedCodes(ctx, teamId, 'all', listed);
	const codes = read.codes
		.filter(wanted)
		.sort((a, b) => b.updatedAt - a.updatedAt)
		.slice(0, count);
	return read.dated ? { codes, serviceDateMs: read.readAtServiceMs } : { codes };
}

/**
 * The team's listed codes that `keep` takes, newest change first, placed on the timeline (unsearched): every page,
 * or the first 100 codes; `whole` when they are the whole list.
 */
async function readListedCodes(
	ctx: IPollFunctions,
	teamId: string,
	pages: 'all' | 'first',
	keep: (code: QrCode) => boolean,
): Promise<{ codes: ChangedQrCode[]; whole: boolean; readAtServiceMs: number; dated: boolean }> {
	const limit = CODES_PER_ANALYTICS_REQUEST;
	const {
		codes: listed,
		readAtServiceMs,
		dated,
	} = await listTeamQrsReadAt(ctx, {
		query: { sortBy: 'updatedAt', sortOrder: 'desc' },
		walk: pages === 'all' ? { returnAll: true } : { returnAll: false, limit },
		teamId,
	});
	const codes = await placeListedCodes(ctx, listed.filter(keep), Date.now());
	// a walk to a limit fails on a shortfall, so fewer codes than the limit are the list's end
	return { codes, whole: pages === 'all' || listed.length < limit, readAtServiceMs, dated };
}

/**
 * The newest scan event of the codes with startTime <= scanTime <= endTime, holding the answers of one walk (the
 * walk splits one too large to read or capped) and one scan from them, not every scan of the range.
 */
export async function readNewestScan(
	ctx: IPollFunctions,
	teamId: string,
	qrIds: readonly string[],
	startTime: number,
	endTime: number,
): Promise<(Scan & ScanRecord) | undefined> {
	let newest: (Scan & ScanRecord) | undefined;
	const keepNewest = (answer: Scan[]) => {
		for (const scan of answer)
			if (isScanRecord(scan) && (newest === undefined || scan.scanTime > newest.scanTime))
				newest = scan;
	};
	await walkBulkScans(ctx, { qrIds, startTime, endTime, teamId }, keepNewest, {
		cappedAdvice: TEST_EVENT_CAPPED_MOMENT_ADVICE,
	});
	return newest;
}

/**
 * What Fetch Test Event's error advises for such a millisecond (CAPPED_MOMENT_ADVICE): it chooses its ranges itself
 * (the last hour, day, 30 days), so the user has none to change.
 */
const TEST_EVENT_CAPPED_MOMENT_ADVICE =
	"Fetch Test Event reads the watched codes' newest scans in ranges it chooses itself and cannot leave that moment out, so it shows no sample. Ask QRTRAC to lift the limit of its scan answers; New Scans' polls fail the same way when they read that moment.";

/**
 * What New Scans' error advises for a code's millisecond whose scans cannot all be read (api/millisecondScans.ts):
 * a trigger chooses no range, and its cursor stays at a failed poll.
 */
const CAPPED_MOMENT_ADVICE =
	"New Scans cannot move past that moment: the trigger's cursor stays, so every poll reads it again and fails the same way until QRTRAC answers those scans whole. Ask QRTRAC to lift the limit of its scan answers.";

/** Scan events of the codes with startTime <= scanTime <= endTime: one request per 100 codes. */
export async function readScans(
	ctx: IPollFunctions,
	teamId: string,
	qrIds: readonly string[],
	startTime: number,
	endTime: number,
	presentMs = Date.now(),
): Promise<Scan[]> {
	const scans = await getBulkQrAnalytics(
		ctx,
		{ qrIds, startTime, endTime, teamId },
		{ cappedAdvice: CAPPED_MOMENT_ADVICE },
	);
	return await placeScans(ctx, scans, presentMs);
}
