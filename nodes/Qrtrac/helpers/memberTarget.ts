import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { readParameter } from '../../shared/parameters';
import { emailSchema, validateParameters } from '../../shared/validation';
import { teamLocator } from '../descriptions/common';
import { memberEmailField } from '../descriptions/member';
import { teamTargetInput, teamTargetShape } from './teamTarget';

/** Zod fields of "this member of this team", the target of most member operations. */
export const memberTargetShape = {
	...teamTargetShape,
	/** Trimmed, case kept: compared without case (records/member.ts normalizeEmail), sent as written. */
	email: emailSchema.describe('Email'),
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
		...teamTargetInput(ctx, itemIndex),
		email: readParameter(ctx, 'email', itemIndex, ''),
	};
}

/** `parse` of the operations whose only input is the member target (activate, pause, remove). */
export function parseMemberTarget(this: IExecuteFunctions, itemIndex: number): MemberTarget {
	return validateParameters(
		this,
		memberTargetSchema,
		memberTargetInput(this, itemIndex),
		itemIndex,
	);
}
