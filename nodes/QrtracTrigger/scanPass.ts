import type { IPollFunctions } from 'n8n-workflow';

import { CEILING_MARGIN_MS, type ChangeCursor } from './changeCursor';
import { advanceScanCursor, type ScanRecord } from './scanCursor';
import { MAX_SEEN } from './settings';
import type { ScanPass } from './triggerState';

/**
 * A New Scans pass: one window [floor of the stored cursor C, `endTime`] read for every watched code, over as
 * many polls as n8n's poll budget needs. C stays as it is until the pass is complete, so every poll reports the
 * scans new relative to C; the pass builds the cursor that follows (`tail`) from every scan it reads, and stores
 * it as C once every watched code was read.
 */

/** Share of n8n's poll budget the scan reads may use; the rest names the scans found and saves. */
export const BUDGET_SHARE = 0.8;

/** The next chunk is guessed to take this many times the slowest chunk so far. */
export const NEXT_CHUNK_FACTOR = 1.5;

/** The budget of a poll when n8n gives none (n8n 1.x): n8n-core 2.x's own default, so that catching up ends. */
export const DEFAULT_POLL_BUDGET_MS = 5 * 60_000;

/**
 * n8n's poll budget in ms (n8n 2.x `getPollBudgetMs`); DEFAULT_POLL_BUDGET_MS without one (n8n 1.x, or a value
 * that is not a number of ms).
 */
export function pollBudgetOf(ctx: IPollFunctions): number {
	const read = (ctx as Partial<Pick<IPollFunctions, 'getPollBudgetMs'>>).getPollBudgetMs;
	if (typeof read !== 'function') return DEFAULT_POLL_BUDGET_MS;
	const budgetMs: unknown = read.call(ctx);
	return typeof budgetMs === 'number' && Number.isFinite(budgetMs) && budgetMs >= 0
		? budgetMs
		: DEFAULT_POLL_BUDGET_MS;
}

/**
 * Whether a poll reads one more chunk of 100 codes: yes unless the time spent so far, plus the next chunk (1.5 x
 * the slowest so far) and the requests that name the scans found (`namingRequests`, each guessed at the slowest
 * chunk), would pass 80 % of the budget. The first chunk is always read, so every poll makes progress.
 */
export function mayReadAnotherChunk(
	progress: {
		elapsedMs: number;
		chunksRead: number;
		slowestChunkMs: number;
		namingRequests: number;
	},
	budgetMs: number | undefined,
): boolean {
	if (budgetMs === undefined || progress.chunksRead === 0) return true;
	const ahead = progress.slowestChunkMs * (NEXT_CHUNK_FACTOR + progress.namingRequests);
	return progress.elapsedMs + ahead <= BUDGET_SHARE * budgetMs;
}

/**
 * A new pass from cursor C. `ceiling`: the service's present now, plus the margin: the codes read first are read
 * now, so the cursor that follows the pass must not start above this moment, or a scan those codes get while the
 * rest is read would fall below its floor and never be read.
 */
export function startPass(
	cursor: ChangeCursor,
	window: { endTime: number; catchingUp: boolean },
	presentMs: number,
	firstPoll: boolean,
): ScanPass {
	return {
		endTime: window.endTime,
		catchingUp: window.catchingUp,
		ceiling: presentMs + CEILING_MARGIN_MS,
		done: [],
		// the present's whole second: the `Date` header may tell it up to a second late (a first poll is silent)
		...(firstPoll ? { quietBefore: presentMs + CEILING_MARGIN_MS } : {}),
		tail: cursor,
	};
}

/** The watched codes the pass has not read yet, in the order of `watched`: codes added since it began among them. */
export function codesLeft(pass: ScanPass, watched: readonly string[]): string[] {
	const done = new Set(pass.done);
	return watched.filter((id) => !done.has(id));
}

/**
 * Applies the scans one poll read for `read` (codes of `codesLeft`, tagged with `tagKey`) to the pass. Pure. Returns the scans to report
 * (new relative to C; on a first poll's pass, none from before it began) and either the pass to continue or, once
 * no watched code is left, the cursor that replaces C.
 */
export function advancePass<T extends ScanRecord>(
	cursor: ChangeCursor,
	pass: ScanPass,
	scans: readonly T[],
	read: { ids: readonly string[]; watched: readonly string[]; overlapMs: number; tagKey: Buffer },
): { scans: T[]; next: { cursor: ChangeCursor } | { pass: ScanPass } } {
	const limits = { overlapMs: read.overlapMs, maxSeen: MAX_SEEN, tagKey: read.tagKey };
	const quietBefore = pass.quietBefore ?? -Infinity;
	const fresh = advanceScanCursor(cursor, scans, limits).scans.filter(
		(scan) => scan.scanTime >= quietBefore,
	);
	const done = new Set([...pass.done, ...read.ids]);
	const complete = read.watched.every((id) => done.has(id));
	const tail = advanceScanCursor(pass.tail, scans, {
		...limits,
		ceiling: pass.ceiling,
		// a catching-up pass has read every scan up to its end, so the cursor moves there even without scans
		readUpTo: complete && pass.catchingUp ? pass.endTime : undefined,
	}).cursor;
	if (complete) return { scans: fresh, next: { cursor: tail } };
	return {
		scans: fresh,
		// every code read stays done, also one filtered out meanwhile: read again, its scans would come twice
		next: { pass: { ...pass, done: [...done], tail } },
	};
}
