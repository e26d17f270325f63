import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { looksCapped } from '../cappedAnswers';
import { isLive } from '../records/qrCode';
import type { TransportContext } from '../transport';
import type { QrCode } from './answers';
import { labelOf } from './route';
import type { InTeam } from './source';
import { getTeamQrsFromTime, TEAM_CHANGES } from './timeline';

/**
 * The code as the team's changes since `fromTime` (epoch ms) hold it deleted, or undefined: the state read that
 * confirms a delete refused as "not found" (another writer, or a lost answer's first attempt, deleted it).
 */
export async function deletedSince(
	ctx: TransportContext,
	{ id, ...question }: InTeam & { id: string; fromTime: number },
): Promise<QrCode | undefined> {
	return (await deletedAmong(ctx, { ids: [id], ...question })).deleted.get(id);
}

/**
 * The codes among `ids` that the team's changes since `fromTime` (epoch ms) hold deleted: one read for any
 * number of codes. `cappedAt` is the answer's size when it looks capped (cappedAnswers.ts): a code it does not
 * hold may be among the changes it left out, so its absence proves nothing.
 */
export async function deletedAmong(
	ctx: TransportContext,
	{ ids, teamId, itemIndex, fromTime }: InTeam & { ids: readonly string[]; fromTime: number },
): Promise<{ deleted: Map<string, QrCode>; cappedAt?: number }> {
	const recent = await getTeamQrsFromTime(ctx, { fromTime, teamId, itemIndex });
	const asked = new Set(ids);
	const deleted = new Map<string, QrCode>();
	for (const code of recent)
		if (typeof code.id === 'string' && asked.has(code.id) && !isLive(code))
			deleted.set(code.id, code);
	return { deleted, ...(looksCapped(recent.length) ? { cappedAt: recent.length } : {}) };
}

/**
 * The error of a delete refused as "not found" whose check against the team's changes could not decide: the
 * changes answer looked capped (cappedAnswers.ts) and did not hold the code.
 */
export function deletionUndecided(
	node: INode,
	{ id, cappedAt, itemIndex }: { id: string; cappedAt: number; itemIndex?: number },
): NodeApiError {
	return new NodeApiError(
		node,
		{ success: false, message: 'deletion undecided' },
		{
			itemIndex,
			message: `QRTRAC refused to delete QR code "${id}" as not found, and its changes cannot tell whether it was deleted meanwhile`,
			description: `${labelOf(TEAM_CHANGES)} answered ${cappedAt} codes, a size that looks capped (a service returning only part of the changes): the code's deletion may be among the changes it left out. The code was not taken as deleted; run the node again once the team's changes are fewer, or check the code in QRTRAC.`,
		},
	);
}
