import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getQrById, updateQrTitle } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { nonEmptyTextSchema, validateParameters } from '../../../shared/validation';
import { qrCodeLocator, simplifyOption, teamOptionsCollection } from '../../descriptions/common';
import { reportsOutcome } from '../../helpers/outcome';
import { qrCodeTargetInput, qrCodeTargetShape } from '../../helpers/qrCodeTarget';
import { simplifyQr, verifiedMarker } from '../../../shared/records/simplify';

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
		{ ...qrCodeTargetInput(this, itemIndex), title: readParameter(this, 'title', itemIndex, '') },
		itemIndex,
	);
}

/** From 1.2 the code is read first: a code that has the title already is `unchanged`, unsent. */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const target = { id: input.qrCodeId, teamId: input.teamId, itemIndex };
	const shaped = (code: IDataObject) =>
		input.simplify ? { ...simplifyQr(code), ...verifiedMarker(code) } : code;
	if (!reportsOutcome(this))
		return shaped(await updateQrTitle(this, { ...target, title: input.title }));
	const stored = await getQrById(this, target);
	if (stored.name === input.title) return { ...shaped(stored), result: 'unchanged' };
	return {
		...shaped(await updateQrTitle(this, { ...target, title: input.title })),
		result: 'updated',
	};
}
