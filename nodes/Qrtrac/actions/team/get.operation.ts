import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getTeamById } from '../../../shared/api';
import { idSchema, validateParameters } from '../../../shared/validation';
import { teamLocator } from '../../descriptions/common';
import { getLocatorValue } from '../../helpers/parameters';

const properties: INodeProperties[] = [teamLocator];

export const description = updateDisplayOptions(
	{ show: { resource: ['team'], operation: ['get'] } },
	properties,
);

const inputSchema = z.object({ teamId: idSchema.describe('Team') });

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{ teamId: getLocatorValue(this, 'teamId', itemIndex) },
		itemIndex,
	);
}

/** The team with its domains and members. The request acts in that team (x-request-team-id). */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	return await getTeamById(this, { teamId: input.teamId, itemIndex });
}
