import { createdInOtherTeam, lookBeforeCreatingAgain, readCopy } from './created';
import { createOnce } from './createTries';
import { getQrById } from './qrCodes';
import { callEndpoint, connectionOf, type InTeam } from './source';
import { isLive, ofOtherTeam } from '../records/qrCode';
import type { QrCode } from './answers';
import type { TransportContext } from '../transport';
import { CODE_ADDRESSES } from './recordAddress';

/**
 * A copy with a new ID and Display ID; an answer naming the original is no copy (readCopy), and a copy of another
 * team than the one asked for is never reported as this team's (as Create). Nothing tells a copy apart, so an
 * unknown outcome fails the item, and n8n's Retry On Fail never sends it again for that item (createOnce).
 */
export async function duplicateQr(
	ctx: TransportContext,
	{ id, teamId, itemIndex }: InTeam & { id: string },
): Promise<QrCode> {
	const create = {
		...{ operation: 'Duplicate QR Code', kind: 'copy' as const, itemIndex },
		body: { id, teamId: teamId ?? null },
		// a try after a success reads the copy by its ID (one GET)
		again: {
			keep: (copy: QrCode) => ({ id: copy.id }),
			give: async (kept: { id: string }) =>
				await getQrById(ctx, { id: kept.id, teamId, itemIndex }),

			gone: (copy: QrCode) => !isLive(copy),
		},
	};
	return await createOnce(ctx, create, async () => {
		const { data, source } = await callEndpoint(ctx, {
			...CODE_ADDRESSES.duplicate,
			params: { id },
			unknownOutcomeAdvice: lookBeforeCreatingAgain('copy'),
			teamId,
			itemIndex,
		});
		const copy = readCopy(source, data, id);
		const asked = teamId ?? (await connectionOf(ctx)).teamId;
		if (ofOtherTeam(copy, asked)) throw createdInOtherTeam(source, copy, asked, undefined, 'copy');
		return copy;
	});
}
