import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { updateQrTitle } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { holdsTitle } from '../../../shared/records/qrCode';
import { asText, nonEmptyTextSchema, validateParameters } from '../../../shared/validation';
import { qrCodeTargetForm, qrCodeTargetInput, qrCodeTargetShape } from '../../helpers/qrCodeTarget';
import { changeCode } from './codeChange';

const properties: INodeProperties[] = qrCodeTargetForm({
	displayName: 'Title',
	name: 'title',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. Summer campaign',
	description: 'New name of the code',
});

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['updateTitle'] } },
	properties,
);

const inputSchema = z.object({
	...qrCodeTargetShape,
	title: z.preprocess(asText, nonEmptyTextSchema).describe('Title'),
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
	return await changeCode(this, input, itemIndex, {
		operation: 'Update Title',
		holds: (stored) => holdsTitle(stored, input.title),
		write: async (code, stored) =>
			await updateQrTitle(this, { ...code, title: input.title, before: stored }),
	});
}
