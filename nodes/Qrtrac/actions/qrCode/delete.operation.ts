import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeTimeOf, deleteQr, deletedAfterRefusals, getQrById } from '../../../shared/api';
import { isLive } from '../../../shared/records/qrCode';
import { qrCodeLocator, teamOptionsCollection } from '../../descriptions/common';
import { attempt, reportsOutcome } from '../../helpers/outcome';
import { codeInTeam, parseQrCodeInTeam, type QrCodeInTeam } from '../../helpers/qrCodeTarget';

/** Soft delete: QRTRAC keeps the code as deleted (it still shows in Get Updated Since with Include Deleted). */

const properties: INodeProperties[] = [qrCodeLocator, teamOptionsCollection];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['delete'] } },
	properties,
);

export const parse = parseQrCodeInTeam;

/**
 * From 1.2 the code is read first (getQrById holds it to the team asked for): a code the read names as another
 * team's is never deleted, even by a service acting on a code's ID alone; a read naming no team is taken as the
 * team asked for (ofOtherTeam), so that one is. A code read as deleted is `unchanged`, and so is one whose read or
 * delete is refused as a code not there may be (400, 403, 404, 410, a read answered success without a code) while
 * the team's changes (deleted codes included) show it deleted: api/deletions.ts `deletedAfterRefusals`, Delete
 * Missing's rule too. An ID the team never held, or a refusal the changes do not explain, still fails.
 */
export async function execute(
	this: IExecuteFunctions,
	input: QrCodeInTeam,
	itemIndex: number,
): Promise<IDataObject> {
	const target = codeInTeam(input, itemIndex);
	const record = { deleted: true, id: input.qrCodeId };
	const outcome = reportsOutcome(this);
	/** A refusal after the code's version (0: unknown) that the changes show deleted: unchanged, else it fails. */
	const refusedWhen = async (refused: unknown, version?: number) => {
		if (!outcome) throw refused;
		const [settled] = await deletedAfterRefusals(this, {
			refusals: [{ id: target.id, version, refused }],
			teamId: target.teamId,
			itemIndex,
		});
		if ('error' in settled) throw settled.error;
		return { ...record, result: 'unchanged' };
	};
	let version: number | undefined;
	if (outcome) {
		const read = await attempt(getQrById(this, target));
		if ('failed' in read) return await refusedWhen(read.failed);
		if (!isLive(read.done)) return { ...record, result: 'unchanged' };
		version = changeTimeOf(read.done, Date.now());
	}
	const sent = await attempt(deleteQr(this, { ...target, laterCheck: outcome }));
	if ('failed' in sent) return await refusedWhen(sent.failed, version);
	return {
		...record,
		...(outcome ? { result: 'deleted' } : {}),
		...(sent.done.verifiedAfterUnknownOutcome ? { verifiedAfterUnknownOutcome: true } : {}),
	};
}
