import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleteQr, deletedSince, getQrById } from '../../../shared/api';
import { isLive } from '../../../shared/records/qrCode';
import { qrCodeLocator, teamOptionsCollection } from '../../descriptions/common';
import { attempt, mayNameGoneCode, reportsOutcome, showsNoCode } from '../../helpers/outcome';
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
 * team asked for (ofOtherTeam), so that one is. A code read as deleted, or whose read shows no code (refusals.ts
 * `showsNoCode`: refused as "not found", or answered success without a code), or whose read or delete is refused as
 * a gone code may be (`mayNameGoneCode`: 400 "not found", 404, 410 Gone, a 403 of a service hiding what it no
 * longer shows) while the team's record of changes (deleted codes included) shows it deleted, is `unchanged`. An
 * ID the team never held, or a refusal the changes do not explain, still fails.
 */
export async function execute(
	this: IExecuteFunctions,
	input: QrCodeInTeam,
	itemIndex: number,
): Promise<IDataObject> {
	const target = codeInTeam(input, itemIndex);
	const record = { deleted: true, id: input.qrCodeId };
	const outcome = reportsOutcome(this);
	const deletedAlready = async (failed: unknown) =>
		outcome &&
		(mayNameGoneCode(failed) || showsNoCode(failed)) &&
		(await deletedBefore(this, target));
	if (outcome) {
		const read = await attempt(getQrById(this, target));
		if ('failed' in read) {
			if (await deletedAlready(read.failed)) return { ...record, result: 'unchanged' };
			throw read.failed;
		}
		if (!isLive(read.done)) return { ...record, result: 'unchanged' };
	}
	const sent = await attempt(deleteQr(this, target));
	if ('done' in sent) {
		return {
			...record,
			...(outcome ? { result: 'deleted' } : {}),
			...(sent.done.verifiedAfterUnknownOutcome ? { verifiedAfterUnknownOutcome: true } : {}),
		};
	}
	if (await deletedAlready(sent.failed)) return { ...record, result: 'unchanged' };
	throw sent.failed;
}

/** Whether the team's codes changed since the beginning hold this one as deleted; a failed read says no. */
async function deletedBefore(
	ctx: IExecuteFunctions,
	target: { id: string; teamId?: string; itemIndex: number },
): Promise<boolean> {
	return (await deletedSince(ctx, { ...target, fromTime: 0 }).catch(() => undefined)) !== undefined;
}
