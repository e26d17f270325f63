import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getQrById } from '../../../shared/api';
import {
	parseQrCodeTarget,
	qrCodeTargetProperties,
	type QrCodeTarget,
} from '../../helpers/qrCodeTarget';
import { simplifyQr } from '../../../shared/records/simplify';

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['get'] } },
	qrCodeTargetProperties,
);

export const parse = parseQrCodeTarget;

export async function execute(
	this: IExecuteFunctions,
	input: QrCodeTarget,
	itemIndex: number,
): Promise<IDataObject> {
	const code = await getQrById(this, { id: input.qrCodeId, teamId: input.teamId, itemIndex });
	return input.simplify ? simplifyQr(code) : code;
}
