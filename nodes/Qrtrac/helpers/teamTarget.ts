import type { IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { textIdSchema, validateParameters } from '../../shared/validation';
import { getLocatorValue } from './parameters';

/** Zod fields of "this team", picked on the form (Team): the target of the team operations and member lists. */
export const teamTargetShape = { teamId: textIdSchema.describe('Team') };

const teamTargetSchema = z.object(teamTargetShape);

export type TeamTarget = z.infer<typeof teamTargetSchema>;

export function teamTargetInput(ctx: IExecuteFunctions, itemIndex: number): { teamId: unknown } {
	return { teamId: getLocatorValue(ctx, 'teamId', itemIndex) };
}

/** `parse` of the operations whose only input is the team (Team > Get). */
export function parseTeamTarget(this: IExecuteFunctions, itemIndex: number): TeamTarget {
	return validateParameters(this, teamTargetSchema, teamTargetInput(this, itemIndex), itemIndex);
}
