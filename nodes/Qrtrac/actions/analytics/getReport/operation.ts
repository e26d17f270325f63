import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { readTotalsAnswers, walkBulkScans, type QrCode } from '../../../../shared/api';
import type { ItemResults, Rows, TaskPool } from '../../../../shared/executor';
import { flagSchema, validateParameters } from '../../../../shared/validation';
import { countSchema } from '../../../../shared/validation/count';
import { withIpPrivacy } from '../../../../shared/records/ipPrivacy';
import { getTeamOverride, readParameter } from '../../../helpers/parameters';
import { describeScanRows } from '../../../../shared/records/scanRows';
import {
	codeSelectionInput,
	codeSelectionShape,
	runPerSelection,
	withCodeSelection,
} from '../codeSelection';
import { ipPrivacyInput, ipPrivacyShape, rowIpPrivacy } from '../scanPrivacy';
import { liveCodesAmong } from '../unlistedCodes';
import {
	resolveTimeRange,
	timeRangeInput,
	timeRangeShape,
	withCustomRange,
	type TimeRange,
} from '../timeRange';
import { DEFAULT_TOP_N } from './description';
import { MAX_REPORT_DAYS, reportItems, tooManyDays, type ReportLayout } from './reportItems';
import { ScanTally } from './scanTally';
import { totalsCheck } from './totalsCheck';
import { BREAKDOWNS } from '../scanValues';
import { VISITOR_KEYS } from './visitorKey';
import { ZonedDays } from './zonedDays';
import { optionSchema } from '../../../../shared/validation/nodeWords';

export { description } from './description';

/**
 * Events the report asks for per answer: the range is walked in slices of about this many (memory stays flat).
 * Not a round number, so that answers near it do not look capped (cappedAnswers.ts) and get split for nothing.
 */
export const SCANS_PER_ANSWER = 9_999;

/**
 * Chunks of 100 codes the report walks at once: answers overlap the service's time and the way there, while at
 * most this many answers of `SCANS_PER_ANSWER` events are held. The rate limiter, not this number, sets the pace.
 */
export const CHUNKS_IN_FLIGHT = 5;

function inputSchema(timezone: string) {
	return z
		.object({
			...codeSelectionShape,
			...timeRangeShape(false),
			reportLayout: optionSchema(['perCode', 'perCodeAndDay', 'summary']).describe('Report Layout'),
			breakdowns: z
				.array(optionSchema(BREAKDOWNS), { invalid_type_error: 'must be a list' })
				.describe('Breakdowns'),
			simplify: flagSchema('Simplify'),
			topN: countSchema(1000).describe('Top Values'),
			uniqueVisitorKey: optionSchema(VISITOR_KEYS).describe('Unique Visitor Key'),
			compareWithTotals: flagSchema('Compare With Totals'),
			teamId: z.string().optional(),
			...ipPrivacyShape,
		})
		.transform(withCustomRange(timezone))
		.superRefine((input, ctx) => {
			// "Per Code and Day" gives one row per day of the range: a longer custom range would lose its later days
			if (
				input.reportLayout === 'perCodeAndDay' &&
				input.custom &&
				tooManyDays(input.custom, timezone)
			)
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['endTime'],
					message: `must be within ${MAX_REPORT_DAYS} days of "Start" for the "perCodeAndDay" layout (one row per code and day); split the range or choose another layout`,
				});
		})
		.transform(withCodeSelection);
}

type Input = z.infer<ReturnType<typeof inputSchema>>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const options = readParameter<IDataObject>(this, 'options', itemIndex, {});
	return validateParameters(
		this,
		inputSchema(this.getTimezone()),
		{
			...codeSelectionInput(this, itemIndex),
			...timeRangeInput(this, itemIndex, 'last7Days'),
			reportLayout: readParameter(this, 'reportLayout', itemIndex, 'perCode'),
			breakdowns: readParameter(this, 'breakdowns', itemIndex, []),
			simplify: readParameter(this, 'simplify', itemIndex, true),
			topN: options.topN ?? DEFAULT_TOP_N,
			uniqueVisitorKey: options.uniqueVisitorKey ?? 'ip',
			compareWithTotals: options.compareWithTotals ?? false,
			teamId: getTeamOverride(this, itemIndex),
			...ipPrivacyInput(this, options, itemIndex, true),
		},
		itemIndex,
	);
}

export const kind = 'batch' as const;

/**
 * Scan reports: each row's codes over its range, walked 100 codes at a time (`CHUNKS_IN_FLIGHT` chunks at once)
 * in slices of about `SCANS_PER_ANSWER` events (api/analytics.ts `walkBulkScans`, which asks again for any answer
 * that looks capped), every answer folded into counters (scanTally.ts, whose counts do not depend on the order
 * of the answers) and dropped. The team's codes are
 * read once per team (for "All Codes of the Team" and the names). Without Simplify the events themselves are
 * returned, their IP addresses hashed, kept or removed (ipPrivacy.ts).
 */
export async function run(
	this: IExecuteFunctions,
	rows: Rows<Input>,
	results: ItemResults,
	pool: TaskPool,
): Promise<void> {
	const zone = this.getTimezone();
	await runPerSelection(
		this,
		rows,
		results,
		pool,
		async ({ input, itemIndex, qrIds, codes: read }) => {
			const asOf = Date.now();
			const range = resolveTimeRange(input, asOf, zone) as TimeRange;
			const where = { qrIds, ...range, teamId: input.teamId, itemIndex };
			const listed = await read();
			// every asked ID must be a live code of the team (unlistedCodes.ts), also one the answer gave events: the
			// contract does not limit the answer to the team's codes
			const liveAmong = async () =>
				await liveCodesAmong(this, { qrIds, listed, teamId: input.teamId, itemIndex });
			if (!input.simplify) {
				const privacy = await rowIpPrivacy(this, input);
				const events: IDataObject[] = [];
				await walkBulkScans(this, where, (scans) => {
					for (const row of describeScanRows(scans, listed))
						events.push(withIpPrivacy(row, privacy));
				});
				return namedByCodeReads(events, listed, await liveAmong());
			}
			const byDay = input.reportLayout === 'perCodeAndDay';
			// read before the events (totalsCheck.ts); Per Code and Day has no row per code to put the totals on (the
			// form offers the option only elsewhere)
			const totals =
				input.compareWithTotals && !byDay && qrIds.length > 0
					? totalsCheck(range, await readTotalsAnswers(this, where))
					: undefined;
			const days = new ZonedDays(zone, byDay ? { ...range, maxDays: MAX_REPORT_DAYS } : undefined);
			const tally = new ScanTally(
				{
					qrIds,
					range,
					breakdowns: input.breakdowns,
					visitorKey: input.uniqueVisitorKey,
					byDay,
					acrossCodes: input.reportLayout === 'summary',
					cutoffs: totals?.cutoffs,
				},
				days,
			);
			// a team without codes still gets its Summary, of zeros (nothing to ask QRTRAC)
			if (qrIds.length > 0)
				await walkBulkScans(
					this,
					where,
					(scans) => {
						for (const scan of scans) tally.add(scan);
					},
					{ targetEvents: SCANS_PER_ANSWER, chunksInFlight: CHUNKS_IN_FLIGHT },
				);
			const named = await liveAmong();
			return reportItems(tally, {
				layout: input.reportLayout as ReportLayout,
				range,
				asOf,
				days,
				topN: input.topN,
				names: codeNames(named),
				totals: totals?.compare,
			});
		},
		(input) => input.simplify && input.reportLayout === 'summary',
	);
}

/**
 * Events named by the team's list, those of a code it did not show (just created, read by its ID:
 * unlistedCodes.ts) named by that read, as Get for Codes names them; in place, so no second copy is held.
 */
function namedByCodeReads(
	events: IDataObject[],
	listed: readonly QrCode[],
	named: readonly QrCode[],
): IDataObject[] {
	const listedIds = new Set(listed.map((code) => code.id));
	const read = named.filter((code) => !listedIds.has(code.id));
	const readIds = new Set(read.map((code) => code.id));
	if (readIds.size === 0) return events;
	for (const [index, row] of events.entries())
		if (readIds.has(String(row.qrId))) [events[index]] = describeScanRows([row], read);
	return events;
}

/** The name fields of a code (scanRows.ts), looked up by ID; a code not among the team's live codes has none. */
function codeNames(codes: readonly QrCode[]): (qrId: string) => IDataObject {
	const byId = new Map(codes.map((code) => [code.id, code]));
	return (qrId) => {
		const code = byId.get(qrId);
		if (!code) return {};
		const [named] = describeScanRows([{ qrId }], [code]);
		delete named.qrId;
		return named;
	};
}
