import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getQrTemplatesByTeam } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { validateParameters } from '../../../shared/validation';
import { listLimitSchema } from '../../../shared/validation/listLimit';
import { limitOption, returnAllOption, teamOptionsCollection } from '../../descriptions/common';
import { getTeamOverride } from '../../helpers/parameters';

const properties: INodeProperties[] = [returnAllOption, limitOption, teamOptionsCollection];

export const description = updateDisplayOptions(
	{ show: { resource: ['designTemplate'], operation: ['getMany'] } },
	properties,
);

const inputSchema = z.object({
	returnAll: z.boolean(),
	limit: listLimitSchema.describe('Limit'),
	teamId: z.string().optional(),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{
			returnAll: readParameter(this, 'returnAll', itemIndex, false),
			limit: readParameter(this, 'limit', itemIndex, 50),
			teamId: getTeamOverride(this, itemIndex),
		},
		itemIndex,
	);
}

/** The team's design templates; the service returns them all at once, so the limit is applied here. */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject[]> {
	const templates = await getQrTemplatesByTeam(this, { teamId: input.teamId, itemIndex });
	return input.returnAll ? templates : templates.slice(0, input.limit);
}
