import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleteQr, deletedSince } from '../../../shared/api';
import { qrCodeLocator, teamOptionsCollection } from '../../descriptions/common';
import { attempt, refusedAsNotFound, reportsOutcome } from '../../helpers/outcome';
import { codeInTeam, parseQrCodeInTeam, type QrCodeInTeam } from '../../helpers/qrCodeTarget';

/** Soft delete: QRTRAC keeps the code as deleted (it still shows in Get Updated Since with Include Deleted). */

const properties: INodeProperties[] = [qrCodeLocator, teamOptionsCollection];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['delete'] } },
	properties,
);

export const parse = parseQrCodeInTeam;

/**
 * From 1.2 a code deleted already is `unchanged`: the refusal says "not found" and the team's record of changes
 * (deleted codes included) shows this code deleted. An ID the team never held still fails.
 */
export async function execute(
	this: IExecuteFunctions,
	input: QrCodeInTeam,
	itemIndex: number,
): Promise<IDataObject> {
	const target = codeInTeam(input, itemIndex);
	const record = { deleted: true, id: input.qrCodeId };
	const sent = await attempt(deleteQr(this, target));
	if ('done' in sent) {
		return {
			...record,
			...(reportsOutcome(this) ? { result: 'deleted' } : {}),
			...(sent.done.verifiedAfterUnknownOutcome ? { verifiedAfterUnknownOutcome: true } : {}),
		};
	}
	const { failed } = sent;
	if (reportsOutcome(this) && refusedAsNotFound(failed) && (await deletedBefore(this, target)))
		return { ...record, result: 'unchanged' };
	throw failed;
}

/** Whether the team's codes changed since the beginning hold this one as deleted; a failed read says no. */
async function deletedBefore(
	ctx: IExecuteFunctions,
	target: { id: string; teamId?: string; itemIndex: number },
): Promise<boolean> {
	return (await deletedSince(ctx, { ...target, fromTime: 0 }).catch(() => undefined)) !== undefined;
}
