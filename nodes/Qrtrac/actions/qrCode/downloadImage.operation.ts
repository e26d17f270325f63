import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { apiPath } from '../../../shared/apiPath';
import { qrtracApiRequest, qrtracDownload } from '../../../shared/transport';
import { idSchema, validateParameters } from '../../../shared/validation';
import { qrCodeLocator, teamOptionsCollection } from '../../descriptions/common';
import { getLocatorValue, getTeamOverride } from '../../helpers/parameters';
import { simplifyQr } from '../../helpers/simplify';

/** The code's PNG image as binary data, named `<displayId>.png`; the JSON is the code (simplified). */

const properties: INodeProperties[] = [
	qrCodeLocator,
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
	},
	teamOptionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['downloadImage'] } },
	properties,
);

const inputSchema = z.object({
	qrCodeId: idSchema.describe('QR Code'),
	binaryPropertyName: z
		.string()
		.trim()
		.min(1, 'must not be empty')
		.regex(/^[^\s.[\]]+$/, 'must be a field name without spaces, dots or brackets')
		.describe('Put Output File in Field'),
	teamId: z.string().optional(),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{
			qrCodeId: getLocatorValue(this, 'qrCodeId', itemIndex),
			binaryPropertyName: this.getNodeParameter('binaryPropertyName', itemIndex, 'data'),
			teamId: getTeamOverride(this, itemIndex),
		},
		itemIndex,
	);
}

export async function execute(this: IExecuteFunctions, input: Input, itemIndex: number): Promise<INodeExecutionData[]> {
	const { data: code } = await qrtracApiRequest(this, {
		method: 'GET',
		path: apiPath`/qrs-api/teams/${input.qrCodeId}`,
		teamId: input.teamId,
		itemIndex,
	});
	if (typeof code.qrImageUrl !== 'string' || code.qrImageUrl === '') {
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: the code has no image URL (qrImageUrl)`, { itemIndex });
	}
	const image = await qrtracDownload(this, code.qrImageUrl, itemIndex);
	const fileName = `${String(code.displayId ?? code.id)}.png`;
	const binary = await this.helpers.prepareBinaryData(image.data, fileName, 'image/png');
	return [{ json: simplifyQr(code), binary: { [input.binaryPropertyName]: binary } }];
}
