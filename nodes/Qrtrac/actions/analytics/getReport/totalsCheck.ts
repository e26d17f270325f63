import type { IDataObject } from 'n8n-workflow';

import { NO_TOTALS_NOTE, totalsByCode } from '../codeTotals';
import type { Cutoff, CutoffCounts } from './scanTally';

/**
 * Compare With Totals (pure): each code's all-time scans as QRTRAC's totals count them (`allTimeScans`), and when
 * the range covers the code's whole life (from its creation to its last scan, as the totals tell them) but the
 * code's events up to its cutoff count a different number, a `totalsNote` that says so. The service can cause
 * that (events recorded late, removed, or counted differently); the report shows it rather than pick one number.
 * The totals are read before the events, and a code's events are counted only up to a time of QRTRAC's own clock
 * that was already past when its totals were read (`cutoffs`), so a scan made while the report runs is no
 * disagreement, and no time of n8n's clock is read on QRTRAC's. The totals' times come in epoch ms, read by their
 * unit where they are read (api/scanTotals.ts `readTotalsAnswers`).
 */
export interface TotalsCheck {
	/** Per code, where the time its scan events are counted up to against its totals lies. */
	cutoffs: ReadonlyMap<string, Cutoff>;
	/** `allTimeScans` and any `totalsNote` of a code, from its events counted against its cutoff (0 without one). */
	compare(qrId: string, counted: CutoffCounts): IDataObject;
}

/** A totals row and where the last scan its `updatedAt` stands for lies (api/scanTotals.ts `TotalsRead`). */
export interface TotalsRow {
	totals: IDataObject;
	lastScan?: Cutoff;
}

/**
 * `answers`: the totals rows of each answer, in the order the answers came, one request after another. A code's
 * cutoff is the later of its own last scan and the latest last scan of the earlier answers, which was past before
 * its answer was asked, so the code has no scan between its own last scan and that time. Its own last scan, when
 * the report's last scan times are all on whole seconds (or days, hours, minutes, tenths, hundredths), lies anywhere
 * within that step either side of it (truncated or rounded): the totals counted the events before that span and at least one
 * in it (the last scan), perhaps not a later one made while the report ran, so they disagree with the events only
 * outside it. The rows of one answer lend each other nothing: the contract promises neither their order nor one
 * moment for all of them (a service may read each code's counter on its own). So a code never scanned, which has
 * no last scan (its `updatedAt` is none), in the first answer has no cutoff and gets no comparison.
 */
export function totalsCheck(
	range: { startTime: number; endTime: number },
	answers: readonly (readonly TotalsRow[])[],
): TotalsCheck {
	const totalsOf = totalsByCode(answers.flat().map((row) => row.totals));
	const cutoffs = new Map<string, Cutoff>();
	// codes whose cutoff is a time another code's row gave, not their own last scan
	const borrowed = new Set<string>();
	const lastScans = new Map<string, number>();
	let earlier: number | undefined;
	for (const answer of answers) {
		let latest = earlier;
		for (const { totals: entry, lastScan } of answer) {
			const id = String(entry.id);
			// the earliest moment the last scan may have been: known past when the next answer was asked
			if (lastScan) latest = Math.max(latest ?? -Infinity, lastScan.firstMs);
			if (totalsOf(id) !== entry) continue;
			if (lastScan) lastScans.set(id, lastScan.lastMs);
			if (lastScan && (earlier === undefined || lastScan.lastMs >= earlier))
				cutoffs.set(id, lastScan);
			else if (earlier !== undefined) {
				cutoffs.set(id, { firstMs: earlier, lastMs: earlier, stepMs: 1 });
				borrowed.add(id);
			}
		}
		earlier = latest;
	}
	const compare = (qrId: string, counted: CutoffCounts): IDataObject => {
		const entry = totalsOf(qrId);
		if (!entry) return { allTimeScans: null, totalsNote: NO_TOTALS_NOTE };
		const createdAt = typeof entry.createdAt === 'number' ? entry.createdAt : undefined;
		const lastScan = lastScans.get(qrId);
		const cutoff = cutoffs.get(qrId);
		// without a last scan only a code never scanned is known to have no scan after the range; without a
		// cutoff no event is known to be older than the totals
		const coversLife =
			createdAt !== undefined &&
			cutoff !== undefined &&
			range.startTime <= createdAt &&
			(lastScan === undefined ? entry.totalScans === 0 : range.endTime >= lastScan);
		if (!coversLife) return { allTimeScans: entry.totalScans };
		const { scansToCutoff: upTo, scansBeforeCutoff: before } = counted;
		const inStep = cutoff.stepMs > 1;
		const least = inStep ? before + 1 : upTo;
		const total = entry.totalScans;
		if (typeof total === 'number' && total >= least && total <= upTo)
			return { allTimeScans: total };
		const events = inStep
			? eventsInStep(counted, cutoff)
			: `${borrowed.has(qrId) ? 'up to a time already past when its totals were read' : 'up to the last scan the totals had counted'} are ${upTo}`;
		return {
			allTimeScans: entry.totalScans,
			totalsNote: `QRTRAC's totals count ${entry.totalScans} scans in this code's whole life, which this range covers, but its scan events in the range ${events}: the service's totals and events disagree (events recorded late, removed, or counted differently)`,
		};
	};
	return { cutoffs, compare };
}

/** Words for the step of the report's last scan times (`Cutoff` `stepMs`): a step less a ms either side of one. */
const STEP_WORDS: ReadonlyMap<number, { step: string; whole: string }> = new Map([
	[86_400_000, { step: 'a day', whole: 'whole days' }],
	[3_600_000, { step: 'an hour', whole: 'whole hours' }],
	[900_000, { step: '15 minutes', whole: 'whole quarter hours' }],
	[300_000, { step: '5 minutes', whole: 'multiples of 5 minutes' }],
	[60_000, { step: 'a minute', whole: 'whole minutes' }],
	[1_000, { step: 'a second', whole: 'whole seconds' }],
	[100, { step: 'a tenth of a second', whole: 'whole tenths of a second' }],
	[10, { step: 'a hundredth of a second', whole: 'whole hundredths of a second' }],
]);

/**
 * A note's words for the events counted against a last scan in a coarser step: the span the totals fit. They say
 * what the totals' times show (all on whole seconds, say), not how the service writes them, which its answers
 * cannot tell: a time to the ms may fall on a whole hundredth.
 */
function eventsInStep(
	{ scansToCutoff: upTo, scansBeforeCutoff: before }: CutoffCounts,
	{ stepMs }: Cutoff,
): string {
	const { step, whole } = STEP_WORDS.get(stepMs) ?? {
		step: `${stepMs} ms`,
		whole: `steps of ${stepMs} ms`,
	};
	const time = `its last scan's time (the totals' last scan times are all on ${whole}: perhaps truncated or rounded)`;
	return before === upTo
		? `${step} or more before ${time} are ${upTo}, and none within ${step} either side of it`
		: `up to a moment within ${step} either side of ${time} are ${before + 1} to ${upTo}`;
}
