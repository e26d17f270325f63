import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { activateMember } from '../../../shared/api';
import { memberTargetProperties, parseMemberTarget, type MemberTarget } from '../../helpers/member';

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['activate'] } },
	memberTargetProperties,
);

export const parse = parseMemberTarget;

/** Lets a paused member work in the team again; the service refuses a member who is not paused. */
export async function execute(
	this: IExecuteFunctions,
	input: MemberTarget,
	itemIndex: number,
): Promise<IDataObject> {
	const done = await activateMember(this, { ...input, itemIndex });
	return {
		email: input.email,
		teamId: input.teamId,
		status: 'active',
		result: 'activated',
		...done,
	};
}
