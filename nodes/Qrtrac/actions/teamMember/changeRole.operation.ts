import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { changeMemberRole, memberChangeHolds } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { assignableRoleSchema, validateParameters } from '../../../shared/validation';
import { teamLocator } from '../../descriptions/common';
import { memberEmailField, roleField } from '../../descriptions/member';
import { memberTargetInput, memberTargetShape } from '../../helpers/memberTarget';
import { memberChangeRun } from './memberChange';

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
		{ ...memberTargetInput(this, itemIndex), role: readParameter(this, 'role', itemIndex, '') },
		itemIndex,
	);
}

export const kind = 'batch' as const;

/**
 * Gives an existing member another role; a member who has the role already is `unchanged` (1.2), with the role it
 * replaced as `previousRole` when it changes. The owner's role never changes.
 */
export const run = memberChangeRun<Input>({
	name: 'Change Role',
	done: 'roleChanged',
	holds: (member, input) => memberChangeHolds.changeRole(member, input.role),
	send: async (ctx, input, itemIndex) => await changeMemberRole(ctx, { ...input, itemIndex }),
	after: (member, input) => (member ? { ...member, role: input.role } : member),
	output: (input, result, before) => ({
		email: input.email,
		teamId: input.teamId,
		role: input.role,
		...(result === 'roleChanged' && before?.role !== undefined
			? { previousRole: before.role }
			: {}),
		result,
	}),
});
