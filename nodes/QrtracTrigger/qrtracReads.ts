import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { apiPath } from '../shared/apiPath';
import { serviceError } from '../shared/serviceErrors';
import { getConnection, qrtracApiRequest, qrtracApiRequestAllPages } from '../shared/transport';

/** The QRTRAC reads the trigger makes, each through the shared transport. */

/** Analytics endpoints take at most this many codes per request. */
const IDS_PER_REQUEST = 100;

export interface WatchedCodes {
	allTeams: boolean;
	teamId: string;
}

/** The team the trigger watches: the one chosen, or the credential's. */
export async function resolveTeamId(ctx: IPollFunctions, teamId: string | undefined): Promise<string> {
	return teamId ?? (await getConnection(ctx)).teamId;
}

/** Codes (deleted ones included) changed after `fromTime`: one request. */
export async function readChangedCodes(ctx: IPollFunctions, watched: WatchedCodes, fromTime: number): Promise<IDataObject[]> {
	const path = watched.allTeams ? apiPath`/qrs-api/all/fromTime/${fromTime}` : apiPath`/qrs-api/teams/fromTime/${fromTime}`;
	const { data } = await qrtracApiRequest<unknown>(ctx, { method: 'GET', path, teamId: watched.teamId });
	return listOf(ctx, data, 'the changed codes');
}

/** Live codes of a team, newest change first; every page (ceil(n / 100) requests) or only the first. */
export async function readLiveCodes(
	ctx: IPollFunctions,
	teamId: string,
	search: string | undefined,
	pages: 'all' | 'first',
): Promise<IDataObject[]> {
	const query: IDataObject = { sortBy: 'updatedAt', sortOrder: 'desc' };
	if (search !== undefined) query.search = search;
	return await qrtracApiRequestAllPages<IDataObject>(
		ctx,
		{ method: 'GET', path: '/qrs-api/v2/teams/', query, teamId },
		{
			returnAll: pages === 'all',
			limit: pages === 'all' ? undefined : IDS_PER_REQUEST,
			extract: (data) => ({
				items: Array.isArray(data.qrs) ? (data.qrs as IDataObject[]) : [],
				totalCount: typeof data.totalCount === 'number' ? data.totalCount : undefined,
			}),
		},
	);
}

/** Scan events of the codes with startTime <= scanTime <= endTime: one request per 100 codes. */
export async function readScans(
	ctx: IPollFunctions,
	teamId: string,
	qrIds: readonly string[],
	startTime: number,
	endTime: number,
): Promise<IDataObject[]> {
	const scans: IDataObject[] = [];
	for (let start = 0; start < qrIds.length; start += IDS_PER_REQUEST) {
		const { data } = await qrtracApiRequest<unknown>(ctx, {
			method: 'POST',
			path: '/analytics-api/detailed/all',
			body: { qrIds: qrIds.slice(start, start + IDS_PER_REQUEST), startTime, endTime },
			teamId,
			// A read sent as POST: repeating it after an unknown outcome cannot create anything.
			verifyUnknownOutcome: async () => null,
		});
		scans.push(...listOf(ctx, data, 'the scan events'));
	}
	return scans;
}

function listOf(ctx: IPollFunctions, data: unknown, what: string): IDataObject[] {
	if (!Array.isArray(data)) {
		throw serviceError(ctx.getNode(), { message: `QRTRAC answered without a list of ${what}` });
	}
	return data.filter((entry): entry is IDataObject => typeof entry === 'object' && entry !== null);
}
