import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { apiPath } from '../../../shared/apiPath';
import { qrtracApiRequest } from '../../../shared/transport';
import { idSchema, nonEmptyTextSchema, validateParameters } from '../../../shared/validation';
import { qrCodeLocator, simplifyOption, teamOverrideOption } from '../../descriptions/common';
import { getLocatorValue, getTeamOverride } from '../../helpers/parameters';
import { simplifyQr } from '../../helpers/simplify';

const properties: INodeProperties[] = [
	qrCodeLocator,
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Summer campaign',
		description: 'New name of the code',
	},
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

export const description = updateDisplayOptions({ show: { resource: ['qrCode'], operation: ['updateTitle'] } }, properties);

const inputSchema = z.object({
	qrCodeId: idSchema.describe('QR Code'),
	title: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), nonEmptyTextSchema).describe('Title'),
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
			title: this.getNodeParameter('title', itemIndex, ''),
			simplify: this.getNodeParameter('simplify', itemIndex, true),
			teamId: getTeamOverride(this, itemIndex),
		},
		itemIndex,
	);
}

export async function execute(this: IExecuteFunctions, input: Input, itemIndex: number): Promise<IDataObject> {
	const { data } = await qrtracApiRequest(this, {
		method: 'PATCH',
		path: apiPath`/qrs-api/${input.qrCodeId}/title`,
		body: { title: input.title },
		teamId: input.teamId,
		itemIndex,
	});
	return input.simplify ? simplifyQr(data) : data;
}
