import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { executionNode } from '../../shared/executionNode';
import { idSchema, validateParameters } from '../../shared/validation';
import { VERSION_1_2 } from '../descriptions/layoutVersions';

/** Reads a resource locator's value (From List / By ID / By URL), trimmed. */
export function getLocatorValue(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	return typeof value === 'string' ? value.trim() : String(value ?? '').trim();
}

/** Team Override under the label of the node's layout (a dropdown until 1.1, a team picker from 1.2). */
const teamOverrideSchemas = {
	dropdown: z.object({ teamOverride: idSchema.describe('Team Override Name or ID') }),
	picker: z.object({ teamOverride: idSchema.describe('Team (Override)') }),
};

/**
 * The acting team of an operation: the Team Override option when set (a dropdown's value until 1.1, a team
 * picker's from 1.2), else undefined (the credential's team). The value becomes the `x-request-team-id` header
 * and the rate-limit bucket, so it is validated like any ID.
 */
export function getTeamOverride(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const picked = readParameter<IDataObject>(ctx, 'options', itemIndex, {}).teamOverride;
	const raw =
		typeof picked === 'object' && picked !== null && 'value' in picked ? picked.value : picked;
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
		return undefined;
	return validateParameters(
		ctx,
		teamOverrideSchemas[atLeastVersion(ctx, VERSION_1_2) ? 'picker' : 'dropdown'],
		{ teamOverride: typeof raw === 'number' ? String(raw) : raw },
		itemIndex,
	).teamOverride;
}

/** Whether the node runs as `version` or later (the layout and outputs of layoutVersions.ts). */
export function atLeastVersion(ctx: IExecuteFunctions, version: number): boolean {
	return executionNode(ctx).typeVersion >= version;
}

const constantParameters = new WeakMap<object, Map<string, unknown>>();

/**
 * A parameter of one item. n8n works out every read anew (a deep copy, expressions resolved for the item, the
 * node's properties searched for the parameter's schema), which is most of what reading a bulk run's rows costs:
 * - a parameter that holds no expression, or is absent (its fallback), is the same for every item, so it is read
 *   once per execution; callers never change what they get;
 * - a parameter that is one expression is resolved for the item without n8n's schema check, which acts only on a
 *   `validateType` (at the top or inside a collection) and on resource mappers, and this node has neither (see
 *   formDefaults.test.ts); the operation's own validation checks the value.
 */
export function readParameter<T>(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fallback?: T,
): T {
	const raw = name
		.split('.')
		.reduce<unknown>(
			(value, key) => (isObject(value) ? value[key] : undefined),
			executionNode(ctx).parameters,
		);
	if (typeof raw === 'string' && holdsExpression(raw))
		return ctx.getNodeParameter(name, itemIndex, fallback, { skipValidation: true }) as T;
	if (holdsExpression(raw) || (raw === undefined && fallback === undefined))
		return ctx.getNodeParameter(name, itemIndex, fallback) as T;
	let known = constantParameters.get(ctx);
	if (!known) constantParameters.set(ctx, (known = new Map()));
	if (!known.has(name)) known.set(name, ctx.getNodeParameter(name, itemIndex, fallback));
	return known.get(name) as T;
}

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	return isObject(value) && Object.values(value).some(holdsExpression);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null;
}
