import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleteMember, memberOfAnyTeam } from '../../../shared/api';
import { teamLocator } from '../../descriptions/common';
import { memberEmailField } from '../../descriptions/member';
import { parseMemberTarget, type MemberTarget } from '../../helpers/memberTarget';
import { attempt, refusedWith, reportsOutcome } from '../../helpers/outcome';

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
 * Removes the person from the organization for good. Needs an Owner client; an owner is never deleted. From 1.2 a
 * person already gone is `unchanged`: a refusal naming them unknown, confirmed by no team listing them.
 */
export async function execute(
	this: IExecuteFunctions,
	input: MemberTarget,
	itemIndex: number,
): Promise<IDataObject> {
	const record = { deleted: true, id: input.email, email: input.email, teamId: input.teamId };
	if (!reportsOutcome(this))
		return { ...record, ...(await deleteMember(this, { ...input, itemIndex })) };
	const sent = await attempt(deleteMember(this, { ...input, itemIndex }));
	if ('done' in sent) return { ...record, result: 'deleted', ...sent.done };
	const { failed } = sent;
	if (
		refusedWith(failed, NOT_A_MEMBER) &&
		!(await memberOfAnyTeam(this, { ...input, itemIndex }).catch(() => true))
	)
		return { ...record, result: 'unchanged' };
	throw failed;
}
