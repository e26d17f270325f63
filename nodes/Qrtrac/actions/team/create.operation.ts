import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { createTeam } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { nameSchema, validateParameters } from '../../../shared/validation';
import { teamNameField } from '../../descriptions/team';
import { reported } from '../../helpers/outcome';
import { teamOutput } from './teamChange';

const properties: INodeProperties[] = [teamNameField('Name of the new team')];

export const description = updateDisplayOptions(
	{ show: { resource: ['team'], operation: ['create'] } },
	properties,
);

const inputSchema = z.object({
	name: nameSchema.describe('Name'),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{ name: readParameter(this, 'name', itemIndex, '') },
		itemIndex,
	);
}

/** Creates a team; an unknown outcome fails the item rather than risk a second team (see createTeam). */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const team = await createTeam(this, { name: input.name, itemIndex });
	return reported(this, teamOutput(this)(team), 'created');
}
