import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { incompleteListError } from '../shared/api';
import { MAX_PAGE_SIZE } from '../shared/pagination';
import { isLive } from '../shared/records/qrCode';
import {
	CEILING_MARGIN_MS,
	capHighWater,
	queryFromTime,
	raiseFloor,
	settleFirstPoll,
	startCursor,
} from './changeCursor';
import {
	listingShortfall,
	planAfterFirstPage,
	planAfterPage,
	resumeAt,
	MAX_FORWARD_PAGES,
	type PagePlan,
} from './codeListing';
import { matchesFilters } from './codeFilters';
import { readChangesSince, readCodePage } from './qrtracReads';
import { mayReadAnotherChunk } from './scanPass';
import { FIRST_POLL_LOOKBACK_MS, type TriggerSettings } from './settings';
import {
	loadListingState,
	type ListingProgress,
	type ListingState,
	type NewScansState,
} from './triggerState';

/** The watched codes (live, matching the filters) and where their refresh from the change feed continues. */
export interface CodeIdCache {
	codes: NewScansState['codes'];
	codeIds: string[];
	/** The service's present as its last answer told it (n8n's clock when none did). */
	presentMs: number;
}

/** When a listing began: the service's present and n8n's clock; a first poll's "now". */
export interface ListingStart {
	presentMs: number;
	nowMs: number;
}

/** The cursor of a first poll whose "now" is `began` (floors set there, lowered to the service's clock). */
export function firstPollStart(began: ListingStart, overlapMs: number) {
	return settleFirstPoll(
		startCursor(began.nowMs - FIRST_POLL_LOOKBACK_MS),
		began.presentMs,
		overlapMs,
	);
}

/** Applies the codes changed since the last poll (one request): matching live codes in, the rest out. */
export async function refreshCodeIds(
	ctx: IPollFunctions,
	teamId: string,
	stored: Pick<NewScansState, 'codes' | 'codeIds'>,
	settings: TriggerSettings,
): Promise<CodeIdCache & { deleted: string[] }> {
	const known = stored.codes.highWater ?? -Infinity;
	const { codes: changed, presentMs } = await readChangesSince(
		ctx,
		{ allTeams: false, teamId },
		{
			floor: stored.codes.floor,
			highWater: stored.codes.highWater,
			fromTime: queryFromTime(stored.codes),
			isNew: (code) => code.updatedAt > known,
		},
	);
	const ids = new Set(stored.codeIds);
	let highWater = stored.codes.highWater;
	for (const code of changed) {
		if (isLive(code) && matchesFilters(code, settings.filters)) ids.add(code.id);
		else ids.delete(code.id);
		highWater = Math.max(highWater ?? code.updatedAt, code.updatedAt);
	}
	highWater = capHighWater(stored.codes.highWater, highWater, presentMs + CEILING_MARGIN_MS);
	return {
		codes: {
			floor: raiseFloor(stored.codes.floor, highWater, settings.overlapMs),
			...(highWater === undefined ? {} : { highWater }),
		},
		codeIds: [...ids],
		presentMs,
		deleted: changed.filter((code) => !isLive(code)).map((code) => code.id),
	};
}

/** Pages read so far in this poll, counted as mayReadAnotherChunk counts chunks. */
export interface Spent {
	chunksRead: number;
	slowestChunkMs: number;
}

export type ListingOutcome =
	| { cache: CodeIdCache; began: ListingStart; resumed: boolean }
	| { state: ListingState; progressLine?: string };

/**
 * Lists the team's live codes, page by page in codeListing.ts's order, while the poll budget allows
 * (mayReadAnotherChunk, the one budget rule; the feed read that completes the listing is counted ahead). A listing
 * left incomplete comes back as the state to save; the next polls continue it. A complete one is brought up to
 * date from the change feed read from its start, then counted against the total page 1 announced: a first
 * shortfall starts the listing over (logged), a second one in a row fails the poll.
 */
export async function listWatchedCodes(
	ctx: IPollFunctions,
	where: { teamId: string; scope: string; idsFilter: string; staticData: IDataObject },
	settings: TriggerSettings,
	budget: { startedAt: number; budgetMs: number; spent: Spent },
): Promise<ListingOutcome> {
	const { teamId, scope, idsFilter } = where;
	const saved = loadListingState(where.staticData, scope, idsFilter);
	const { spent } = budget;
	const mayRead = () =>
		mayReadAnotherChunk(
			{ ...spent, elapsedMs: Date.now() - budget.startedAt, namingRequests: 1 },
			budget.budgetMs,
		);
	const read = async (page: number, pageSize: number) => {
		const startedAt = Date.now();
		const answer = await readCodePage(ctx, {
			teamId,
			search: settings.filters.search,
			page,
			pageSize,
		});
		spent.slowestChunkMs = Math.max(spent.slowestChunkMs, Date.now() - startedAt);
		spent.chunksRead += 1;
		for (const code of answer.codes) {
			if (listed.has(code.id)) continue;
			listed.add(code.id);
			(isLive(code) && matchesFilters(code, settings.filters) ? watched : others).push(code.id);
		}
		return answer;
	};
	const watched: string[] = [...(saved?.progress?.watched ?? [])];
	const others: string[] = [...(saved?.progress?.others ?? [])];
	const listed = new Set([...watched, ...others]);
	let began: ListingStart;
	let plan: PagePlan;
	const resumed = saved?.progress !== undefined;
	if (saved?.progress) {
		began = saved.progress.began;
		const { pageSize, total, next } = saved.progress;
		plan = { pageSize, total, next: resumeAt({ pageSize, total, next }) };
	} else {
		const nowMs = Date.now();
		const first = await read(1, MAX_PAGE_SIZE);
		began = { presentMs: first.serviceDateMs ?? nowMs, nowMs };
		plan = planAfterFirstPage({ ...first, items: first.codes });
	}
	while (plan.next !== undefined && mayRead()) {
		if (plan.next > MAX_FORWARD_PAGES)
			throw shortfallError(ctx, { got: listed.size, reason: 'the list did not end' });
		const answer = await read(plan.next, plan.pageSize);
		plan = planAfterPage(plan, plan.next, answer.codes.length);
	}
	if (plan.next !== undefined) {
		const progress: ListingProgress = { began, ...plan, next: plan.next, watched, others };
		const of = plan.total === undefined ? '' : ` of the ${plan.total} announced`;
		return {
			state: { scope, idsFilter, shortfalls: saved?.shortfalls, progress },
			progressLine: `QRTRAC Trigger: New Scans is listing the team's codes within n8n's poll budget of ${budget.budgetMs} ms: ${listed.size} listed so far${of}, page ${plan.next} is next; the next poll continues the listing and the trigger reports scans once it is complete`,
		};
	}
	const start = firstPollStart(began, settings.overlapMs);
	const refreshed = await refreshCodeIds(
		ctx,
		teamId,
		// the listing saw every code changed before it began: the feed from there, less the overlap, brings the rest
		{
			codes: { floor: raiseFloor(start.floor, began.presentMs, settings.overlapMs) },
			codeIds: watched,
		},
		settings,
	);
	const missing = listingShortfall(plan.total, listed, refreshed.deleted);
	if (missing === 0) {
		const { codes, codeIds, presentMs } = refreshed;
		return { cache: { codes, codeIds, presentMs }, began, resumed };
	}
	const shortfall = {
		got: listed.size,
		expected: plan.total,
		reason: `with the ${refreshed.deleted.length} code(s) the change feed named deleted since the listing began, ${missing} code(s) of the total page 1 announced are missing`,
	};
	if ((saved?.shortfalls ?? 0) >= 1) throw shortfallError(ctx, shortfall);
	ctx.logger.warn(
		`QRTRAC Trigger: New Scans' listing of the team's codes came out ${missing} code(s) short of the ${plan.total} the list announced; it starts over`,
	);
	return { state: { scope, idsFilter, shortfalls: 1 } };
}

/** The requests of a listing, for the message: every page once, page 1 twice (an estimate across polls). */
function pagesOf(shortfall: { got: number; expected?: number }): number {
	return Math.ceil((shortfall.expected ?? shortfall.got) / MAX_PAGE_SIZE) + 1;
}

function shortfallError(
	ctx: IPollFunctions,
	shortfall: { got: number; expected?: number; reason: string },
) {
	return incompleteListError(
		ctx,
		{ ...shortfall, requests: pagesOf(shortfall) },
		"the New Scans trigger's list of watched codes, read over several polls",
	);
}
