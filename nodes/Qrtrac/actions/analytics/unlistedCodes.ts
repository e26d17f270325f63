import type { IExecuteFunctions } from 'n8n-workflow';

import { getQrById, type QrCode } from '../../../shared/api';
import { isLive } from '../../../shared/records/qrCode';
import { refusedAsNotFound } from '../../helpers/outcome';

/** Most IDs named as no live code before the rest of the unlisted ones are left unread (the error shows 10). */
const MAX_NOT_CODES = 10;

/**
 * Asked IDs the team's list does not show as live, each read by its ID (Get QR Code, as Get for a Code reads its
 * code; getQrById refuses a record of another team): the contract does not say what an analytics answer gives an
 * ID that is no live code of the team (a service may answer zeros), and a code just created may not be listed
 * yet. `live`: read as a live code of the team; `notCodes`: not found or deleted. Reading stops once
 * `MAX_NOT_CODES` are found (`unread` counts the rest), so a list of another team's IDs costs a few requests.
 */
export async function readUnlisted(
	ctx: IExecuteFunctions,
	{
		qrIds,
		listed,
		teamId,
		itemIndex,
	}: { qrIds: readonly string[]; listed: readonly QrCode[]; teamId?: string; itemIndex: number },
): Promise<{ live: QrCode[]; notCodes: string[]; unread: number }> {
	const listedIds = new Set(listed.map((code) => code.id));
	const unlisted = qrIds.filter((id) => !listedIds.has(id));
	const live: QrCode[] = [];
	const notCodes: string[] = [];
	let read = 0;
	for (const id of unlisted) {
		if (notCodes.length >= MAX_NOT_CODES) break;
		read++;
		const code = await getQrById(ctx, { id, teamId, itemIndex }).catch((error: unknown) => {
			if (refusedAsNotFound(error)) return undefined;
			throw error;
		});
		if (code && isLive(code)) live.push(code);
		else notCodes.push(id);
	}
	return { live, notCodes, unread: unlisted.length - read };
}
