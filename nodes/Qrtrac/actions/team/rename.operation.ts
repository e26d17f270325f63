import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { holdsName, updateTeam } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { nameSchema, validateParameters } from '../../../shared/validation';
import { teamLocator } from '../../descriptions/common';
import { teamNameField } from '../../descriptions/team';
import { teamTargetInput, teamTargetShape } from '../../helpers/teamTarget';
import { changeTeam } from './teamChange';

const properties: INodeProperties[] = [teamLocator, teamNameField('New name of the team')];

export const description = updateDisplayOptions(
	{ show: { resource: ['team'], operation: ['rename'] } },
	properties,
);

const inputSchema = z.object({
	...teamTargetShape,
	name: nameSchema.describe('Name'),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{
			...teamTargetInput(this, itemIndex),
			name: readParameter(this, 'name', itemIndex, ''),
		},
		itemIndex,
	);
}

/**
 * Renames the team (needs an Admin or Owner client); returns the team as QRTRAC holds it afterwards (an answer not
 * showing the new name is checked by a read). From 1.2 the team is read first: a team that has the name already is
 * `unchanged`, unsent.
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	return await changeTeam(
		this,
		{ teamId: input.teamId, itemIndex },
		{
			holds: (team) => holdsName(team, input.name),
			write: async () =>
				await updateTeam(this, { teamId: input.teamId, name: input.name, itemIndex }),
		},
	);
}
