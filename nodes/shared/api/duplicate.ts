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
 * `readFirst` (node version 1.2 on) reads the code by its ID just before the copy is sent (getQrById holds it to the
 * team asked for): a service copying by the ID alone would otherwise make the copy in another team than asked,
 * found out only afterwards. Only a try that sends reads: one after a success reads the copy alone. A read naming
 * no team is taken as the team asked for, so a service that ignores the team header and leaves the optional
 * `teamId` out of the read is not caught here.
 */
export async function duplicateQr(
	ctx: TransportContext,
	{ id, teamId, itemIndex }: InTeam & { id: string },
	{ readFirst = false }: { readFirst?: boolean } = {},
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
		const copied = readFirst ? await getQrById(ctx, { id, teamId, itemIndex }) : undefined;
		const { data, source } = await callEndpoint(ctx, {
			...CODE_ADDRESSES.duplicate,
			params: { id },
			unknownOutcomeAdvice: lookBeforeCreatingAgain('copy'),
			teamId,
			itemIndex,
		});
		const copy = readCopy(source, data, id, copied);
		const asked = teamId ?? (await connectionOf(ctx)).teamId;
		if (ofOtherTeam(copy, asked)) throw createdInOtherTeam(source, copy, asked, undefined, 'copy');
		return copy;
	});
}
