import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../shared/forms/fields';

/** Form pieces of the Team Member resource. */

export const memberEmailField: INodeProperties = {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	placeholder: 'name@email.com',
	default: '',
	required: true,
	description: 'Email address of the member',
};

export const memberNameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. Ada Lovelace',
	description: 'Full name of the member, used in the invitation of someone new',
};

/** Roles that can be given; the owner role is never assignable. */
export const roleOptions = [
	{ name: 'Admin', value: 'admin', description: 'Manages the team, its members and all codes' },
	{ name: 'Editor', value: 'editor', description: 'Creates and edits codes' },
	{ name: 'Viewer', value: 'viewer', description: 'Sees codes and analytics' },
];

/**
 * The node reads a role in any case (validation.ts assignableRoleSchema), but n8n's editor flags an expression giving
 * "Editor" as "not supported" unless the field allows values outside its list; the node still refuses other roles.
 */
export const roleField: INodeProperties = {
	displayName: 'Role',
	name: 'role',
	type: 'options',
	options: roleOptions,
	allowArbitraryValues: true,
	default: 'viewer',
	description: 'Role of the member in the team',
	hint: 'From an expression: admin, editor or viewer, in any case (e.g. Editor)',
};

export const alwaysSendOption: INodeProperties = {
	displayName: 'Always Send',
	name: 'alwaysSend',
	type: 'boolean',
	default: false,
	description:
		"Whether to send the change even when the team's members show it is already in place. Off: the node reads each team's members once per run and skips people whose role already matches, so re-runs cost almost nothing and never re-invite anyone.",
};

/** The Options of the two adds (Add, Add to Teams): Always Send only. */
export const alwaysSendOptions: INodeProperties = optionsCollection([alwaysSendOption]);
