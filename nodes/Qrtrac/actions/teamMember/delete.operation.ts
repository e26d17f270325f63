import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleteMember } from '../../../shared/api';
import { teamLocator } from '../../descriptions/common';
import { memberEmailField } from '../../descriptions/member';
import { parseMemberTarget, type MemberTarget } from '../../helpers/member';

const properties: INodeProperties[] = [
	{
		...teamLocator,
		description: 'A team of the member; the member is removed from every team of the organization',
	},
	memberEmailField,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['delete'] } },
	properties,
);

export const parse = parseMemberTarget;

/** Removes the person from the organization for good. Needs an Owner client; an owner is never deleted. */
export async function execute(
	this: IExecuteFunctions,
	input: MemberTarget,
	itemIndex: number,
): Promise<IDataObject> {
	const done = await deleteMember(this, { ...input, itemIndex });
	return { deleted: true, id: input.email, email: input.email, teamId: input.teamId, ...done };
}
