import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiPath } from '../../../shared/apiPath';
import { qrtracApiRequest } from '../../../shared/transport';
import { memberTargetProperties, parseMemberTarget, type MemberTarget } from '../../helpers/memberTarget';

export const description = updateDisplayOptions({ show: { resource: ['teamMember'], operation: ['activate'] } }, memberTargetProperties);

export const parse = parseMemberTarget;

/** Lets a paused member work in the team again; the service refuses a member who is not paused. */
export async function execute(this: IExecuteFunctions, input: MemberTarget, itemIndex: number): Promise<IDataObject> {
	await qrtracApiRequest(this, {
		method: 'PUT',
		path: apiPath`/teams-api/${input.teamId}/members/${input.email}/activate`,
		teamId: input.teamId,
		itemIndex,
	});
	return { email: input.email, teamId: input.teamId, status: 'active', result: 'activated' };
}
