import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { memberState } from '../../shared/api';
import { emailSchema, idSchema, validateParameters } from '../../shared/validation';
import { teamLocator } from '../descriptions/common';
import { memberEmailField } from '../descriptions/member';
import { getLocatorValue } from './parameters';

/** E-mails compare without case at QRTRAC: they are sent and matched lower-case. */
export function normalizeEmail(email: string): string {
	return email.trim().toLowerCase();
}

/**
 * The one shape of a listed team member (Team Member > Get Many; Team > Get's members from 1.2): the member as
 * QRTRAC lists them, the team, and `status` (active, paused or pending) where the answer tells it.
 */
export function describeMember(member: IDataObject, teamId: string): IDataObject {
	const status = memberState(member);
	return { ...member, teamId, ...(status ? { status } : {}) };
}

/** Zod fields of "this member of this team", the target of most member operations. */
export const memberTargetShape = {
	teamId: idSchema.describe('Team'),
	email: emailSchema.transform(normalizeEmail).describe('Email'),
};

const memberTargetSchema = z.object(memberTargetShape);

export type MemberTarget = z.infer<typeof memberTargetSchema>;

/** The form of an operation on one member of one team: the team and the member's e-mail. */
export const memberTargetProperties: INodeProperties[] = [teamLocator, memberEmailField];

export function memberTargetInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { teamId: unknown; email: unknown } {
	return {
		teamId: getLocatorValue(ctx, 'teamId', itemIndex),
		email: ctx.getNodeParameter('email', itemIndex, ''),
	};
}

/** `parse` of the operations whose only input is the member target (activate, pause, remove, delete). */
export function parseMemberTarget(this: IExecuteFunctions, itemIndex: number): MemberTarget {
	return validateParameters(
		this,
		memberTargetSchema,
		memberTargetInput(this, itemIndex),
		itemIndex,
	);
}
