import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { updateQrTitle } from '../../../shared/api';
import { nonEmptyTextSchema, validateParameters } from '../../../shared/validation';
import { qrCodeLocator, simplifyOption, teamOptionsCollection } from '../../descriptions/common';
import { qrCodeTargetInput, qrCodeTargetShape } from '../../helpers/qrCodeTarget';
import { simplifyQr, verifiedMarker } from '../../helpers/simplify';

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
	teamOptionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['updateTitle'] } },
	properties,
);

const inputSchema = z.object({
	...qrCodeTargetShape,
	title: z
		.preprocess((value) => (typeof value === 'number' ? String(value) : value), nonEmptyTextSchema)
		.describe('Title'),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{ ...qrCodeTargetInput(this, itemIndex), title: this.getNodeParameter('title', itemIndex, '') },
		itemIndex,
	);
}

export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const code = await updateQrTitle(this, {
		id: input.qrCodeId,
		title: input.title,
		teamId: input.teamId,
		itemIndex,
	});
	return input.simplify ? { ...simplifyQr(code), ...verifiedMarker(code) } : code;
}
