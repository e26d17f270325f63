import type { IPollFunctions } from 'n8n-workflow';

import {
	getAllQrsFromTime,
	getBulkQrAnalytics,
	getTeamQrsFromTime,
	listTeamQrs,
	unexpectedAnswer,
	type ChangedQrCode,
	type Scan,
} from '../shared/api';
import { getConnection } from '../shared/transport';
import { isVersioned } from './changeCursor';

/** What the trigger reads, through the endpoint module; every record it gets can be placed on the timeline. */

/** Analytics endpoints take at most this many codes per request. */
const IDS_PER_REQUEST = 100;

export interface WatchedCodes {
	allTeams: boolean;
	teamId: string;
}

/** The team the trigger watches: the one chosen, or the credential's. */
export async function resolveTeamId(
	ctx: IPollFunctions,
	teamId: string | undefined,
): Promise<string> {
	return teamId ?? (await getConnection(ctx)).teamId;
}

/** Codes (deleted ones included) changed after `fromTime`: one request. */
export async function readChangedCodes(
	ctx: IPollFunctions,
	watched: WatchedCodes,
	fromTime: number,
): Promise<ChangedQrCode[]> {
	const read = watched.allTeams ? getAllQrsFromTime : getTeamQrsFromTime;
	return await read(ctx, { fromTime, teamId: watched.teamId });
}

/**
 * Live codes of a team, newest change first; every page (ceil(n / 100) requests) or only the first. Each must
 * carry its time of change: a code without one could never be placed against the cursor.
 */
export async function readLiveCodes(
	ctx: IPollFunctions,
	teamId: string,
	search: string | undefined,
	pages: 'all' | 'first',
): Promise<ChangedQrCode[]> {
	const codes = await listTeamQrs(ctx, {
		query: { sortBy: 'updatedAt', sortOrder: 'desc', search },
		walk: { returnAll: pages === 'all', limit: pages === 'all' ? undefined : IDS_PER_REQUEST },
		teamId,
	});
	const unplaced = codes.find((code) => !isVersioned(code));
	if (unplaced) {
		throw unexpectedAnswer(
			{
				node: ctx.getNode(),
				operation: 'Get Many QR Codes (GET /qrs-api/v2/teams/)',
				redact: (await getConnection(ctx)).secrets,
			},
			'codes that each carry an "updatedAt" time',
			unplaced,
		);
	}
	return codes as ChangedQrCode[];
}

/** Scan events of the codes with startTime <= scanTime <= endTime: one request per 100 codes. */
export async function readScans(
	ctx: IPollFunctions,
	teamId: string,
	qrIds: readonly string[],
	startTime: number,
	endTime: number,
): Promise<Scan[]> {
	return await getBulkQrAnalytics(ctx, { qrIds, startTime, endTime, teamId });
}
