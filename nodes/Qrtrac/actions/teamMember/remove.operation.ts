import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiPath } from '../../../shared/apiPath';
import { qrtracApiRequest } from '../../../shared/transport';
import { memberTargetProperties, parseMemberTarget, type MemberTarget } from '../../helpers/memberTarget';

export const description = updateDisplayOptions({ show: { resource: ['teamMember'], operation: ['remove'] } }, memberTargetProperties);

export const parse = parseMemberTarget;

/**
 * Takes the member out of this team only; they keep their other teams. The service refuses the owner and a
 * member's last team (use Delete Completely for that).
 */
export async function execute(this: IExecuteFunctions, input: MemberTarget, itemIndex: number): Promise<IDataObject> {
	await qrtracApiRequest(this, {
		method: 'DELETE',
		path: apiPath`/teams-api/${input.teamId}/members/${input.email}`,
		teamId: input.teamId,
		itemIndex,
	});
	return { email: input.email, teamId: input.teamId, result: 'removed' };
}
