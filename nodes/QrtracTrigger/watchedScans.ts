import type { IPollFunctions } from 'n8n-workflow';

import { CODES_PER_ANALYTICS_REQUEST, chunk, getQrById, type Scan } from '../shared/api';
import { isLive } from '../shared/records/qrCode';
import { mayNameGoneCode } from '../shared/refusals';
import { readScans } from './qrtracReads';

/** How far a read of watched codes has come, before its next chunk of 100 codes. */
export interface ChunkProgress {
	chunksRead: number;
	/** The longest a chunk took so far, ms (n8n's clock; 0 before the first). */
	slowestChunkMs: number;
	scans: readonly Scan[];
}

/**
 * Scan events of the watched codes, and the watched codes that are gone. The bulk analytics endpoint refuses a
 * whole request (400) when one of its codes no longer exists (deleted, possibly without the changes answer ever
 * listing it). Rule: a refused request is split in halves until the refused code is alone; a code is gone only
 * when the service confirms it: reading it shows it deleted, or is refused as the actions read a code not there
 * (refusals.ts `mayNameGoneCode`: 400, 403, 404 or 410). A refusal no code explains is
 * the poll's error, as before: nothing is dropped on a guess. `more` is asked before each chunk of 100 codes
 * whether to read it (the poll budget, scanPass.ts); `read` lists the codes read, gone ones included.
 */
export async function readWatchedScans(
	ctx: IPollFunctions,
	args: {
		teamId: string;
		qrIds: readonly string[];
		startTime: number;
		endTime: number;
		presentMs: number;
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
		if (!(await isGone(ctx, args.teamId, ids[0]))) throw failure;
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

/** Whether the service says the code no longer exists in the team. */
async function isGone(ctx: IPollFunctions, teamId: string, id: string): Promise<boolean> {
	const read = await getQrById(ctx, { id, teamId }).then(
		(code) => ({ deleted: !isLive(code) }),
		(error: unknown) => ({ error: error as Error }),
	);
	if ('deleted' in read) return read.deleted;
	if (mayNameGoneCode(read.error)) return true;
	throw read.error;
}
