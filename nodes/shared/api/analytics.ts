import type { NodeApiError } from 'n8n-workflow';

import { CapWatch, looksCapped, nextSpan, splitSlice, type ScanSlice } from '../cappedAnswers';
import { isAnswerTooLarge, isRequestFailure } from '../serviceErrors';
import { eachAtOnce } from '../taskPool';
import type { TransportContext } from '../transport';
import { isOffContract } from './answerErrors';
import { readScans, unexpectedAnswer, type AnswerSource, type Scan } from './answers';
import {
	EARLIEST_EVENT_MS,
	expectedEventTime,
	FUTURE_TOLERANCE_MS,
	readEventTime,
} from './eventTime';
import { endpoint } from './route';
import { CodeAttribution } from './scanAttribution';
import { checkHalf, halvesAlike, type SplitFrom } from './ignoredRange';
import { askedRange, firstSpanAfter, FIRST_SLICE_MS, inSlice, sliceTarget } from './scanSlices';
import { codeScansAt } from './millisecondScans';
import {
	answerSource,
	callEndpoint,
	chunk,
	CODES_PER_ANALYTICS_REQUEST,
	type InTeam,
} from './source';
import { CODE_ADDRESSES } from './recordAddress';
import { apiError } from '../nodeErrors';

/**
 * The analytics operations of the contract (3; Get Scan Totals in scanTotals.ts). The bulk ones take at most 100
 * codes per request.
 */

export { CODES_PER_ANALYTICS_REQUEST } from './source';

/** Scan events of many codes; the trigger's scans and the report are read from it too. */
export const BULK_SCANS = endpoint('Get Scans for Codes', 'POST /analytics-api/detailed/all');

/**
 * The scan events of one code, in the service's order: every one, or at least those within `range` (Get Scans
 * has no range, so others may come too). An answer whose size looks capped (cappedAnswers.ts) is not taken for
 * all of them, nor is one too large to read: the range, within the code's whole life (2000-01-01 to a day past
 * the service's present), is then read through Get Scans for Codes, whose walk splits such answers; only the
 * range, so that a short range of a long-lived code costs the requests and memory of its own scans.
 */
export async function getQrAnalytics(
	ctx: TransportContext,
	{ qrId, teamId, itemIndex, range }: InTeam & { qrId: string; range?: EpochRange },
): Promise<Scan[]> {
	// an answer too large to read (64 MB) is walked as a capped one, on n8n's clock as no answer told another
	const { scans, presentMs } = await oneCodeAnswer(ctx, { qrId, teamId, itemIndex }).catch(
		(error: unknown) => {
			if (!isAnswerTooLarge(error)) throw error;
			return { scans: undefined, presentMs: Date.now() };
		},
	);
	if (scans !== undefined && !looksCapped(scans.length)) return scans;
	const startTime = Math.max(EARLIEST_EVENT_MS, range?.startTime ?? EARLIEST_EVENT_MS);
	const endTime = Math.min(presentMs + FUTURE_TOLERANCE_MS, range?.endTime ?? Infinity);
	if (startTime > endTime) return [];
	return await getBulkQrAnalytics(ctx, { qrIds: [qrId], startTime, endTime, teamId, itemIndex });
}

/** An inclusive range of epoch ms. */
export interface EpochRange {
	startTime: number;
	endTime: number;
}

/** One answer of Get Scans as it came; the walk's last resort for a capped slice reads it too (millisecondScans.ts). */
async function oneCodeAnswer(
	ctx: TransportContext,
	{ qrId, teamId, itemIndex }: InTeam & { qrId: string },
): Promise<{ scans: Scan[]; presentMs: number; source: AnswerSource }> {
	const { data, source, serviceDateMs } = await callEndpoint(ctx, {
		...CODE_ADDRESSES.scans,
		params: { id: qrId },
		teamId,
		itemIndex,
	});
	const presentMs = serviceDateMs ?? Date.now();
	return { scans: scansOf(source, data, [qrId], presentMs), presentMs, source };
}

/**
 * The scan events of an answer about the codes `qrIds`: one of a code not asked for fails the read (never shown
 * or counted for another code), and each `scanTime` is read by its unit (eventTime.ts), so that a service telling
 * epoch seconds has its scans neither dropped as outside the range nor placed in 1970. An event without `qrId`
 * (optional in the contract) is the code's when one was asked; an answer about several holding one is asked
 * again per code before it comes here (scanAttribution.ts).
 */
function scansOf(
	source: AnswerSource,
	data: unknown,
	qrIds: readonly string[],
	presentMs: number,
): Scan[] {
	const scans = readScans(source, data, qrIds.length === 1 ? qrIds[0] : undefined);
	const asked = new Set(qrIds);
	const foreign = scans.find((scan) => !asked.has(String(scan.qrId)));
	if (foreign)
		throw unexpectedAnswer(
			source,
			`scan events of the ${qrIds.length} codes asked for only`,
			foreign,
			`an event of code ${String(foreign.qrId)}, which was not asked for`,
		);
	return placeScanTimes(source, scans, presentMs);
}

/**
 * Scan events with `scanTime` in epoch ms, read by its unit on the service's present `presentMs`; the one
 * reading of scan times (the trigger's too). A scan without a sane time fails the read. An event already in
 * epoch ms is kept as it is: a report's answers are not copied.
 */
export function placeScanTimes(source: AnswerSource, scans: Scan[], presentMs: number): Scan[] {
	for (const [index, scan] of scans.entries()) {
		const scanTime = readEventTime(scan.scanTime, presentMs);
		if (scanTime === undefined)
			throw unexpectedAnswer(source, expectedEventTime('"scanTime"', presentMs), scan);
		if (scanTime !== scan.scanTime) scans[index] = { ...scan, scanTime };
	}
	return scans;
}

/**
 * Scan events of many codes with startTime <= scanTime <= endTime, one walk per 100 codes (`walkBulkScans`), one
 * request after another, kept in the order they came.
 */
export async function getBulkQrAnalytics(
	ctx: TransportContext,
	args: InTeam & { qrIds: readonly string[]; startTime: number; endTime: number },
	options: Pick<ScanWalkOptions, 'cappedAdvice'> = {},
): Promise<Scan[]> {
	const scans: Scan[] = [];
	// one by one: spreading an answer of 100,000 or more events into push() overflows the call stack
	const onScans = (answer: Scan[]) => {
		for (const scan of answer) scans.push(scan);
	};
	await walkBulkScans(ctx, args, onScans, options);
	return scans;
}

/** One request of a walk's slice, its answer not yet taken (`walkBulkScans`). */
type Asked = { answered: Scan[] } | { halves: [ScanSlice, ScanSlice] } | { perCode: true };

/** Most requests one walk sends (splits of capped answers included) before it gives up. */
export const MAX_SCAN_WALK_REQUESTS = 100_000;

export interface ScanWalkOptions {
	/**
	 * Events one answer should hold: the range is then walked in slices whose length follows the events found so
	 * far (a report that folds each answer holds no more than one per chunk in flight). Without it each 100 codes
	 * are asked for the whole range at once.
	 */
	targetEvents?: number;
	/**
	 * Chunks of 100 codes walked at once (default 1). Above 1 the answers reach `onScans` in the order they come,
	 * not the codes' order, and each chunk holds one answer per level down the path of a split capped answer (its
	 * second half's, asked before the first is walked): for callers whose fold does not depend on the order.
	 */
	chunksInFlight?: number;
	/** What the error of a millisecond that cannot be read whole advises (millisecondScans.ts `codeScansAt`). */
	cappedAdvice?: string;
}

/**
 * Walks the scan events of many codes: 100 codes at a time (or `chunksInFlight` chunks at once), the range of each
 * in slices, each answer handed to `onScans` (awaited) before that chunk's next request. An answer whose size
 * looks capped (cappedAnswers.ts) is never taken: its slice is asked again in two parts (cappedAnswers.ts
 * `splitSlice`), by time and then by codes, and the answer is dropped. A slice of one code and one millisecond
 * cannot be split: it is checked against every scan of that code (Get Scans, one request), and the longer of the
 * two answers is taken, or the walk fails when that cannot be shown whole (millisecondScans.ts). So is one code's
 * slice of a few seconds whose time halves were answered alike (ignoredRange.ts `halvesAlike`), except that when
 * that read fails or cannot be shown whole, the slice is split by time after all. An answer too large to read
 * (transport's 64 MB) is split alike; for one code and one millisecond its error stands. An answer about several
 * codes with an event without `qrId` is dropped too, and that slice asked one code per request; then each code
 * walks the rest of the range alone, so no slice is asked twice (scanAttribution.ts). These POSTs only read, so
 * one may be sent again after an unknown outcome.
 */
export async function walkBulkScans(
	ctx: TransportContext,
	{
		qrIds,
		startTime,
		endTime,
		teamId,
		itemIndex,
	}: InTeam & { qrIds: readonly string[]; startTime: number; endTime: number },
	onScans: (scans: Scan[]) => unknown,
	options: ScanWalkOptions = {},
): Promise<void> {
	const source = await answerSource(ctx, BULK_SCANS, itemIndex);
	const watch = new CapWatch();
	const attribution = new CodeAttribution('qrId');
	let requests = 0;
	/**
	 * One request of a slice, its answer not yet taken (`take`): undefined once another chunk failed (the walk
	 * ends in its error, so nothing more is asked); `halves` for an answer too large to read (64 MB), asked
	 * again in halves as a capped one is; `perCode` for a slice to be asked one code per request.
	 */
	const ask = async (slice: ScanSlice, stopped: () => boolean): Promise<Asked | undefined> => {
		if (stopped()) return undefined;
		if (attribution.perCode(slice.qrIds)) return { perCode: true };
		if (++requests > MAX_SCAN_WALK_REQUESTS) throw tooManySlices(source);
		const answer = await callEndpoint(ctx, {
			...BULK_SCANS,
			body: askedRange(slice),
			teamId,
			itemIndex,
			verifyUnknownOutcome: async () => null,
		}).catch((error: unknown) => {
			const halves = isAnswerTooLarge(error) ? splitSlice(slice) : undefined;
			if (!halves) throw error;
			return halves;
		});
		if (Array.isArray(answer)) return { halves: answer };
		const { data, serviceDateMs } = answer;
		// events without `qrId` in an answer about several codes: dropped, the slice asked per code
		if (attribution.cannotAttribute(slice.qrIds, data)) return { perCode: true };
		return { answered: scansOf(source, data, slice.qrIds, serviceDateMs ?? Date.now()) };
	};
	const read = async (slice: ScanSlice, stopped: () => boolean): Promise<number> =>
		await take(slice, await ask(slice, stopped), stopped);
	const take = async (
		slice: ScanSlice,
		asked: Asked | undefined,
		stopped: () => boolean,
	): Promise<number> => {
		if (asked === undefined || stopped()) return 0;
		if ('perCode' in asked) return await eachCode(slice, stopped);
		if ('halves' in asked)
			return (await read(asked.halves[0], stopped)) + (await read(asked.halves[1], stopped));
		const size = asked.answered.length;
		if (watch.suspect(size)) {
			const halves = splitSlice(
				slice,
				asked.answered.map((scan) => scan.scanTime),
			);
			if (halves) {
				// both halves asked before either is split, so that a service not keeping to the range is found at
				// this split (ignoredRange.ts), not after walking a first half down to a millisecond
				const split: SplitFrom = { slice, answered: asked.answered, range: { startTime, endTime } };
				const first = await ask(halves[0], stopped);
				let one = first && 'answered' in first ? first.answered : undefined;
				if (one) checkHalf(source, split, halves[0], one);
				const second = await ask(halves[1], stopped);
				let two = second && 'answered' in second ? second.answered : undefined;
				if (two) checkHalf(source, split, halves[1], two);
				if (!slice.alikeRefuted && one && two && halvesAlike(split, halves, [one, two])) {
					// asked more finely than the service compares: its answer is taken again, split by codes only;
					// the halves' answers are dropped first, so that this level holds one answer, not three
					one.length = two.length = 0;
					return await take({ ...slice, timeAlike: true }, asked, stopped);
				}
				// only its size is needed from here: each level then holds one answer (its second half's), not three
				asked.answered = split.answered = one = two = [];
				const found =
					(await take(halves[0], first, stopped)) + (await take(halves[1], second, stopped));
				watch.learn(size, found);
				return found;
			}
			const [qrId] = slice.qrIds;
			// a slice split by codes alone may hold other seconds of the code: when its request fails (refused, too
			// large, no answer) or its read is not shown whole, the slice is split by time; anything else ends the walk
			// (an answer off the contract, Stop, a told wait past Maximum Wait, an error of the node's own code)
			const fallible = slice.timeAlike === true && slice.endTime > slice.startTime;
			const whole = await codeScansAt(ctx, {
				qrId,
				range: slice,
				teamId,
				itemIndex,
				bulk: { source, answered: size },
				readCode: async () => await oneCodeAnswer(ctx, { qrId, teamId, itemIndex }),
				advice: options.cappedAdvice,
				fallible,
			}).catch((error: unknown) => {
				if (fallible && isRequestFailure(error) && !isOffContract(error)) return undefined;
				throw error;
			});
			if (whole === undefined)
				return await take({ ...slice, timeAlike: false, alikeRefuted: true }, asked, stopped);
			if (whole.length > inSlice(slice, asked.answered).length) {
				watch.learn(size, whole.length);
				await onScans(whole);
				return whole.length;
			}
		}
		const scans = inSlice(slice, asked.answered);
		await onScans(scans);
		watch.taken(size);
		return scans.length;
	};
	/** A slice asked one code per request, each answer still read by the capped-answer rule (`read`). */
	const eachCode = async (slice: ScanSlice, stopped: () => boolean): Promise<number> => {
		let found = 0;
		for (const qrId of slice.qrIds)
			if (!stopped()) found += await read({ ...slice, qrIds: [qrId] }, stopped);
		return found;
	};
	const whole = endTime - startTime + 1;
	/** The span the walk's chunks found last: a new chunk starts a step below it, not at one hour again. */
	let learnt: number | undefined;
	const walkChunk = async (
		ids: readonly string[],
		stopped: () => boolean,
		from = startTime,
		firstSpan?: number,
	): Promise<void> => {
		let span =
			firstSpan ??
			(options.targetEvents === undefined
				? whole
				: Math.min(whole, learnt === undefined ? FIRST_SLICE_MS : firstSpanAfter(learnt)));
		while (from <= endTime && !stopped()) {
			// once an answer could not be attributed, each code walks the rest alone, in slices fit for its own events
			if (attribution.perCode(ids)) {
				for (const qrId of ids) if (!stopped()) await walkChunk([qrId], stopped, from, span);
				return;
			}
			const to = Math.min(endTime, from + span - 1);
			const found = await read({ qrIds: ids, startTime: from, endTime: to }, stopped);
			if (options.targetEvents !== undefined) {
				span = nextSpan(to - from + 1, found, sliceTarget(options.targetEvents, watch));
				learnt = span;
			}
			from = to + 1;
		}
	};
	await eachAtOnce(
		chunk(qrIds, CODES_PER_ANALYTICS_REQUEST),
		options.chunksInFlight ?? 1,
		walkChunk,
	);
}

function tooManySlices(source: AnswerSource): NodeApiError {
	return apiError(
		source.node,
		{ success: false, message: 'too many slices' },
		{
			message: `${source.operation} was asked more than ${MAX_SCAN_WALK_REQUESTS} times for one range`,
			description:
				'Its answers kept looking capped, so the range was split again and again. Choose a shorter range or fewer codes.',
			itemIndex: source.itemIndex,
		},
	);
}
