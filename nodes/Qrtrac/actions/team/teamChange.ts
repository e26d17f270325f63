import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { getTeamById, type Team } from '../../../shared/api';
import { changeUnlessHeld } from '../../helpers/outcome';

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
	});
}
