import type { TransportContext } from '../transport';
import { readScans, readScanTotals, type Scan, type ScanTotals } from './answers';
import { endpoint } from './route';
import { callEndpoint, chunk, type InTeam } from './source';

/** The analytics operations of the contract (3). The bulk ones take at most 100 codes per request. */

export const CODES_PER_ANALYTICS_REQUEST = 100;

/** Scan events of many codes; the trigger's scans are read from it too. */
export const BULK_SCANS = endpoint('Get Scans for Codes', 'POST /analytics-api/detailed/all');

const SCAN_TOTALS = endpoint('Get Scan Totals', 'POST /analytics-api/overviews');

/** Every scan event of one code, in the service's order. */
export async function getQrAnalytics(
	ctx: TransportContext,
	{ qrId, teamId, itemIndex }: InTeam & { qrId: string },
): Promise<Scan[]> {
	const { data, source } = await callEndpoint(ctx, {
		operation: 'Get Scans',
		route: 'GET /analytics-api/detailed/{id}',
		params: { id: qrId },
		teamId,
		itemIndex,
	});
	return readScans(source, data);
}

/**
 * Scan events of many codes with startTime <= scanTime <= endTime, one request per 100 codes, one after another.
 * These POSTs only read, so one may be sent again after an unknown outcome.
 */
export async function getBulkQrAnalytics(
	ctx: TransportContext,
	{
		qrIds,
		startTime,
		endTime,
		teamId,
		itemIndex,
	}: InTeam & { qrIds: readonly string[]; startTime?: number; endTime?: number },
): Promise<Scan[]> {
	const scans: Scan[] = [];
	for (const ids of chunk(qrIds, CODES_PER_ANALYTICS_REQUEST)) {
		const range = startTime === undefined || endTime === undefined ? {} : { startTime, endTime };
		const { data, source } = await callEndpoint(ctx, {
			...BULK_SCANS,
			body: { qrIds: ids, ...range },
			teamId,
			itemIndex,
			verifyUnknownOutcome: async () => null,
		});
		scans.push(...readScans(source, data));
	}
	return scans;
}

/** Total, today's and yesterday's scans and leads per code, one request per 100 codes. A read sent as POST. */
export async function getTotalScansOverview(
	ctx: TransportContext,
	{ qrIds, teamId, itemIndex }: InTeam & { qrIds: readonly string[] },
): Promise<ScanTotals[]> {
	const totals: ScanTotals[] = [];
	for (const ids of chunk(qrIds, CODES_PER_ANALYTICS_REQUEST)) {
		const { data, source } = await callEndpoint(ctx, {
			...SCAN_TOTALS,
			body: { qrIds: ids },
			teamId,
			itemIndex,
			verifyUnknownOutcome: async () => null,
		});
		totals.push(...readScanTotals(source, data));
	}
	return totals;
}
