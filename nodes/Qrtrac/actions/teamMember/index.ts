import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../../shared/executor';
import type { QrtracOperations } from '../node.type';
import * as activate from './activate.operation';
import * as add from './add/operation';
import * as addToTeams from './addToTeams/operation';
import * as changeRole from './changeRole.operation';
import * as deleteMember from './delete.operation';
import * as getMany from './getMany.operation';
import * as pause from './pause.operation';
import * as remove from './remove.operation';
import * as resendInvite from './resendInvite.operation';

export const operations: Record<QrtracOperations['teamMember'], Operation> = {
	activate,
	add,
	addToTeams,
	changeRole,
	delete: deleteMember,
	getMany,
	pause,
	remove,
	resendInvite,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['teamMember'] } },
		options: [
			{
				name: 'Activate',
				value: 'activate',
				action: 'Activate a team member',
				description: 'Let a paused member work in the team again',
			},
			{
				name: 'Add',
				value: 'add',
				action: 'Add a team member',
				description: 'Add a person to a team, or change the role of an existing member',
			},
			{
				name: 'Add to Teams',
				value: 'addToTeams',
				action: 'Add a person to several teams',
				description: 'Add one person to several teams at once (bulk add), each with its own role',
			},
			{
				name: 'Change Role',
				value: 'changeRole',
				action: 'Change the role of a team member',
				description: "Change a member's role in a team",
			},
			{
				name: 'Delete Completely',
				value: 'delete',
				action: 'Delete a member from the organization',
				description: 'Remove a person from every team of the organization (Owner only)',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many team members',
				description: 'List the members of a team, filtered by role and status',
			},
			{
				name: 'Pause',
				value: 'pause',
				action: 'Pause a team member',
				description: 'Pause a member in a team without removing them',
			},
			{
				name: 'Remove From Team',
				value: 'remove',
				action: 'Remove a member from a team',
				description: 'Remove a member from one team; they keep their other teams',
			},
			{
				name: 'Resend Invite',
				value: 'resendInvite',
				action: 'Resend a team member invitation',
				description: 'Send the invitation email again to someone who has not accepted it',
			},
		],
		default: 'add',
	},
	...activate.description,
	...add.description,
	...addToTeams.description,
	...changeRole.description,
	...deleteMember.description,
	...getMany.description,
	...pause.description,
	...remove.description,
	...resendInvite.description,
];
