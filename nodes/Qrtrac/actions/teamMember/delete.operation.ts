import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import {
	caseTwins,
	deleteMember,
	getTeamById,
	isUnidentified,
	listedMember,
	memberOfAnyTeam,
} from '../../../shared/api';
import { optionsCollection } from '../../../shared/forms/fields';
import { prefixDescription } from '../../../shared/nodeErrors';
import { readParameter } from '../../../shared/parameters';
import { flagSchema, itemInputError, validateParameters } from '../../../shared/validation';
import { teamLocator } from '../../descriptions/common';
import { LAYOUT_1_2 } from '../../descriptions/layoutVersions';
import { memberEmailField } from '../../descriptions/member';
import {
	memberTargetInput,
	memberTargetShape,
	type MemberTarget,
} from '../../helpers/memberTarget';
import { attempt, refusedAsNotFound, refusedWith, reportsOutcome } from '../../helpers/outcome';
import { Rosters, hiddenMembers, rosterNote, sentUntold, teamLabel } from './rosters';
import { caseTwinsError } from './spellings';

const properties: INodeProperties[] = [
	{
		...teamLocator,
		description: 'A team of the member; the member is removed from every team of the organization',
	},
	memberEmailField,
	{
		...optionsCollection([
			{
				displayName: 'Send When Email Is Hidden',
				name: 'sendWhenEmailHidden',
				type: 'boolean',
				default: false,
				description:
					"Whether to send the delete when the team does not list the person under their email but lists members without one (QRTRAC may hide addresses), and no team lists them under it. Off: such a row fails and nothing is sent, as the node cannot check the delete reaches the person meant. On: QRTRAC's answer decides.",
			},
		]),
		displayOptions: { show: LAYOUT_1_2 },
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['delete'] } },
	properties,
);

const inputSchema = z.object({
	...memberTargetShape,
	sendWhenEmailHidden: flagSchema('Send When Email Is Hidden'),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const options = readParameter<IDataObject>(this, 'options', itemIndex, {});
	return validateParameters(
		this,
		inputSchema,
		{
			...memberTargetInput(this, itemIndex),
			sendWhenEmailHidden: options.sendWhenEmailHidden ?? false,
		},
		itemIndex,
	);
}

/**
 * The service's refusal of someone it does not know (no published message: any "not a member / not found"), as a
 * 400 or as the 404 a service may answer instead (refusedAsNotFound); either way confirmed by reading the teams.
 */
const NOT_A_MEMBER = /not (a )?member|not found|no such|does not exist|unknown/i;

/**
 * Removes the person from the organization for good. Needs an Owner client; an owner is never deleted. From 1.2 the
 * team is read first: a person it does not list is never deleted through it (only `unchanged` when no team lists
 * them); a person already gone is `unchanged` also when a refusal names them unknown and no team lists them. A team
 * that lists members without an e-mail may list the person unseen, yet the delete is irreversible and reaches every
 * team: it is refused unless no team lists them under their e-mail and Send When Email Is Hidden is on (then
 * sent with a `rosterNote`, the service's answer standing). A team answer without members is sent as 1.1 sends it.
 */
export async function execute(
	this: IExecuteFunctions,
	{ sendWhenEmailHidden, ...input }: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const record = { deleted: true, id: input.email, email: input.email, teamId: input.teamId };
	if (!reportsOutcome(this)) return { ...record, ...(await sendDelete(this, input, itemIndex)) };
	// The delete reaches every team of the organization: it is sent only through a team that lists the person.
	const { members, name } = await getTeamById(this, { teamId: input.teamId, itemIndex }).catch(
		(error: unknown) => {
			throw notSent(error, input.teamId);
		},
	);
	const spellings = members && caseTwins(members, input.email);
	if (spellings) throw caseTwinsError(this, itemIndex, teamLabel(input.teamId, name), spellings);
	const listed = members ? listedMember(members, input.email) : null;
	const unidentified = members?.filter(isUnidentified).length ?? 0;
	// The team may list the person without their e-mail: not enough to send an irreversible delete unasked.
	const hidden = listed === null && unidentified > 0;
	if (listed === undefined || hidden) {
		const elsewhere = await memberOfAnyTeam(this, { ...input, itemIndex }, { found: listed });
		if (elsewhere === false) return { ...record, result: 'unchanged' };
		if (typeof elsewhere === 'string' || !hidden || !sendWhenEmailHidden)
			throw notListed(this, input, itemIndex, elsewhere, unidentified);
	}
	const request = sendDelete(this, { ...input, email: listed?.email ?? input.email }, itemIndex);
	// A team answer without members, or one listing members without an e-mail, cannot tell whether it lists the person.
	const untold = listed === null ? rosterNote(unidentified) : undefined;
	const sent = await attempt(sentUntold(request, untold));
	if ('done' in sent) return { ...record, result: 'deleted', ...sent.done };
	const { failed } = sent;
	if (
		(refusedWith(failed, NOT_A_MEMBER) || refusedAsNotFound(failed)) &&
		(await memberOfAnyTeam(this, { ...input, itemIndex }).catch(() => true)) === false
	)
		return { ...record, result: 'unchanged' };
	throw failed;
}

/**
 * The refusal of a delete through a team that does not list the person under their e-mail: pointing to the team
 * that does (`elsewhere`), else naming the teams listing members without one and, only when the chosen team is one
 * (`unidentified` > 0, the one case Send When Email Is Hidden sends), that option.
 */
function notListed(
	ctx: IExecuteFunctions,
	input: MemberTarget,
	itemIndex: number,
	elsewhere: string | string[],
	unidentified: number,
): Error {
	const others = typeof elsewhere === 'string' ? [] : elsewhere.filter((id) => id !== input.teamId);
	const also = others.length > 0 ? ` (${listingHidden(others)} too)` : '';
	const how =
		typeof elsewhere === 'string'
			? `Team ${elsewhere} lists them: pick it.`
			: unidentified > 0
				? `No team lists them under their e-mail, yet ${hiddenMembers(unidentified)}${also}, so the node cannot check that the delete reaches the person meant (a mistyped address may name someone else). If you are sure, turn on Options > Send When Email Is Hidden: QRTRAC's answer then decides.`
				: `No team lists them under their e-mail, but ${listingHidden(others)}: if they are one of those, pick that team.`;
	return itemInputError(
		ctx.getNode(),
		itemIndex,
		`${input.email} is not a member of team ${input.teamId}; Delete Completely was not sent`,
		`Delete Completely removes the person from every team of the organization, so the node sends it only through a team that lists them. ${how} To leave other teams' members alone, use Remove From Team in your own team.`,
	);
}

/** "team a lists" / "teams a, b list" members without an e-mail. */
function listingHidden(teams: string[]): string {
	const one = teams.length === 1;
	return `${one ? 'team' : 'teams'} ${teams.join(', ')} ${one ? 'lists' : 'list'} members without one`;
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
		prefixDescription(
			error,
			`Delete Completely was not sent: reading team ${teamId}, to check that it lists the person, failed.`,
		);
	return error;
}
