import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { checkQrAvailability } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { validateParameters } from '../../../shared/validation';
import { sheetDisplayId } from '../../helpers/qrCodeSchemas';

/**
 * Whether a Display ID is still free across QRTRAC. The service answers a taken ID with HTTP 200 and
 * `success: false`: that is the answer "taken", not a failure, so it is read as a value.
 */

const properties: INodeProperties[] = [
	{
		displayName: 'Display ID',
		name: 'displayId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. spring-2025',
		description: 'Custom short ID to check: letters, digits and the characters -_.~% only',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['checkAvailability'] } },
	properties,
);

/** A whole number is its digits, as Create and Create or Update take a sheet's numeric Display IDs. */
const inputSchema = z.object({ displayId: sheetDisplayId.describe('Display ID') });

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{ displayId: readParameter(this, 'displayId', itemIndex) },
		itemIndex,
	);
}

export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const { available, message } = await checkQrAvailability(this, {
		displayId: input.displayId,
		itemIndex,
	});
	return {
		displayId: input.displayId,
		available,
		message:
			message ?? (available ? 'The Display ID is available' : 'The Display ID is already taken'),
	};
}
