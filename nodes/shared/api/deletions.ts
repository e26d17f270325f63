import { isLive } from '../records/qrCode';
import type { TransportContext } from '../transport';
import type { QrCode } from './answers';
import type { InTeam } from './source';
import { getTeamQrsFromTime } from './timeline';

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
 * number of codes.
 */
export async function deletedAmong(
	ctx: TransportContext,
	{ ids, teamId, itemIndex, fromTime }: InTeam & { ids: readonly string[]; fromTime: number },
): Promise<{ deleted: Map<string, QrCode> }> {
	const recent = await getTeamQrsFromTime(ctx, { fromTime, teamId, itemIndex });
	const asked = new Set(ids);
	const deleted = new Map<string, QrCode>();
	for (const code of recent)
		if (typeof code.id === 'string' && asked.has(code.id) && !isLive(code))
			deleted.set(code.id, code);
	return { deleted };
}
