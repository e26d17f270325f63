import type { TransportContext } from '../transport';
import { readScanTotals, type ScanTotals } from './answers';
import { readEventTimeSpan } from './eventTime';
import { endpoint } from './route';
import { CodeAttribution } from './scanAttribution';
import { callEndpoint, chunk, CODES_PER_ANALYTICS_REQUEST, type InTeam } from './source';

const SCAN_TOTALS = endpoint('Get Scan Totals', 'POST /analytics-api/overviews');

/**
 * One totals row as read: its times in epoch ms, and `lastScanEnd`, the last ms its `updatedAt` (the code's last
 * scan) covers: a time on a whole second covers its whole second (eventTime.ts `standsForWholeSecond`), so the last
 * scan it stands for is no later than that, where `updatedAt` itself may be before it.
 */
export interface TotalsRead {
	totals: ScanTotals;
	lastScanEnd?: number;
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
 * the requests are sent one after another, so every time an answer gives was past when the next was asked.
 */
export async function readTotalsAnswers(
	ctx: TransportContext,
	{ qrIds, teamId, itemIndex }: InTeam & { qrIds: readonly string[] },
): Promise<TotalsRead[][]> {
	const answers: TotalsRead[][] = [];
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
		answers.push(rows.map((row) => placeTotalsTimes(row, serviceDateMs ?? Date.now())));
	};
	for (const ids of chunk(qrIds, CODES_PER_ANALYTICS_REQUEST)) await ask(ids);
	return answers;
}

const TOTALS_TIMES = ['createdAt', 'updatedAt', 'leadsUpdatedAt'] as const;

/**
 * A totals row with its times in epoch ms, each read by its unit (eventTime.ts) on the service's present. The
 * contract types them only as integers; one no unit places in the sane range (a `0` for "never") is left out
 * (summaries show `null`), never shown or compared as a time.
 */
function placeTotalsTimes(row: ScanTotals, presentMs: number): TotalsRead {
	const totals: ScanTotals = { ...row };
	let lastScanEnd: number | undefined;
	for (const field of TOTALS_TIMES) {
		if (totals[field] === undefined) continue;
		const read = readEventTimeSpan(totals[field], presentMs);
		totals[field] = read?.ms;
		if (field === 'updatedAt') lastScanEnd = read?.lastMs;
	}
	return lastScanEnd === undefined ? { totals } : { totals, lastScanEnd };
}
