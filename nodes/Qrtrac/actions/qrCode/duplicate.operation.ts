import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { apiPath } from '../../../shared/apiPath';
import { qrtracApiRequest } from '../../../shared/transport';
import { idSchema, validateParameters } from '../../../shared/validation';
import { qrCodeLocator, simplifyOption, teamOverrideOption } from '../../descriptions/common';
import { getLocatorValue, getTeamOverride } from '../../helpers/parameters';
import { simplifyQr } from '../../helpers/simplify';

/** A copy of the code with a new ID and a generated Display ID; the output is the copy. */

const properties: INodeProperties[] = [
	qrCodeLocator,
	simplifyOption,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [teamOverrideOption],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['qrCode'], operation: ['duplicate'] } }, properties);

const inputSchema = z.object({
	qrCodeId: idSchema.describe('QR Code'),
	simplify: z.boolean(),
	teamId: z.string().optional(),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{
			qrCodeId: getLocatorValue(this, 'qrCodeId', itemIndex),
			simplify: this.getNodeParameter('simplify', itemIndex, true),
			teamId: getTeamOverride(this, itemIndex),
		},
		itemIndex,
	);
}

export async function execute(this: IExecuteFunctions, input: Input, itemIndex: number): Promise<IDataObject> {
	const { data } = await qrtracApiRequest(this, {
		method: 'POST',
		path: apiPath`/qrs-api/duplicate/${input.qrCodeId}`,
		teamId: input.teamId,
		itemIndex,
	});
	return input.simplify ? simplifyQr(data) : data;
}
