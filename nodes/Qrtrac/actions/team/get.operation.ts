import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { getTeamById } from '../../../shared/api';
import { teamLocator } from '../../descriptions/common';
import { VERSION_1_2 } from '../../descriptions/layoutVersions';
import { describeMember } from '../../../shared/records/member';
import { atLeastVersion } from '../../helpers/parameters';
import { parseTeamTarget, type TeamTarget } from '../../helpers/teamTarget';

const properties: INodeProperties[] = [teamLocator];

export const description = updateDisplayOptions(
	{ show: { resource: ['team'], operation: ['get'] } },
	properties,
);

export const parse = parseTeamTarget;

/**
 * The team with its domains and members. The request acts in that team (x-request-team-id). From 1.2 each member
 * has the shape Team Member > Get Many gives (helpers/member.ts); saved nodes keep the members as QRTRAC sent them.
 */
export async function execute(
	this: IExecuteFunctions,
	input: TeamTarget,
	itemIndex: number,
): Promise<IDataObject> {
	const team = await getTeamById(this, { teamId: input.teamId, itemIndex });
	if (!atLeastVersion(this, VERSION_1_2) || !Array.isArray(team.members)) return team;
	return {
		...team,
		members: team.members.map((member) => describeMember(member as IDataObject, input.teamId)),
	};
}
