import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getTeamRoster, membershipState, memberWord } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import {
	itemInputError,
	MEMBER_ROLES,
	MEMBER_STATUSES,
	memberRoleSchema,
	memberStatusSchema,
	validateParameters,
} from '../../../shared/validation';
import { teamLocator } from '../../descriptions/common';
import { describeMember } from '../../../shared/records/member';
import {
	returnAllInput,
	returnAllProperties,
	returnAllShape,
	upToLimit,
} from '../../helpers/returnAll';
import { teamTargetInput, teamTargetShape } from '../../helpers/teamTarget';

const properties: INodeProperties[] = [
	{ ...teamLocator, description: 'The team whose members to list' },
	...returnAllProperties,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Roles',
				name: 'roles',
				type: 'multiOptions',
				options: [
					{ name: 'Admin', value: 'admin' },
					{ name: 'Editor', value: 'editor' },
					{ name: 'Owner', value: 'owner' },
					{ name: 'Viewer', value: 'viewer' },
				],
				default: [],
				description: 'Only members with one of these roles; none chosen: every role',
			},
			{
				displayName: 'Statuses',
				name: 'statuses',
				type: 'multiOptions',
				options: [
					{ name: 'Active', value: 'active', description: 'Works in the team' },
					{ name: 'Paused', value: 'paused', description: 'Paused in the team' },
					{
						name: 'Pending',
						value: 'pending',
						description: 'Invited, and has not accepted the invitation yet',
					},
				],
				default: [],
				description:
					"Only members whose 'status' (as the output shows it) is one of these, and for Paused also invitees paused in the team (status pending); none chosen: every status",
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['getMany'] } },
	properties,
);

const inputSchema = z.object({
	...teamTargetShape,
	...returnAllShape,
	roles: z
		.array(memberRoleSchema, { invalid_type_error: `must be a list of ${MEMBER_ROLES.join(', ')}` })
		.describe('Roles'),
	statuses: z
		.array(memberStatusSchema, {
			invalid_type_error: `must be a list of ${MEMBER_STATUSES.join(', ')}`,
		})
		.describe('Statuses'),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const filters = readParameter<IDataObject>(this, 'filters', itemIndex, {});
	return validateParameters(
		this,
		inputSchema,
		{
			...teamTargetInput(this, itemIndex),
			...returnAllInput(this, itemIndex),
			roles: filters.roles ?? [],
			statuses: filters.statuses ?? [],
		},
		itemIndex,
	);
}

/**
 * The members of one team, one item each, read through Get Team by ID (the contract has no members list of its
 * own; one request), filtered here. `status` is pending, active or paused where the service tells it; a Statuses
 * filter on an answer that does not tell it for some member (e-mail or not) fails rather than leave one out, and so
 * does a Roles filter on an answer listing a member without a role.
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject[]> {
	const { members } = await getTeamRoster(this, { teamId: input.teamId, itemIndex });
	const listed = members.map((member) => describeMember(member as IDataObject, input.teamId));
	// Any member, with an e-mail or without, who does not tell a status could be the one asked for: no partial list.
	if (input.statuses.length > 0 && listed.some((member) => member.status === undefined)) {
		throw itemInputError(
			this.getNode(),
			itemIndex,
			"QRTRAC's answer does not tell the members' status, so 'Statuses' cannot filter them",
			"Remove the 'Statuses' filter, or filter on the output's fields in a later node.",
		);
	}
	// A member listed without a role (TeamMember requires none: a pending invitee) may have one asked for, likewise.
	const roleless = listed.filter((member) => memberWord(member.role) === undefined).length;
	if (input.roles.length > 0 && roleless > 0) {
		throw itemInputError(
			this.getNode(),
			itemIndex,
			"QRTRAC's answer does not tell every member's role, so 'Roles' cannot filter them",
			`The team lists ${roleless} member${roleless === 1 ? '' : 's'} without a role. Remove the 'Roles' filter, or filter on the output's fields in a later node.`,
		);
	}
	const matching = listed.filter(
		(member) =>
			(input.roles.length === 0 ||
				input.roles.includes(memberWord(member.role) as Input['roles'][number])) &&
			(input.statuses.length === 0 || input.statuses.some((status) => hasStatus(member, status))),
	);
	return upToLimit(matching, input);
}

/**
 * Whether a listed member is kept by a Statuses choice: their output `status`, or for Paused, a pause in the team
 * that `status` does not show because their invitation is pending (Pause takes them as paused all the same).
 */
function hasStatus(member: IDataObject, status: Input['statuses'][number]): boolean {
	return member.status === status || (status === 'paused' && membershipState(member) === 'paused');
}
