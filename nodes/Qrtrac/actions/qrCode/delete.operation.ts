import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { deleteQr } from '../../../shared/api';
import { idSchema, validateParameters } from '../../../shared/validation';
import { qrCodeLocator, teamOptionsCollection } from '../../descriptions/common';
import { getLocatorValue, getTeamOverride } from '../../helpers/parameters';

/** Soft delete: QRTRAC keeps the code as deleted (it still shows in Get Updated Since with Include Deleted). */

const properties: INodeProperties[] = [qrCodeLocator, teamOptionsCollection];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['delete'] } },
	properties,
);

const inputSchema = z.object({
	qrCodeId: idSchema.describe('QR Code'),
	teamId: z.string().optional(),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{
			qrCodeId: getLocatorValue(this, 'qrCodeId', itemIndex),
			teamId: getTeamOverride(this, itemIndex),
		},
		itemIndex,
	);
}

export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const deleted = await deleteQr(this, { id: input.qrCodeId, teamId: input.teamId, itemIndex });
	return {
		deleted: true,
		id: input.qrCodeId,
		...(deleted.verifiedAfterUnknownOutcome ? { verifiedAfterUnknownOutcome: true } : {}),
	};
}
