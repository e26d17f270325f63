import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiPath } from '../../../shared/apiPath';
import { qrtracApiRequest } from '../../../shared/transport';
import { memberTargetProperties, parseMemberTarget, type MemberTarget } from '../../helpers/memberTarget';

export const description = updateDisplayOptions({ show: { resource: ['teamMember'], operation: ['pause'] } }, memberTargetProperties);

export const parse = parseMemberTarget;

/** Pauses a member in the team; the service refuses the owner and a member who would be left with no active team. */
export async function execute(this: IExecuteFunctions, input: MemberTarget, itemIndex: number): Promise<IDataObject> {
	await qrtracApiRequest(this, {
		method: 'PUT',
		path: apiPath`/teams-api/${input.teamId}/members/${input.email}/pause`,
		teamId: input.teamId,
		itemIndex,
	});
	return { email: input.email, teamId: input.teamId, status: 'paused', result: 'paused' };
}
