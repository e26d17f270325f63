import { executionNode } from '../executionNode';
import { isLive } from '../records/qrCode';
import type { TransportContext } from '../transport';
import type { QrCode } from './answers';
import { DisplayIdIndex, findQrByDisplayId, indexTeamQrsByDisplayId } from './qrList';
import type { InTeam } from './source';
import { getTeamQrsFromTime } from './timeline';

/** How far back the team's changes are read to settle a write whose answer was lost, or a code not yet listed. */
export const VERIFY_LOOKBACK_MS = 15 * 60_000;

/**
 * The team's live code holding `displayId`, which QRTRAC holds taken (it refused a create with it, or made a code
 * with it). The contract says neither what the list's `search` matches nor how soon a new code is listed: when
 * the search shows no holder, the team's changes of the last minutes are read (a code just made; a code just
 * deleted, which keeps its Display ID, ends the look-up), then the whole list (a search matching names only).
 */
export async function findTakenDisplayId(
	ctx: TransportContext,
	{ displayId, teamId, itemIndex }: InTeam & { displayId: string },
): Promise<QrCode | undefined> {
	const found = await findQrByDisplayId(ctx, { displayId, teamId, itemIndex });
	if (found) return found;
	const fromTime = Date.now() - VERIFY_LOOKBACK_MS;
	const recent = await getTeamQrsFromTime(ctx, { fromTime, teamId, itemIndex });
	const made = new DisplayIdIndex(recent, executionNode(ctx)).take(displayId, itemIndex);
	if (made) return made;
	if (recent.some((code) => !isLive(code) && code.displayId === displayId)) return undefined;
	const { index } = await indexTeamQrsByDisplayId(ctx, {
		teamId,
		itemIndex,
		purpose: `the look-up of Display ID "${displayId}" (the search showed no code holding it)`,
	});
	return index.take(displayId, itemIndex);
}
