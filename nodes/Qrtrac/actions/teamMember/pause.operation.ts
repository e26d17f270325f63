import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { pauseMember } from '../../../shared/api';
import { memberTargetProperties, parseMemberTarget, type MemberTarget } from '../../helpers/member';

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['pause'] } },
	memberTargetProperties,
);

export const parse = parseMemberTarget;

/** Pauses a member in the team; the service refuses the owner and a member who would be left with no active team. */
export async function execute(
	this: IExecuteFunctions,
	input: MemberTarget,
	itemIndex: number,
): Promise<IDataObject> {
	const done = await pauseMember(this, { ...input, itemIndex });
	return { email: input.email, teamId: input.teamId, status: 'paused', result: 'paused', ...done };
}
