import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { addTeamMember } from '../../../../shared/api';
import type { ItemResults, Rows, TaskPool } from '../../../../shared/executor';
import { readParameter } from '../../../../shared/parameters';
import {
	assignableRoleSchema,
	flagSchema,
	validateParameters,
} from '../../../../shared/validation';
import { teamLocator } from '../../../descriptions/common';
import {
	alwaysSendOptions,
	memberEmailField,
	memberNameField,
	roleField,
} from '../../../descriptions/member';
import { teamTargetInput, teamTargetShape } from '../../../helpers/teamTarget';
import { asListed } from '../memberChange';
import { alwaysSendInput, personInput, personShape } from '../person';
import { placeRows } from '../placeRows';
import { sentUntold, type RosterMember } from '../rosters';
import { spellingHeld } from '../spellings';
import { planMemberChange } from './plan';

const properties: INodeProperties[] = [
	teamLocator,
	memberNameField,
	memberEmailField,
	roleField,
	alwaysSendOptions,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['add'] } },
	properties,
);

const inputSchema = z.object({
	...teamTargetShape,
	...personShape,
	role: assignableRoleSchema.describe('Role'),
	alwaysSend: flagSchema('Always Send'),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{
			...teamTargetInput(this, itemIndex),
			...personInput(this, itemIndex),
			role: readParameter(this, 'role', itemIndex, ''),
			alwaysSend: alwaysSendInput(this, itemIndex),
		},
		itemIndex,
	);
}

export const kind = 'batch' as const;

/**
 * Adds each person to the team with the role, or gives an existing member the role. Change-aware unless Always
 * Send is on: each team's members are read once, and a member who already has the role is reported `unchanged`
 * with nothing sent, so a re-run neither writes nor re-invites anyone. Rows for the same person follow each other
 * (placementTurns), each deciding from what the person's row before it in the team left.
 */
export async function run(
	this: IExecuteFunctions,
	rows: Rows<Input>,
	results: ItemResults,
	pool: TaskPool,
): Promise<void> {
	await placeRows(this, rows, results, pool, {
		teamIds: (input) => [input.teamId],
		write: async ({ input, itemIndex }, { rosters, decided, sending }) => {
			const { before, sent } = await decided(async ({ current, heldAs }) => {
				const before = input.alwaysSend ? undefined : await current(input.teamId);
				const knownAs = before
					? undefined
					: await spellingHeld(this, itemIndex, input.email, heldAs, {
							label: async (teamId) => await rosters.teamLabel(teamId, input.email),
						});
				return { before, sent: asListed(input, before, knownAs) };
			});
			const untold =
				before === null ? await rosters.untoldNote(input.teamId, input.email) : undefined;
			// The team keeps the spelling it holds, marked where the node sent it there itself (spellingUntold).
			sending(sent.email, before ? new Map([[input.teamId, before]]) : undefined);
			return await addOne(this, sent, itemIndex, before, untold);
		},
		// The next row of the person sends the spelling this one sent (the team's, where it listed them).
		left: (input, sentIn) => [
			[input.teamId, { email: sentIn(input.teamId), name: input.name, role: input.role }],
		],
	});
}

/** `input` as sent (asListed). */
async function addOne(
	ctx: IExecuteFunctions,
	input: Input,
	itemIndex: number,
	current: RosterMember,
	untold?: string,
): Promise<IDataObject> {
	const record = { email: input.email, name: input.name, teamId: input.teamId, role: input.role };
	const target = {
		teamId: input.teamId,
		email: input.email,
		name: input.name,
		role: input.role,
		itemIndex,
	};
	// Always Send, or a roster that cannot tell whether the person is in the team (`untold`): sent as it is.
	if (input.alwaysSend || current === null) {
		return { ...record, result: 'sent', ...(await sentUntold(addTeamMember(ctx, target), untold)) };
	}
	const result = planMemberChange(current, input.role);
	const done = result === 'unchanged' ? {} : await addTeamMember(ctx, target);
	return {
		...record,
		...(current?.status ? { status: current.status } : {}),
		...(result === 'roleChanged' && current?.role !== undefined
			? { previousRole: current.role }
			: {}),
		result,
		...done,
	};
}
