import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { duplicateQr } from '../../../shared/api';
import {
	parseQrCodeTarget,
	qrCodeTargetProperties,
	type QrCodeTarget,
} from '../../helpers/qrCodeTarget';
import { reportsOutcome } from '../../helpers/outcome';
import { simplifyQr } from '../../../shared/records/simplify';

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['duplicate'] } },
	qrCodeTargetProperties,
);

export const parse = parseQrCodeTarget;

/** A copy of the code with a new ID and a generated Display ID; the output is the copy. */
export async function execute(
	this: IExecuteFunctions,
	input: QrCodeTarget,
	itemIndex: number,
): Promise<IDataObject> {
	const copy = await duplicateQr(this, { id: input.qrCodeId, teamId: input.teamId, itemIndex });
	const record = input.simplify ? simplifyQr(copy) : copy;
	return reportsOutcome(this) ? { ...record, result: 'created' } : record;
}
