import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getTeamById, type Team } from '../../../shared/api';
import { describeTeam } from '../../../shared/records/team';
import { VERSION_1_2 } from '../../descriptions/layoutVersions';
import { changeUnlessHeld } from '../../helpers/outcome';
import { atLeastVersion } from '../../helpers/parameters';

/**
 * How every team operation puts a team out: from 1.2 its members in Team Member > Get Many's shape
 * (records/team.ts); saved nodes keep the team as QRTRAC sent it. A team without a text `id` is named by `teamId`.
 */
export function teamOutput(
	ctx: IExecuteFunctions,
	teamId?: string,
): (team: IDataObject) => IDataObject {
	if (!atLeastVersion(ctx, VERSION_1_2)) return (team) => team;
	return (team) => describeTeam(team, typeof team.id === 'string' ? team.id : (teamId ?? ''));
}

/** A change of one team (Rename, Set Domains) through changeUnlessHeld: the team is read by its ID. */
export async function changeTeam(
	ctx: IExecuteFunctions,
	{ teamId, itemIndex }: { teamId: string; itemIndex: number },
	change: { holds(team: Team): boolean; write(): Promise<IDataObject> },
): Promise<IDataObject> {
	return await changeUnlessHeld(ctx, {
		read: async () => await getTeamById(ctx, { teamId, itemIndex }),
		holds: change.holds,
		write: change.write,
		output: teamOutput(ctx, teamId),
	});
}
