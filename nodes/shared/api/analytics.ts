import { qrtracApiRequest, type TransportContext } from '../transport';
import { readScans, readScanTotals, type Scan, type ScanTotals } from './answers';
import { apiPath } from './route';
import { answerSource, chunk, type InTeam } from './source';

/** The analytics operations of the contract (3). The bulk ones take at most 100 codes per request. */

export const CODES_PER_ANALYTICS_REQUEST = 100;

/** Every scan event of one code, in the service's order. */
export async function getQrAnalytics(
	ctx: TransportContext,
	{ qrId, teamId, itemIndex }: InTeam & { qrId: string },
): Promise<Scan[]> {
	const { data } = await qrtracApiRequest(ctx, {
		method: 'GET',
		path: apiPath`/analytics-api/detailed/${qrId}`,
		teamId,
		itemIndex,
	});
	return readScans(
		await answerSource(ctx, 'Get Scans (GET /analytics-api/detailed/{id})', itemIndex),
		data,
	);
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
	const source = await answerSource(
		ctx,
		'Get Scans for Codes (POST /analytics-api/detailed/all)',
		itemIndex,
	);
	const scans: Scan[] = [];
	for (const ids of chunk(qrIds, CODES_PER_ANALYTICS_REQUEST)) {
		const range = startTime === undefined || endTime === undefined ? {} : { startTime, endTime };
		const { data } = await qrtracApiRequest(ctx, {
			method: 'POST',
			path: '/analytics-api/detailed/all',
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
	const source = await answerSource(
		ctx,
		'Get Scan Totals (POST /analytics-api/overviews)',
		itemIndex,
	);
	const totals: ScanTotals[] = [];
	for (const ids of chunk(qrIds, CODES_PER_ANALYTICS_REQUEST)) {
		const { data } = await qrtracApiRequest(ctx, {
			method: 'POST',
			path: '/analytics-api/overviews',
			body: { qrIds: ids },
			teamId,
			itemIndex,
			verifyUnknownOutcome: async () => null,
		});
		totals.push(...readScanTotals(source, data));
	}
	return totals;
}
