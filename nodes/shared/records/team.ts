import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';
import { describeMember } from './member';

/**
 * A team as the node puts it out from 1.2: its members in the one shape of a listed member (member.ts), so that
 * every team operation shows them as Team Member > Get Many does. `teamId` is the team the members are of.
 */
export function describeTeam(team: IDataObject, teamId: string): IDataObject {
	if (!Array.isArray(team.members)) return team;
	const members = team.members.map((member: unknown) =>
		isPlainObject(member) ? describeMember(member, teamId) : member,
	);
	return { ...team, members: members as IDataObject[] };
}
