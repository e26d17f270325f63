import { NodeApiError, type IPollFunctions } from 'n8n-workflow';

import {
	answeredNoCode,
	CODES_PER_ANALYTICS_REQUEST,
	chunk,
	deletedChangesSince,
	getQrById,
	goneAmong,
	type QrCode,
	type Scan,
} from '../shared/api';
import { retitle } from '../shared/nodeErrors';
import { isLive } from '../shared/records/qrCode';
import { mayNameGoneCode, mayShowGoneCode, refusedAsGone } from '../shared/refusals';
import { lastCheckOf } from './joinedCodes';
import { readLiveCodes, readScans } from './qrtracReads';
import type { NewScansState } from './triggerState';

/** How far a read of watched codes has come, before its next chunk of 100 codes. */
export interface ChunkProgress {
	chunksRead: number;
	/** The longest a chunk took so far, ms (n8n's clock; 0 before the first). */
	slowestChunkMs: number;
	scans: readonly Scan[];
}

/**
 * Scan events of the watched codes, and the watched codes that are gone. The bulk analytics endpoint refuses a
 * whole request when one of its codes no longer exists (deleted, possibly without the changes answer ever listing
 * it). Rule: a request refused as a gone code may be (refusals.ts `mayNameGoneCode`: 400, 403, 404, 410) is split
 * in halves until the refused code is alone; a code is gone only when the service confirms it: reading it shows it
 * deleted, or `gone` (watchedCodeGone) says so. A refusal no code explains is the poll's error, as before: nothing
 * is dropped on a guess, and a live code refused for a while stays watched. `more` is asked before each chunk of
 * 100 codes whether to read it (the poll budget, scanPass.ts); `read` lists the codes read, gone ones included.
 */
export async function readWatchedScans(
	ctx: IPollFunctions,
	args: {
		teamId: string;
		qrIds: readonly string[];
		startTime: number;
		endTime: number;
		presentMs: number;
		gone: GoneCheck;
	},
	more: (progress: ChunkProgress) => boolean = () => true,
): Promise<{ scans: Scan[]; gone: string[]; read: string[]; chunks: ChunkProgress }> {
	const scans: Scan[] = [];
	const gone: string[] = [];
	const read = async (ids: readonly string[]): Promise<void> => {
		const failure = await readScans(
			ctx,
			args.teamId,
			ids,
			args.startTime,
			args.endTime,
			args.presentMs,
		).then(
			(found) => {
				// One at a time: spreading a poll's worth of scans into push() can overflow the call stack.
				for (const scan of found) scans.push(scan);
			},
			(error: unknown) => error as Error,
		);
		if (failure === undefined) return;
		if (!mayNameGoneCode(failure)) throw failure;
		if (ids.length > 1) {
			const half = Math.ceil(ids.length / 2);
			await read(ids.slice(0, half));
			await read(ids.slice(half));
			return;
		}
		if (!(await isGone(ctx, args, ids[0]))) throw stillWatched(ctx, ids[0], failure, 'the scans');
		gone.push(ids[0]);
	};
	const done: string[] = [];
	let slowestChunkMs = 0;
	let chunksRead = 0;
	for (const ids of chunk(args.qrIds, CODES_PER_ANALYTICS_REQUEST)) {
		if (!more({ chunksRead, slowestChunkMs, scans })) break;
		const startedAt = Date.now();
		await read(ids);
		slowestChunkMs = Math.max(slowestChunkMs, Date.now() - startedAt);
		chunksRead += 1;
		for (const id of ids) done.push(id);
	}
	return { scans, gone, read: done, chunks: { chunksRead, slowestChunkMs, scans } };
}

/** Whether the service says the code no longer exists in the team, after a refusal of its scans. */
async function isGone(
	ctx: IPollFunctions,
	{ teamId, gone }: { teamId: string; gone: GoneCheck },
	id: string,
): Promise<boolean> {
	const read = await getQrById(ctx, { id, teamId, typedId: false }).then(
		(code) => ({ deleted: !isLive(code) }),
		(error: unknown) => ({ error: error as Error }),
	);
	if ('deleted' in read) return read.deleted;
	if (await gone(id, read.error)) return true;
	throw stillWatched(ctx, id, read.error, 'the scans');
}

/**
 * The poll's error when QRTRAC refuses a watched code, or reads it without a code, and has not confirmed it deleted
 * (a role refused for a while, a list lagging): the failure, titled with the code, and what the trigger does next.
 * Other errors are left as they are.
 */
export function stillWatched(
	ctx: IPollFunctions,
	id: string,
	error: unknown,
	what: string,
): unknown {
	if (!(error instanceof NodeApiError) || !mayShowGoneCode(error)) return error;
	// a read answered success without a code is no refusal: only the scans, when they were refused, are
	const noCode = answeredNoCode(error);
	const title = !noCode
		? `QRTRAC refused ${what} of watched code ${id}: ${error.message}`
		: what === 'the read'
			? `Watched code ${id}: ${error.message}`
			: `QRTRAC refused ${what} of watched code ${id}; its read: ${error.message}`;
	retitle(
		ctx.getNode(),
		error,
		title,
		[
			error.description,
			`QRTRAC has not confirmed the code deleted (its changes do not show it deleted, and the team's list still holds it or may not show it yet), so New Scans keeps watching it: this poll reports nothing, and a later poll reads the code's scans from where this one began and reports them once QRTRAC answers for it.`,
		]
			.filter(Boolean)
			.join(' '),
	);
	return error;
}

/** Whether a watched code whose read was refused with `refusal` is gone (watchedCodeGone). */
export type GoneCheck = (id: string, refusal: unknown) => Promise<boolean>;

/**
 * How long after a listing held a refused code live the trigger takes that for its answer, not listing the team
 * again: a lasting 403 (a role refused for days) would else read every page of the team at every poll. A code
 * deleted without a trace meanwhile is let go that much later; its polls fail until then, so no scan is lost.
 */
export const RELIST_REFUSED_AFTER_MS = 10 * 60_000;

/** Most refused codes remembered as listed live; the oldest go first. */
const MAX_REFUSED_LIVE = 1_000;

/**
 * By team and code, when (n8n's clock) a listing held a refused code live: in the process, not in static data,
 * since n8n's durable cursors drop what a failed poll wrote, and a refusal of a live code fails the poll.
 */
const refusedLiveAt = new Map<string, number>();

function listedLiveLately(teamId: string, id: string, now: number): boolean {
	const at = refusedLiveAt.get(`${teamId}:${id}`);
	return at !== undefined && now - at >= 0 && now - at < RELIST_REFUSED_AFTER_MS;
}

function rememberListedLive(teamId: string, id: string, now: number): void {
	const key = `${teamId}:${id}`;
	refusedLiveAt.delete(key);
	refusedLiveAt.set(key, now);
	for (const oldest of refusedLiveAt.keys()) {
		if (refusedLiveAt.size <= MAX_REFUSED_LIVE) break;
		refusedLiveAt.delete(oldest);
	}
}

/** The longest a team's list may lag behind a code's change: a code the changes brought is listed by then. */
const LIST_LAG_BOUND_MS = 15 * 60_000;

/**
 * When the list may start lagging behind a code the changes answer brings (NewScansState `unlisted`): its change,
 * `updatedAt` (the service's clock, also without a `Date`), never after the answer's `Date`. Not the answer's
 * present: a poll that fails saves nothing and the next brings the code again, so a present would restart the
 * bound at every poll, and an undated answer's present is n8n's clock.
 */
export function listLagFrom(
	code: { updatedAt: number },
	serviceDateMs: number | undefined,
): number {
	return Math.min(code.updatedAt, serviceDateMs ?? Infinity);
}

/**
 * NewScansState `unlisted` as loaded. An array, stored before the times were kept, counts as brought at the saved
 * watch list's last check (joinedCodes.ts `lastCheckOf`, the service's clock), which every failing poll loads
 * alike, else at `fallbackMs`.
 */
export function unlistedAsLoaded(
	stored: Pick<NewScansState, 'unlisted' | 'checkedAtDate' | 'codes'>,
	fallbackMs: number,
): Map<string, number> {
	const { unlisted } = stored;
	if (Array.isArray(unlisted)) {
		const at = lastCheckOf(stored) ?? fallbackMs;
		return new Map(unlisted.map((id) => [id, at]));
	}
	return new Map(Object.entries(unlisted ?? {}));
}

/**
 * Whether a list may still lag behind a code brought at `broughtAt` (absent: listed), as of `serviceNowMs`, a
 * time of the service's clock already past (absent: none known, so it may).
 */
function withinListLag(broughtAt: number | undefined, serviceNowMs: number | undefined): boolean {
	if (broughtAt === undefined) return false;
	return serviceNowMs === undefined || serviceNowMs - broughtAt <= LIST_LAG_BOUND_MS;
}

/** `unlisted` as stored: watched codes a list may still lag behind (`withinListLag`); the others count as listed. */
export function unlistedToKeep(
	unlisted: ReadonlyMap<string, number>,
	codeIds: readonly string[],
	serviceNowMs: number | undefined,
): Record<string, number> {
	const watched = new Set(codeIds);
	return Object.fromEntries(
		[...unlisted].filter(([id, at]) => watched.has(id) && withinListLag(at, serviceNowMs)),
	);
}

/**
 * The trigger's proof that a watched code is gone, after a refusal of its read: the refusal itself when it says so
 * (refusals.ts `refusedAsGone`: not found, 410); any other answer of a gone code (`mayShowGoneCode`) only when the
 * team's changes since `from` (the service's time) or its list confirm it, by the actions' rule (api/deletions.ts
 * `goneAmong`), the changes and the list each read at most once per poll. The list is proof only for a code a
 * listing held: `unlisted` are the watched codes the changes answer brought since the team was last listed (a list
 * may lag behind it), each with its change (`listLagFrom`); those a new listing holds leave it, and one changed
 * more than LIST_LAG_BOUND_MS before `serviceNowMs` (the service's clock: its `Date`, else the newest change read,
 * never n8n's clock) counts as listed, so that a code deleted without a trace is let go at last instead of failing
 * every poll. A code a listing held live less than RELIST_REFUSED_AFTER_MS ago is not listed for again. Other
 * errors are no proof.
 */
export function watchedCodeGone(
	ctx: IPollFunctions,
	teamId: string,
	{
		from,
		unlisted,
		serviceNowMs,
	}: { from: number; unlisted: Map<string, number>; serviceNowMs: number | undefined },
): GoneCheck {
	let listed: Promise<QrCode[]> | undefined;
	const listAgain = async () =>
		await (listed ??= readLiveCodes(ctx, teamId).then(({ codes }) => {
			for (const code of codes) unlisted.delete(code.id);
			return codes;
		}));
	const deletedChanges = deletedChangesSince(ctx, { from, teamId });
	return async (id, refusal) => {
		if (refusedAsGone(refusal)) return true;
		if (!mayShowGoneCode(refusal)) return false;
		const now = Date.now();
		const gone = await goneAmong({
			qrIds: [id],
			deletedChanges,
			listAgain,
			listedBefore: (code) =>
				!withinListLag(unlisted.get(code), serviceNowMs) && !listedLiveLately(teamId, code, now),
		});
		if (gone.has(id)) return true;
		if (listed !== undefined && (await listed.catch(() => [])).some((code) => code.id === id))
			rememberListedLive(teamId, id, now);
		return false;
	};
}
