import type { IDataObject } from 'n8n-workflow';

import type { CodeTally, CutoffCounts, ScanTally, Tally } from './scanTally';
import { breakdownField, topValues } from './topValues';
import { ZonedDays } from './zonedDays';

/**
 * The report's items from its counters (scanTally.ts), in the three layouts: one item per code, one per code and
 * day (every day of the range, days without scans included, ready for a chart; `partialDay` marks a first or last
 * day the range covers only in part), or one summary item with the per-code rows inside. Times are ISO 8601 in the workflow's zone; dates `YYYY-MM-DD` in that zone. Pure.
 */

export type ReportLayout = 'perCode' | 'perCodeAndDay' | 'summary';

/** Most days one code's rows of "Per Code and Day" cover (a range of about 10 years). */
export const MAX_REPORT_DAYS = 3_700;

/** Whether a range covers more days of the zone than "Per Code and Day" gives rows for (`MAX_REPORT_DAYS`). */
export function tooManyDays(range: { startTime: number; endTime: number }, zone: string): boolean {
	const days = new ZonedDays(zone).daysBetween(range.startTime, range.endTime, MAX_REPORT_DAYS + 1);
	return days.length > MAX_REPORT_DAYS;
}

export interface ReportContext {
	layout: ReportLayout;
	range: { startTime: number; endTime: number };
	/**
	 * When the report ran: Per Code and Day gives no row for a day after it (or after the last scan, where the
	 * service's clock runs ahead), and marks the day holding it partial.
	 */
	asOf?: number;
	days: ZonedDays;
	topN: number;
	/** The code's name, Display ID and short URL by ID (`qrName`, `qrDisplayId`, `qrShortUrl`). */
	names: (qrId: string) => IDataObject;
	/** Per code, what Compare With Totals adds (`allTimeScans`, `totalsNote`); undefined without that option. */
	totals?: (qrId: string, counted: CutoffCounts) => IDataObject;
}

/**
 * Unique scans of a tally and, when they are not a plain exact count, the note that says why. `whole`: a tally
 * holding all of this one's scans and more (a code's whole range for one of its days, the Summary's for one of its
 * codes), whose counter is exact further: a part with all of its scans is counted as the whole is, and no part
 * shows more visitors than its whole.
 */
export function uniqueScans(
	tally: Tally,
	whole?: Tally,
): {
	uniqueScans: number | null;
	uniqueScansNote?: string;
} {
	// the same scans (a part holds no scan its whole lacks): the whole's count, exact where the part's is estimated
	if (whole && whole.scans === tally.scans) return uniqueScans(whole);
	if (tally.scans === 0) return { uniqueScans: 0 };
	if (tally.withoutIp === tally.scans)
		return {
			uniqueScans: null,
			uniqueScansNote: `${tally.scans === 1 ? 'The only scan in this range carried no IP address' : `None of the ${tally.scans} scans in this range carried an IP address`} (in ipAddress, ip, clientIp or a like top-level field), so unique scans cannot be counted`,
		};
	const notes: string[] = [];
	if (tally.visitors.estimated)
		notes.push(
			`Estimated (HyperLogLog, standard error about ${(tally.visitors.relativeError * 100).toFixed(1)}%): too many distinct visitors to count one by one`,
		);
	if (tally.withoutIp > 0)
		notes.push(
			`${tally.withoutIp} of the ${tally.scans} scans carried no IP address (in ipAddress, ip, clientIp or a like top-level field) and ${tally.withoutIp === 1 ? 'is not counted as a visitor' : 'are not counted as visitors'}`,
		);
	const count = Math.min(visitors(tally), whole ? visitors(whole) : Infinity);
	return notes.length === 0
		? { uniqueScans: count }
		: { uniqueScans: count, uniqueScansNote: notes.join('. ') };
}

/**
 * A tally's distinct visitors: an estimate may land above the scans it counts, and no more people than scans with
 * an address can have scanned.
 */
function visitors(tally: Tally): number {
	return Math.min(tally.visitors.count(), tally.scans - tally.withoutIp);
}

function rangeFields(context: ReportContext): IDataObject {
	return {
		rangeStart: context.days.iso(context.range.startTime),
		rangeEnd: context.days.iso(context.range.endTime),
	};
}

function counts(tally: Tally, context: ReportContext, whole?: Tally): IDataObject {
	return {
		scans: tally.scans,
		...uniqueScans(tally, whole),
		firstScanAt: tally.first === undefined ? null : context.days.iso(tally.first),
		lastScanAt: tally.last === undefined ? null : context.days.iso(tally.last),
	};
}

function breakdowns(tally: Tally, topN: number): IDataObject {
	const fields: IDataObject = {};
	for (const [breakdown, values] of tally.breakdowns)
		fields[breakdownField(breakdown)] = topValues(values, topN);
	return fields;
}

function codeRow(
	qrId: string,
	code: CodeTally,
	context: ReportContext,
	whole?: Tally,
): IDataObject {
	return {
		qrId,
		...context.names(qrId),
		...counts(code.total, context, whole),
		...rangeFields(context),
		...(context.totals ? context.totals(qrId, code) : {}),
		...breakdowns(code.total, context.topN),
	};
}

export function reportItems(tally: ScanTally, context: ReportContext): IDataObject[] {
	if (context.layout === 'perCode')
		return [...tally.codes].map(([qrId, code]) => codeRow(qrId, code, context));
	if (context.layout === 'perCodeAndDay') return dayRows(tally, context);
	const across = tally.acrossCodes as Tally;
	return [
		{
			codes: tally.codes.size,
			...counts(across, context),
			...rangeFields(context),
			...breakdowns(across, context.topN),
			perCode: [...tally.codes].map(([qrId, code]) => codeRow(qrId, code, context, across)),
		},
	];
}

function dayRows(tally: ScanTally, context: ReportContext): IDataObject[] {
	const { startTime } = context.range;
	// a scan the service stamped after the run (its clock ahead) keeps its day
	let ranUntil = context.asOf ?? Infinity;
	for (const code of tally.codes.values()) ranUntil = Math.max(ranUntil, code.total.last ?? 0);
	const endTime = Math.max(startTime, Math.min(context.range.endTime, ranUntil));
	const dates = context.days.daysBetween(startTime, endTime, MAX_REPORT_DAYS);
	const cut = context.days.cutEnds(startTime, endTime);
	// the run's day, and a later one a scan ahead of the clock reached, is not over when the report is made
	const runDay = context.asOf === undefined ? undefined : context.days.dayOf(context.asOf);
	const partial = (index: number, date: string) =>
		(index === 0 && cut.first) ||
		(index === dates.length - 1 && cut.last) ||
		(runDay !== undefined && date >= runDay);
	const rows: IDataObject[] = [];
	for (const [qrId, code] of tally.codes) {
		const names = context.names(qrId);
		for (const [index, date] of dates.entries()) {
			const day = code.days?.get(date);
			rows.push({
				qrId,
				...names,
				date,
				partialDay: partial(index, date),
				scans: day?.scans ?? 0,
				...(day ? uniqueScans(day, code.total) : { uniqueScans: 0 }),
			});
		}
	}
	return rows;
}
