import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import type { ParsedItem } from '../../../shared/executor';
import { apiPath } from '../../../shared/apiPath';
import { qrtracApiRequest } from '../../../shared/transport';
import { assignableRoleSchema, emailSchema, idSchema, nonEmptyTextSchema, validateParameters } from '../../../shared/validation';
import { teamLocator } from '../../descriptions/common';
import { alwaysSendOption, memberEmailField, memberNameField, roleField } from '../../descriptions/member';
import { normalizeEmail, planMemberChange, TeamRoster } from '../../helpers/member';
import { getLocatorValue } from '../../helpers/parameters';

const properties: INodeProperties[] = [
	teamLocator,
	memberNameField,
	memberEmailField,
	roleField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [alwaysSendOption],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['teamMember'], operation: ['add'] } }, properties);

const inputSchema = z.object({
	teamId: idSchema.describe('Team'),
	name: nonEmptyTextSchema.max(200, 'must be at most 200 characters').describe('Name'),
	email: emailSchema.transform(normalizeEmail).describe('Email'),
	role: assignableRoleSchema.describe('Role'),
	alwaysSend: z.boolean(),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return validateParameters(
		this,
		inputSchema,
		{
			teamId: getLocatorValue(this, 'teamId', itemIndex),
			name: this.getNodeParameter('name', itemIndex, ''),
			email: this.getNodeParameter('email', itemIndex, ''),
			role: this.getNodeParameter('role', itemIndex, ''),
			alwaysSend: options.alwaysSend === true,
		},
		itemIndex,
	);
}

/** Reads the members of every team the change-aware items touch, once per execution. */
export async function prepare(this: IExecuteFunctions, items: Array<ParsedItem<Input>>): Promise<TeamRoster> {
	const teamItems = new Map<string, number>();
	for (const { input, itemIndex } of items) {
		if (!input.alwaysSend && !teamItems.has(input.teamId)) teamItems.set(input.teamId, itemIndex);
	}
	return await TeamRoster.read(this, teamItems);
}

/**
 * Adds the person to the team with the role, or gives an existing member the role. Change-aware unless Always
 * Send is on: a member who already has the role is reported `unchanged` and nothing is sent, so a re-run
 * neither writes nor re-invites anyone.
 */
export async function execute(this: IExecuteFunctions, input: Input, itemIndex: number, roster: TeamRoster): Promise<IDataObject> {
	const record = { email: input.email, name: input.name, teamId: input.teamId, role: input.role };
	if (input.alwaysSend) {
		await sendAdd(this, input, itemIndex);
		return { ...record, result: 'sent' };
	}
	return await roster.forPerson(input.email, async () => {
		const current = roster.member(input.teamId, input.email);
		const result = planMemberChange(current, input.role);
		if (result !== 'unchanged') {
			await sendAdd(this, input, itemIndex);
			roster.record(input.teamId, { email: input.email, name: input.name, role: input.role, status: current?.status });
		}
		return {
			...record,
			...(current?.status ? { status: current.status } : {}),
			...(result === 'roleChanged' ? { previousRole: current?.role } : {}),
			result,
		};
	});
}

async function sendAdd(ctx: IExecuteFunctions, input: Input, itemIndex: number): Promise<void> {
	await qrtracApiRequest(ctx, {
		method: 'PUT',
		path: apiPath`/teams-api/${input.teamId}/members`,
		body: { name: input.name, email: input.email, role: input.role },
		teamId: input.teamId,
		itemIndex,
	});
}
