import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiPath } from '../../../shared/apiPath';
import { qrtracApiRequest } from '../../../shared/transport';
import { teamLocator } from '../../descriptions/common';
import { memberEmailField } from '../../descriptions/member';
import { parseMemberTarget, type MemberTarget } from '../../helpers/memberTarget';

const properties: INodeProperties[] = [
	{ ...teamLocator, description: 'A team of the member; the member is removed from every team of the organization' },
	memberEmailField,
];

export const description = updateDisplayOptions({ show: { resource: ['teamMember'], operation: ['delete'] } }, properties);

export const parse = parseMemberTarget;

/** Removes the person from the organization for good. Needs an Owner client; an owner is never deleted. */
export async function execute(this: IExecuteFunctions, input: MemberTarget, itemIndex: number): Promise<IDataObject> {
	const { body } = await qrtracApiRequest(this, {
		method: 'DELETE',
		path: apiPath`/teams-api/${input.teamId}/members/${input.email}/delete`,
		teamId: input.teamId,
		itemIndex,
	});
	return {
		deleted: true,
		id: input.email,
		email: input.email,
		teamId: input.teamId,
		...(typeof body.message === 'string' ? { message: body.message } : {}),
	};
}
