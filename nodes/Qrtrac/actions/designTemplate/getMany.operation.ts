import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getQrTemplatesByTeam } from '../../../shared/api';
import { validateParameters } from '../../../shared/validation';
import { teamOptionsCollection } from '../../descriptions/common';
import { getTeamOverride } from '../../helpers/parameters';
import {
	returnAllInput,
	returnAllProperties,
	returnAllShape,
	upToLimit,
} from '../../helpers/returnAll';

const properties: INodeProperties[] = [...returnAllProperties, teamOptionsCollection];

export const description = updateDisplayOptions(
	{ show: { resource: ['designTemplate'], operation: ['getMany'] } },
	properties,
);

const inputSchema = z.object({ ...returnAllShape, teamId: z.string().optional() });

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{ ...returnAllInput(this, itemIndex), teamId: getTeamOverride(this, itemIndex) },
		itemIndex,
	);
}

/** The team's design templates; the service returns them all at once, so the limit is applied here. */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject[]> {
	return upToLimit(await getQrTemplatesByTeam(this, { teamId: input.teamId, itemIndex }), input);
}
