import type { IDataObject } from 'n8n-workflow';

import { codeVisitors, dayVisitors, reportVisitors, type DistinctCounter } from './distinctCounter';
import { fingerprint } from './hyperLogLog';
import { breakdownValue, type Breakdown } from '../scanValues';
import { countValue } from './topValues';
import { visitorKey, type VisitorKeyKind } from './visitorKey';
import type { ZonedDays } from './zonedDays';

/**
 * The report's counters: scan events folded in as they come, answer by answer, and dropped (never held here).
 * Per code: scans, scans without an IP address, first and last scan, distinct visitors (distinctCounter.ts),
 * counts per breakdown value, and per day of the workflow's zone when the layout wants days; across codes the
 * same for the Summary. Memory grows with codes, days and distinct breakdown values, not with events. Pure.
 */

export interface TallyPlan {
	qrIds: readonly string[];
	range: { startTime: number; endTime: number };
	breakdowns: readonly Breakdown[];
	visitorKey: VisitorKeyKind;
	/** Counters per day of each code (layout "Per Code and Day"). */
	byDay: boolean;
	/** Counters across every code (layout "Summary"). */
	acrossCodes: boolean;
	/** Per code, where its scans are also counted in `scansToCutoff` and `scansBeforeCutoff` (Compare With Totals). */
	cutoffs?: ReadonlyMap<string, Cutoff>;
}

/**
 * A code's cutoff (Compare With Totals): the moment up to which its totals counted its scans lies from `firstMs`
 * to `lastMs` (the same ms when it is known to the ms, `stepMs` 1; otherwise the last scan's time a step less a ms
 * either side, in the step `stepMs` the report's totals' last scans are all on: a day, an hour, 15 or 5 minutes,
 * a minute, a second, a tenth or a hundredth).
 */
export interface Cutoff {
	firstMs: number;
	lastMs: number;
	stepMs: number;
}

export class Tally {
	scans = 0;
	withoutIp = 0;
	first: number | undefined;
	last: number | undefined;
	readonly breakdowns = new Map<Breakdown, Map<string, number>>();

	constructor(
		readonly visitors: DistinctCounter,
		breakdowns: readonly Breakdown[],
	) {
		for (const breakdown of breakdowns) this.breakdowns.set(breakdown, new Map());
	}

	add(scan: IDataObject, time: number, print: number | undefined): void {
		this.scans += 1;
		if (print === undefined) this.withoutIp += 1;
		else this.visitors.add(print);
		if (this.first === undefined || time < this.first) this.first = time;
		if (this.last === undefined || time > this.last) this.last = time;
		for (const [breakdown, counts] of this.breakdowns)
			countValue(counts, breakdownValue(scan, breakdown));
	}
}

export interface CodeTally {
	total: Tally;
	days?: Map<string, Tally>;
	/** Scans no later than the code's cutoff's `lastMs` (`TallyPlan.cutoffs`); 0 without one. */
	scansToCutoff: number;
	/** Scans before the code's cutoff's `firstMs`; 0 without one. */
	scansBeforeCutoff: number;
}

/** A code's scans counted against its cutoff, as Compare With Totals reads them. */
export type CutoffCounts = Pick<CodeTally, 'scansToCutoff' | 'scansBeforeCutoff'>;

export class ScanTally {
	readonly codes = new Map<string, CodeTally>();
	readonly acrossCodes: Tally | undefined;
	/** Events the service sent outside the range or for a code not asked for: left out, counted here. */
	ignored = 0;

	constructor(
		private readonly plan: TallyPlan,
		private readonly days: ZonedDays,
	) {
		for (const qrId of plan.qrIds)
			this.codes.set(qrId, {
				total: new Tally(codeVisitors(), plan.breakdowns),
				scansToCutoff: 0,
				scansBeforeCutoff: 0,
				...(plan.byDay ? { days: new Map<string, Tally>() } : {}),
			});
		this.acrossCodes = plan.acrossCodes ? new Tally(reportVisitors(), plan.breakdowns) : undefined;
	}

	add(scan: IDataObject): void {
		const time = scan.scanTime;
		const code = this.codes.get(String(scan.qrId));
		const { startTime, endTime } = this.plan.range;
		if (!code || typeof time !== 'number' || time < startTime || time > endTime) {
			this.ignored += 1;
			return;
		}
		const key = visitorKey(scan, this.plan.visitorKey);
		const print = key === undefined ? undefined : fingerprint(key);
		code.total.add(scan, time, print);
		const cutoff = this.plan.cutoffs?.get(String(scan.qrId));
		if (cutoff && time <= cutoff.lastMs) code.scansToCutoff += 1;
		if (cutoff && time < cutoff.firstMs) code.scansBeforeCutoff += 1;
		this.acrossCodes?.add(scan, time, print);
		if (code.days) {
			const day = this.days.dayOf(time);
			let tally = code.days.get(day);
			if (!tally) code.days.set(day, (tally = new Tally(dayVisitors(), [])));
			tally.add(scan, time, print);
		}
	}
}
