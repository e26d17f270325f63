import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { changeMemberRole } from '../../../shared/api';
import { assignableRoleSchema, validateParameters } from '../../../shared/validation';
import { teamLocator } from '../../descriptions/common';
import { memberEmailField, roleField } from '../../descriptions/member';
import { memberTargetInput, memberTargetShape } from '../../helpers/member';

const properties: INodeProperties[] = [
	teamLocator,
	memberEmailField,
	{ ...roleField, description: 'New role of the member' },
];

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['changeRole'] } },
	properties,
);

const inputSchema = z.object({ ...memberTargetShape, role: assignableRoleSchema.describe('Role') });

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{ ...memberTargetInput(this, itemIndex), role: this.getNodeParameter('role', itemIndex, '') },
		itemIndex,
	);
}

/** Gives an existing member another role; the owner's role never changes. */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const done = await changeMemberRole(this, { ...input, itemIndex });
	return {
		email: input.email,
		teamId: input.teamId,
		role: input.role,
		result: 'roleChanged',
		...done,
	};
}
