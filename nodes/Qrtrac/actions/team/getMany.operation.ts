import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getAllTeams } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { validateParameters } from '../../../shared/validation';
import { listLimitSchema } from '../../../shared/validation/listLimit';
import { limitOption, returnAllOption } from '../../descriptions/common';

const properties: INodeProperties[] = [returnAllOption, limitOption];

export const description = updateDisplayOptions(
	{ show: { resource: ['team'], operation: ['getMany'] } },
	properties,
);

const inputSchema = z.object({
	returnAll: z.boolean(),
	limit: listLimitSchema.describe('Limit'),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{
			returnAll: readParameter(this, 'returnAll', itemIndex, false),
			limit: readParameter(this, 'limit', itemIndex, 50),
		},
		itemIndex,
	);
}

/** Every team of the organization; the service returns them all at once, so the limit is applied here. */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject[]> {
	const teams = await getAllTeams(this, { itemIndex });
	return input.returnAll ? teams : teams.slice(0, input.limit);
}
