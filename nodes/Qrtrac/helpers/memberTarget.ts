import type { IExecuteFunctions } from 'n8n-workflow';

import { emailSchema, idSchema } from '../../shared/validation';
import { normalizeEmail } from './member';
import { getLocatorValue } from './parameters';

/** Zod fields of "this member of this team", the target of most member operations. */
export const memberTargetShape = {
	teamId: idSchema.describe('Team'),
	email: emailSchema.transform(normalizeEmail).describe('Email'),
};

export function memberTargetInput(ctx: IExecuteFunctions, itemIndex: number): { teamId: unknown; email: unknown } {
	return {
		teamId: getLocatorValue(ctx, 'teamId', itemIndex),
		email: ctx.getNodeParameter('email', itemIndex, ''),
	};
}
