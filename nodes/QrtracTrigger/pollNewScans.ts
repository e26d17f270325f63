import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { isLive } from '../shared/records/qrCode';
import {
	CEILING_MARGIN_MS,
	type ChangeCursor,
	capHighWater,
	inChangeOrder,
	queryFromTime,
	raiseFloor,
	setByBrokenDate,
	settleFirstPoll,
	startCursor,
} from './changeCursor';
import { isScanRecord, scanWindowEnd } from './scanCursor';
import { advancePass, codesLeft, mayReadAnotherChunk, pollBudgetOf, startPass } from './scanPass';
import { filtersKey, matchesFilters } from './codeFilters';
import {
	joinedAfterListing,
	joinedThroughChange,
	joinedToKeep,
	lastCheckOf,
	watchedWhenMade,
} from './joinedCodes';
import { readChangesSince, readLiveCodes, readServicePresent, resolveTeamId } from './qrtracReads';
import { namingRequests, scanEvents, scanTagKey, watchedCount } from './scanEvents';
import {
	FIRST_POLL_LOOKBACK_MS,
	MAX_SCAN_SPAN_MS,
	MAX_SCANS_PER_POLL,
	SCAN_END_MARGIN_MS,
	type TriggerSettings,
} from './settings';
import { claimState, type Claim } from './pollGuard';
import {
	loadNewScansState,
	saveNewScansState,
	stateScope,
	type NewScansState,
	type ScanPass,
} from './triggerState';
import {
	listLagFrom,
	readWatchedScans,
	unlistedAsLoaded,
	unlistedToKeep,
	watchedCodeGone,
} from './watchedScans';
import type { Scan } from '../shared/api';

interface CodeIdCache {
	codes: NewScansState['codes'];
	codeIds: string[];
	/** NewScansState `joined`: per code that came to match through a change, the earliest scan time to report. */
	joined: Map<string, number>;
	/**
	 * NewScansState `unlisted`: watched codes known from the changes answer alone since the last listing, each with
	 * when a list may start lagging behind it (watchedScans.ts `listLagFrom`).
	 */
	unlisted: Map<string, number>;
	/** The service's present as its last answer told it (n8n's clock when none did). */
	presentMs: number;
	/** NewScansState `checkedAtDate`: the service's `Date` as of which the watch list holds every matching code. */
	checkedAtDate?: number;
}

/**
 * One poll for new scans. Cost: 1 + ceil(n / 100) requests for n codes matching the filters (the code list is
 * kept in static data and refreshed from one "updated after time" request; scan events are read 100 codes per
 * bulk analytics request). The first poll, or one after the filters changed, lists the codes instead:
 * ceil(N / 100) + 1 + ceil(n / 100) requests for N codes of the team. The first poll learns where "now" is in the
 * service's time and reports only the scans made while it reads. A watched code the service no longer has
 * (watchedScans.ts) leaves the list with a log line; its scans not read before it went can no longer be read. Polls
 * that find scans also read the scanned codes to name them (scanEvents.ts). A poll after a long pause reads day by
 * day (MAX_SCAN_SPAN_MS) up to the present, stopping between days or chunks at MAX_SCANS_PER_POLL scans or the poll
 * budget (logged; the next polls go on).
 * Within n8n's poll budget (n8n 2.x) a poll reads only the chunks of codes the budget allows and the next polls
 * continue the pass (scanPass.ts).
 */
export async function pollNewScans(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	claim: Claim,
): Promise<INodeExecutionData[][] | null> {
	const startedAt = Date.now();
	const budgetMs = pollBudgetOf(ctx);
	const teamId = await resolveTeamId(ctx, settings.teamId);
	const where = await stateScope(ctx, `team:${teamId}`, false);
	const idsFilter = filtersKey(settings.filters);
	const staticData = ctx.getWorkflowStaticData('node');
	const stored = loadNewScansState(staticData, where);
	const now = Date.now();

	const listedForFilters = stored !== undefined && stored.idsFilter === idsFilter;
	const cache = listedForFilters
		? await refreshCodeIds(ctx, teamId, stored, settings)
		: await listCodeIds(ctx, teamId, settings, now, stored);
	// a scans cursor a broken Date set far ahead starts again as a first poll's, its scans reported
	const kept = stored && !setByBrokenDate(stored.scans, now, cache.presentMs) ? stored : undefined;
	const cursor =
		kept?.scans ??
		settleFirstPoll(startCursor(now - FIRST_POLL_LOOKBACK_MS), cache.presentMs, settings.overlapMs);
	// changed filters start over: the stored pass was of other codes
	const windowFrom = (from: ChangeCursor) =>
		scanWindowEnd(
			from.floor,
			{
				presentMs: cache.presentMs,
				// the later of the two clocks: a service ahead of n8n by more than the margin has its new scans read too
				end: Math.max(now, cache.presentMs) + SCAN_END_MARGIN_MS,
			},
			MAX_SCAN_SPAN_MS,
		);
	// A pass begun by an earlier poll goes on, also under changed filters: it names the codes it read, and
	// starting over from the cursor would report their scans again.
	let continued = kept?.pass !== undefined;
	let pass =
		kept?.pass ?? startPass(cursor, windowFrom(cursor), cache.presentMs, stored === undefined);
	let passCursor = cursor;
	let codeIds = cache.codeIds;
	const watched = () => watchedCount(codeIds.length, settings.filters);
	const tagKey = await scanTagKey(ctx);
	// a refused code is confirmed gone against the team's changes since the watch list's floor, or its list
	const goneCheck = watchedCodeGone(ctx, teamId, {
		from: queryFromTime(cache.codes),
		unlisted: cache.unlisted,
		serviceNowMs: lastCheckOf(cache),
	});
	const fresh: Scan[] = [];
	const spent = { chunksRead: 0, slowestChunkMs: 0 };
	// Also stops between chunks once MAX_SCANS_PER_POLL scans are found: one day of a busy team (10 scans/s) is
	// 864,000, too many for one poll's memory and items; the next polls continue the pass.
	const mayRead = (
		scans: readonly Scan[],
		chunks: { chunksRead: number; slowestChunkMs: number },
	) =>
		fresh.length + scans.length < MAX_SCANS_PER_POLL &&
		mayReadAnotherChunk(
			{
				elapsedMs: Date.now() - startedAt,
				chunksRead: spent.chunksRead + chunks.chunksRead,
				slowestChunkMs: Math.max(spent.slowestChunkMs, chunks.slowestChunkMs),
				namingRequests: namingRequests(
					new Set([...fresh, ...scans].map((scan) => scan.qrId)).size,
					watched(),
				),
			},
			budgetMs,
		);
	// One pass, or after a pause one day after another, until the present, MAX_SCANS_PER_POLL or the budget.
	let next: { cursor: ChangeCursor } | { pass: ScanPass };
	let behind = false;
	for (;;) {
		const { scans, gone, read, chunks } = await readWatchedScans(
			ctx,
			{
				teamId,
				qrIds: codesLeft(pass, codeIds),
				startTime: queryFromTime(passCursor),
				// A pass's later polls read up to its start only: its cursor cannot pass that moment (scanPass.ts), so
				// scans after it, many in a busy hour, come with the next pass instead of crowding the cursor's memory.
				// Its first poll reads on, as every poll did: scans stamped ahead of the service's Date come at once.
				endTime: continued ? Math.min(pass.endTime, pass.ceiling) : pass.endTime,
				presentMs: cache.presentMs,
				gone: goneCheck,
			},
			(progress) => mayRead(progress.scans, progress),
		);
		spent.chunksRead += chunks.chunksRead;
		spent.slowestChunkMs = Math.max(spent.slowestChunkMs, chunks.slowestChunkMs);
		if (gone.length > 0) {
			ctx.logger.warn(
				`QRTRAC Trigger: ${gone.length} watched code(s) no longer exist in QRTRAC and are no longer watched: ${gone.join(', ')}`,
			);
			codeIds = codeIds.filter((id) => !gone.includes(id));
		}
		const result = advancePass(passCursor, pass, scans.filter(isScanRecord), {
			ids: read,
			watched: codeIds,
			overlapMs: settings.overlapMs,
			tagKey,
		});
		// One at a time: spreading a poll's worth of scans into push() can overflow the call stack.
		for (const scan of result.scans) if (watchedWhenMade(scan, cache.joined)) fresh.push(scan);
		next = result.next;
		if ('pass' in next) break;
		// after a pause, also one that came while a pass begun earlier was under way, the next day is read now
		const window = windowFrom(next.cursor);
		if (!pass.catchingUp && !(continued && window.catchingUp)) break;
		passCursor = next.cursor;
		continued = false;
		behind =
			fresh.length >= MAX_SCANS_PER_POLL || !mayRead([], { chunksRead: 0, slowestChunkMs: 0 });
		if (behind) break;
		pass = startPass(passCursor, window, cache.presentMs, false);
	}
	// A first poll's `fresh` holds the scans after the present it began from (the pass's `quietBefore`); those up to
	// that present plus the time it has run were made while it read, and its cursor remembers them as reported. One
	// stamped further ahead of the service's `Date` is taken, as before activation, for seen.
	const duringPoll = cache.presentMs + (Date.now() - startedAt) + CEILING_MARGIN_MS;
	const reported =
		stored === undefined ? fresh.filter((scan) => scan.scanTime <= duringPoll) : fresh;
	const items = await scanEvents(ctx, teamId, reported, watched(), settings, goneCheck);
	// Saved only once the items are built: without n8n's durable cursors the static data written here stays
	// when the poll fails, and a failed poll must repeat its window rather than lose its scans.
	claimState(ctx, claim);
	const scansCursor = 'cursor' in next ? next.cursor : passCursor;
	saveNewScansState(staticData, {
		...where,
		idsFilter,
		codes: cache.codes,
		codeIds,
		joined: joinedToKeep(cache.joined, codeIds, scansCursor.floor),
		unlisted: unlistedToKeep(cache.unlisted, codeIds, lastCheckOf(cache)),
		checkedAtDate: cache.checkedAtDate,
		...('cursor' in next ? { scans: next.cursor } : { scans: passCursor, pass: next.pass }),
	});
	if ('pass' in next) {
		ctx.logger.info(
			`QRTRAC Trigger: New Scans read the scans of ${spent.chunksRead} chunk(s) of 100 watched codes within n8n's poll budget of ${budgetMs} ms and ${MAX_SCANS_PER_POLL} scans per poll; ${codesLeft(next.pass, codeIds).length} code(s) are left, and the next poll continues`,
		);
	} else if (behind) {
		// info, not warn: the poll stopped at MAX_SCANS_PER_POLL or the budget before the present
		ctx.logger.info(
			`QRTRAC Trigger: New Scans is catching up after a pause; this poll read scans up to ${new Date(passCursor.highWater ?? passCursor.floor).toISOString()}, the service's present is ${new Date(cache.presentMs).toISOString()}; the next polls continue`,
		);
	}
	return items.length > 0 ? [items] : null;
}

/** Applies the codes changed since the last poll (one request): matching live codes in, the rest out. */
async function refreshCodeIds(
	ctx: IPollFunctions,
	teamId: string,
	stored: NewScansState,
	settings: TriggerSettings,
): Promise<CodeIdCache> {
	const known = stored.codes.highWater ?? -Infinity;
	const {
		codes: changed,
		presentMs,
		serviceDateMs,
	} = await readChangesSince(
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
	const joined = new Map(Object.entries(stored.joined ?? {}));
	const unlisted = unlistedAsLoaded(stored, serviceDateMs ?? presentMs);
	const checkedAt = lastCheckOf(stored);
	let highWater = stored.codes.highWater;
	for (const code of inChangeOrder(changed)) {
		if (isLive(code) && matchesFilters(code, settings.filters)) {
			// a code that comes to match (a tag added): its scans from before were filtered out when made
			if (!ids.has(code.id)) {
				joined.set(code.id, joinedThroughChange(code, checkedAt, settings.overlapMs));
				unlisted.set(code.id, listLagFrom(code, serviceDateMs));
			}
			ids.add(code.id);
		} else {
			ids.delete(code.id);
			joined.delete(code.id);
			unlisted.delete(code.id);
		}
		highWater = Math.max(highWater ?? code.updatedAt, code.updatedAt);
	}
	highWater = capHighWater(stored.codes.highWater, highWater, presentMs + CEILING_MARGIN_MS);
	return {
		codes: {
			floor: raiseFloor(stored.codes.floor, highWater, settings.overlapMs),
			...optional(highWater),
		},
		codeIds: [...ids],
		joined,
		unlisted,
		presentMs,
		// the changes answer is one moment: every matching code is known as of its present, when a Date told it
		checkedAtDate: serviceDateMs,
	};
}

/**
 * Lists every live code of the team (ceil(N / 100) requests) and keeps the ids matching the filters; one more
 * request tells the service's present (qrtracReads.ts `readServicePresent`), where the first poll places its floors.
 */
async function listCodeIds(
	ctx: IPollFunctions,
	teamId: string,
	settings: TriggerSettings,
	now: number,
	stored: NewScansState | undefined,
): Promise<CodeIdCache> {
	const { codes, readAtServiceMs, dated } = await readLiveCodes(ctx, teamId);
	const matching = codes.filter((code) => matchesFilters(code, settings.filters));
	const presentMs = await readServicePresent(ctx, teamId, now);
	const newest = codes.reduce<number | undefined>(
		(max, code) => Math.max(max ?? code.updatedAt, code.updatedAt),
		undefined,
	);
	const start = settleFirstPoll(
		startCursor(now - FIRST_POLL_LOOKBACK_MS),
		presentMs,
		settings.overlapMs,
	);
	const overlapMs = settings.overlapMs;
	// A code changed during the walk may be listed as it was before (a tag added after its page was read) while one
	// on a later page shows a later change: the codes cursor stays at or below the walk's start, less the overlap,
	// so that the next refresh reads that change. Its start is the first page's `Date`; without one, no listed
	// change is known to lie before it, so no `highWater` is kept (lastCheckOf would take it for the check).
	if (dated) {
		const highWater = capHighWater(
			undefined,
			newest,
			Math.min(presentMs + CEILING_MARGIN_MS, readAtServiceMs),
		);
		const floor = Math.min(
			raiseFloor(start.floor, highWater, overlapMs),
			Math.max(0, readAtServiceMs - overlapMs),
		);
		return {
			codes: { floor, ...optional(highWater) },
			codeIds: matching.map((code) => code.id),
			joined: joinedAfterListing(matching, stored, settings),
			unlisted: new Map(),
			presentMs,
			// not the present read after the walk: a code may have come to match while the list was read
			checkedAtDate: readAtServiceMs,
		};
	}
	// n8n's clock (the first poll's floor) may be ahead of the service's: never above the newest listed change either
	const floor = newest === undefined ? start.floor : Math.min(start.floor, newest - overlapMs);
	return {
		codes: { floor: Math.max(0, floor) },
		codeIds: matching.map((code) => code.id),
		joined: joinedAfterListing(matching, stored, settings),
		unlisted: new Map(),
		presentMs,
	};
}

function optional(highWater: number | undefined): { highWater?: number } {
	return highWater === undefined ? {} : { highWater };
}
