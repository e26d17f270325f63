import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getTeamById } from '../../../shared/api';
import { idSchema, validateParameters } from '../../../shared/validation';
import { teamLocator } from '../../descriptions/common';
import { VERSION_1_2 } from '../../descriptions/layoutVersions';
import { describeMember } from '../../../shared/records/member';
import { atLeastVersion, getLocatorValue } from '../../helpers/parameters';

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

/**
 * The team with its domains and members. The request acts in that team (x-request-team-id). From 1.2 each member
 * has the shape Team Member > Get Many gives (helpers/member.ts); saved nodes keep the members as QRTRAC sent them.
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const team = await getTeamById(this, { teamId: input.teamId, itemIndex });
	if (!atLeastVersion(this, VERSION_1_2) || !Array.isArray(team.members)) return team;
	return {
		...team,
		members: team.members.map((member) => describeMember(member as IDataObject, input.teamId)),
	};
}
