import type { IDataObject } from 'n8n-workflow';

import type { TransportContext } from '../transport';
import { sameValue } from '../records/sameValue';
import { readScanTotals, unexpectedAnswer, type AnswerSource, type ScanTotals } from './answers';
import { momentSpan, readEventTime, timeStep, type MomentSpan } from './eventTime';
import { endpoint } from './route';
import { CodeAttribution } from './scanAttribution';
import { callEndpoint, chunk, CODES_PER_ANALYTICS_REQUEST, type InTeam } from './source';

const SCAN_TOTALS = endpoint('Get Scan Totals', 'POST /analytics-api/overviews');

/**
 * One totals row as read: its times in epoch ms, and `lastScan`, where the last scan its `updatedAt` stands for
 * lies (eventTime.ts `momentSpan`: the ms itself, or a step either side when the last scan times of all the
 * answers read together are on whole days, hours, minutes, seconds, tenths or hundredths).
 */
export interface TotalsRead {
	totals: ScanTotals;
	lastScan?: MomentSpan;
}

/**
 * Total, today's and yesterday's scans and leads per code, one request per 100 codes. A read sent as POST. An
 * answer about several codes with a row without `id` is dropped and its codes asked one per request, the later
 * ones too (scanAttribution.ts).
 */
export async function getTotalScansOverview(
	ctx: TransportContext,
	where: InTeam & { qrIds: readonly string[] },
): Promise<ScanTotals[]> {
	return (await readTotalsAnswers(ctx, where)).flat().map((read) => read.totals);
}

/**
 * The rows of Get Scan Totals (as `getTotalScansOverview` reads them) per answer, in the order the answers came:
 * the requests are sent one after another, so every time an answer gives was past when the next was asked. The
 * step of their last scans is decided once, on all the answers (`withLastScans`).
 */
export async function readTotalsAnswers(
	ctx: TransportContext,
	{ qrIds, teamId, itemIndex }: InTeam & { qrIds: readonly string[] },
): Promise<TotalsRead[][]> {
	const answers: ScanTotals[][] = [];
	const attribution = new CodeAttribution('id');
	const ask = async (ids: readonly string[]): Promise<void> => {
		if (attribution.perCode(ids)) {
			for (const id of ids) await ask([id]);
			return;
		}
		const { data, source, serviceDateMs } = await callEndpoint(ctx, {
			...SCAN_TOTALS,
			body: { qrIds: ids },
			teamId,
			itemIndex,
			verifyUnknownOutcome: async () => null,
		});
		if (attribution.cannotAttribute(ids, data)) return await ask(ids);
		const rows = readScanTotals(source, data, ids.length === 1 ? ids[0] : undefined);
		refuseRowsThatDisagree(source, rows);
		answers.push(placeTotalsTimes(rows, serviceDateMs ?? Date.now()));
	};
	for (const ids of chunk(qrIds, CODES_PER_ANALYTICS_REQUEST)) await ask(ids);
	return withLastScans(answers);
}

const TOTALS_TIMES = ['createdAt', 'updatedAt', 'leadsUpdatedAt'] as const;

/**
 * Fails the read when one answer gives a code two rows that differ: either taken as its totals would show a guess
 * as QRTRAC's count. The same row twice says one thing.
 */
function refuseRowsThatDisagree(source: AnswerSource, rows: readonly ScanTotals[]): void {
	const byCode = new Map<string, ScanTotals>();
	for (const row of rows) {
		const first = byCode.get(row.id);
		if (first && !sameValue(first, row))
			throw unexpectedAnswer(
				source,
				'one totals row per code',
				[first, row],
				`two different rows of code ${row.id}`,
			);
		byCode.set(row.id, row);
	}
}

/**
 * A totals row's last scan: its `updatedAt` ("last scan time", the contract's only word on it) when it counts
 * scans; a never-scanned code's may be its record's time, so it has none. The one rule of Get Totals'
 * `lastScanTime` and Compare With Totals.
 */
export function lastScanOf(totals: IDataObject): number | undefined {
	return typeof totals.totalScans === 'number' &&
		totals.totalScans > 0 &&
		typeof totals.updatedAt === 'number'
		? totals.updatedAt
		: undefined;
}

/** A totals answer's rows with their times in epoch ms, each read by its unit (eventTime.ts) on the service's present. */
export function placeTotalsTimes(rows: readonly ScanTotals[], presentMs: number): ScanTotals[] {
	return rows.map((row) => {
		const totals: ScanTotals = { ...row };
		for (const field of TOTALS_TIMES)
			if (totals[field] !== undefined) totals[field] = readEventTime(totals[field], presentMs);
		return totals;
	});
}

/**
 * Each scanned row's `lastScan`, in the step the answers read together write their last scans in (`timeStep`),
 * decided once on all of them: an hourly rollup's last scans are all on whole hours, and one answer's single
 * scanned code on :00 is no minute's rollup. Only the `updatedAt` of a row with `totalScans` above 0 is a last
 * scan ("last scan time", the contract's only word on it): a never-scanned code's may be its record's time, to the
 * ms or not, so it neither sets the step nor gets a `lastScan`. The step is decided on those `updatedAt` values
 * alone: the contract types each time only as an integer, so `createdAt` or `leadsUpdatedAt` may come in another
 * unit and precision. One no unit placed in the sane range (a `0` for "never") is left out (summaries show
 * `null`), never shown or compared as a time.
 */
export function withLastScans(answers: readonly ScanTotals[][]): TotalsRead[][] {
	const stepMs = timeStep(
		answers
			.flat()
			.map(lastScanOf)
			.filter((ms): ms is number => ms !== undefined),
	);
	return answers.map((answer) =>
		answer.map((totals) => {
			const lastScan = lastScanOf(totals);
			return lastScan === undefined
				? { totals }
				: { totals, lastScan: momentSpan(lastScan, stepMs) };
		}),
	);
}
