import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { idSchema, validateParameters } from '../../shared/validation';

/** Reads a resource locator's value (From List / By ID / By URL), trimmed. */
export function getLocatorValue(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	return typeof value === 'string' ? value.trim() : String(value ?? '').trim();
}

const teamOverrideSchema = z.object({
	teamOverride: idSchema.describe('Team Override Name or ID'),
});

/**
 * The acting team of an operation: the Team Override option when set, else undefined (the credential's team).
 * The value becomes the `x-request-team-id` header and the rate-limit bucket, so it is validated like any ID.
 */
export function getTeamOverride(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const raw = options.teamOverride;
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
		return undefined;
	return validateParameters(
		ctx,
		teamOverrideSchema,
		{ teamOverride: typeof raw === 'number' ? String(raw) : raw },
		itemIndex,
	).teamOverride;
}
