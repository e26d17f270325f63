import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { removeMemberFromTeam } from '../../../shared/api';
import { memberTargetProperties, parseMemberTarget, type MemberTarget } from '../../helpers/member';

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['remove'] } },
	memberTargetProperties,
);

export const parse = parseMemberTarget;

/**
 * Takes the member out of this team only; they keep their other teams. The service refuses the owner and a
 * member's last team (use Delete Completely for that).
 */
export async function execute(
	this: IExecuteFunctions,
	input: MemberTarget,
	itemIndex: number,
): Promise<IDataObject> {
	const done = await removeMemberFromTeam(this, { ...input, itemIndex });
	return { email: input.email, teamId: input.teamId, result: 'removed', ...done };
}
