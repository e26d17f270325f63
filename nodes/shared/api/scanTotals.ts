import type { TransportContext } from '../transport';
import { readScanTotals, type ScanTotals } from './answers';
import { readEventTime } from './eventTime';
import { endpoint } from './route';
import { CodeAttribution } from './scanAttribution';
import { callEndpoint, chunk, CODES_PER_ANALYTICS_REQUEST, type InTeam } from './source';

const SCAN_TOTALS = endpoint('Get Scan Totals', 'POST /analytics-api/overviews');

/**
 * Total, today's and yesterday's scans and leads per code, one request per 100 codes. A read sent as POST. An
 * answer about several codes with a row without `id` is dropped and its codes asked one per request, the later
 * ones too (scanAttribution.ts).
 */
export async function getTotalScansOverview(
	ctx: TransportContext,
	{ qrIds, teamId, itemIndex }: InTeam & { qrIds: readonly string[] },
): Promise<ScanTotals[]> {
	const totals: ScanTotals[] = [];
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
		for (const row of rows) totals.push(placeTotalsTimes(row, serviceDateMs ?? Date.now()));
	};
	for (const ids of chunk(qrIds, CODES_PER_ANALYTICS_REQUEST)) await ask(ids);
	return totals;
}

const TOTALS_TIMES = ['createdAt', 'updatedAt', 'leadsUpdatedAt'] as const;

/**
 * A totals row with its times in epoch ms, each read by its unit (eventTime.ts) on the service's present. The
 * contract types them only as integers; one no unit places in the sane range (a `0` for "never") is left out
 * (summaries show `null`), never shown or compared as a time.
 */
function placeTotalsTimes(row: ScanTotals, presentMs: number): ScanTotals {
	const placed: ScanTotals = { ...row };
	for (const field of TOTALS_TIMES) {
		if (placed[field] !== undefined) placed[field] = readEventTime(placed[field], presentMs);
	}
	return placed;
}
