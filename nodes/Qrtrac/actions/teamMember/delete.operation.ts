import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	deleteMember,
	getTeamById,
	isUnidentified,
	listedMember,
	memberOfAnyTeam,
} from '../../../shared/api';
import { itemInputError } from '../../../shared/validation';
import { teamLocator } from '../../descriptions/common';
import { memberEmailField } from '../../descriptions/member';
import { parseMemberTarget, type MemberTarget } from '../../helpers/memberTarget';
import { attempt, refusedWith, reportsOutcome } from '../../helpers/outcome';
import { Rosters, rosterNote, sentUntold } from './rosters';

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

/** The service's refusal of someone it does not know (no published message: any "not a member / not found"). */
const NOT_A_MEMBER = /not (a )?member|not found|no such|does not exist|unknown/i;

/**
 * Removes the person from the organization for good. Needs an Owner client; an owner is never deleted. From 1.2 the
 * team is read first: a person it does not list is never deleted through it (only `unchanged` when no team lists
 * them); a person already gone is `unchanged` also when a refusal names them unknown and no team lists them. A team
 * that may list the person without their e-mail cannot tell: the delete is sent, with a `rosterNote`, and the
 * service's answer stands; "no team lists them" holds only where every team lists each member with an e-mail.
 */
export async function execute(
	this: IExecuteFunctions,
	input: MemberTarget,
	itemIndex: number,
): Promise<IDataObject> {
	const record = { deleted: true, id: input.email, email: input.email, teamId: input.teamId };
	if (!reportsOutcome(this)) return { ...record, ...(await sendDelete(this, input, itemIndex)) };
	// The delete reaches every team of the organization: it is sent only through a team that lists the person.
	const { members } = await getTeamById(this, { teamId: input.teamId, itemIndex }).catch(
		(error: unknown) => {
			throw notSent(error, input.teamId);
		},
	);
	const listed = members ? listedMember(members, input.email) : null;
	if (listed === undefined) {
		if ((await memberOfAnyTeam(this, { ...input, itemIndex })) === false)
			return { ...record, result: 'unchanged' };
		throw itemInputError(
			this.getNode(),
			itemIndex,
			`${input.email} is not a member of team ${input.teamId}; Delete Completely was not sent`,
			"Delete Completely removes the person from every team of the organization, so the node sends it only through a team that lists them: pick one of their teams (Team Member > Get Many shows a team's members). To leave other teams' members alone, use Remove From Team in your own team.",
		);
	}
	const request = sendDelete(this, { ...input, email: listed?.email ?? input.email }, itemIndex);
	// A team answer without members, or one listing members without an e-mail, cannot tell whether it lists the person.
	const untold =
		listed === null ? rosterNote(members?.filter(isUnidentified).length ?? 0) : undefined;
	const sent = await attempt(sentUntold(request, untold));
	if ('done' in sent) return { ...record, result: 'deleted', ...sent.done };
	const { failed } = sent;
	if (
		refusedWith(failed, NOT_A_MEMBER) &&
		(await memberOfAnyTeam(this, { ...input, itemIndex }).catch(() => true)) === false
	)
		return { ...record, result: 'unchanged' };
	throw failed;
}

/**
 * Sends the delete. Whatever its outcome, the member lists the node's runs hold (rosters.ts) may now list someone
 * gone from every team, so they are let go: a later Add in the execution must not find the person still in place.
 */
async function sendDelete(
	ctx: IExecuteFunctions,
	input: MemberTarget,
	itemIndex: number,
): Promise<Awaited<ReturnType<typeof deleteMember>>> {
	try {
		return await deleteMember(ctx, { ...input, itemIndex });
	} finally {
		await new Rosters(ctx).forgetAll();
	}
}

/** A failed read of the team says the delete itself was never sent: a status hint alone would blame the delete. */
function notSent(error: unknown, teamId: string): unknown {
	if (error instanceof NodeApiError || error instanceof NodeOperationError)
		error.description = [
			`Delete Completely was not sent: reading team ${teamId}, to check that it lists the person, failed.`,
			error.description,
		]
			.filter(Boolean)
			.join(' ');
	return error;
}
