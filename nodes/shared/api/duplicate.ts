import { createdInOtherTeam, lookBeforeCreatingAgain, readCreatedQrCode } from './created';
import { createOnce } from './createTries';
import { getQrById } from './qrCodes';
import { callEndpoint, connectionOf, type InTeam } from './source';
import { foldedDisplayId, isLive, ofOtherTeam } from '../records/qrCode';
import { excerptOf, sentence, type AnswerSource, type QrCode } from './answers';
import { apiError } from '../nodeErrors';
import { markOutcomeUnknown } from '../outcomeMarks';
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

/**
 * The copy a Duplicate answered, when it is one: an answer naming the code copied (`original`: its ID, or the
 * Display ID of `copied`, the code read before, unique across QRTRAC) is that code's record, and taking it as the
 * copy would send later steps to the original; one of another type or destination than `copied` is another code's.
 * The copy was probably made all the same.
 */
export function readCopy(
	source: AnswerSource,
	data: unknown,
	original: string,
	copied?: QrCode,
): QrCode {
	const kept = copied && { qrType: copied.qrType, qrRedirectUrl: copied.qrRedirectUrl };
	const copy = readCreatedQrCode(source, data, 'copy', undefined, kept);
	const copiedDisplayId = (code: QrCode | undefined) =>
		typeof code?.displayId === 'string' && code.displayId !== ''
			? foldedDisplayId(code.displayId)
			: undefined;
	const sameDisplayId =
		copiedDisplayId(copied) !== undefined && copiedDisplayId(copy) === copiedDisplayId(copied);
	if (copy.id !== original && !sameDisplayId) return copy;
	const named =
		copy.id === original
			? `Its "id" is "${original}", the code asked to be copied`
			: `Its "displayId" is "${String(copy.displayId)}", the Display ID of the code copied`;
	throw markOutcomeUnknown(
		apiError(
			source.node,
			{ success: false, message: 'duplicate answered the original' },
			{
				message: `QRTRAC's answer to ${source.operation} names the code copied, not a copy`,
				description: `${named}, where the contract answers a copy with a new ID and Display ID. It was: ${sentence(excerptOf(data, source.redact ?? []))} The copy was probably made all the same. Do not run this item again as it is: that would make another one. ${lookBeforeCreatingAgain('copy')}`,
				itemIndex: source.itemIndex,
			},
		),
	);
}
