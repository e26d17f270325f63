import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';
import { describeMember } from './member';
import { withTimesInMs } from './simplify';

/**
 * A team as the node puts it out from 1.2: its times as a code's (simplify.ts `withTimesInMs`), and its members in
 * the one shape of a listed member (member.ts), so that every team operation shows them as Team Member > Get Many
 * does. `teamId` is the team the members are of.
 */
export function describeTeam(team: IDataObject, teamId: string): IDataObject {
	const timed = withTimesInMs(team);
	if (!Array.isArray(team.members)) return timed;
	const members = team.members.map((member: unknown) =>
		isPlainObject(member) ? describeMember(member, teamId) : member,
	);
	return { ...timed, members: members as IDataObject[] };
}
