import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getTeamById, updateTeam } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { idSchema, nonEmptyTextSchema, validateParameters } from '../../../shared/validation';
import { teamLocator } from '../../descriptions/common';
import { teamNameField } from '../../descriptions/team';
import { reportsOutcome } from '../../helpers/outcome';
import { getLocatorValue } from '../../helpers/parameters';

const properties: INodeProperties[] = [teamLocator, teamNameField('New name of the team')];

export const description = updateDisplayOptions(
	{ show: { resource: ['team'], operation: ['rename'] } },
	properties,
);

const inputSchema = z.object({
	teamId: idSchema.describe('Team'),
	name: nonEmptyTextSchema.max(200, 'must be at most 200 characters').describe('Name'),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{
			teamId: getLocatorValue(this, 'teamId', itemIndex),
			name: readParameter(this, 'name', itemIndex, ''),
		},
		itemIndex,
	);
}

/**
 * Renames the team (needs an Admin or Owner client); returns the updated team. From 1.2 the team is read first: a
 * team that has the name already is `unchanged`, unsent.
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const rename = async () =>
		await updateTeam(this, { teamId: input.teamId, name: input.name, itemIndex });
	if (!reportsOutcome(this)) return await rename();
	const team = await getTeamById(this, { teamId: input.teamId, itemIndex });
	if (team.name === input.name) return { ...team, result: 'unchanged' };
	return { ...(await rename()), result: 'updated' };
}
