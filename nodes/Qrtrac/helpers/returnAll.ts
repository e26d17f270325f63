import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readParameter } from '../../shared/parameters';
import { flagSchema, switchValue } from '../../shared/validation';
import { countSchema } from '../../shared/validation/count';
import { limitOption, returnAllOption } from '../descriptions/common';

/** Return All and Limit of a Get Many: the form, the zod fields, the reading, and the cut. */
export const returnAllProperties: INodeProperties[] = [returnAllOption, limitOption];

export const returnAllShape = {
	returnAll: flagSchema('Return All'),
	// a list the service returns whole and the node cuts itself: any whole number from 1
	limit: countSchema().describe('Limit'),
};

export interface ReturnAll {
	returnAll: boolean;
	limit: number;
}

/**
 * Return All and Limit as given for an item. With Return All on, the Limit is not read: an expression on Return
 * All keeps the Limit on the form, and an item that turns Return All on may leave it empty or 0.
 */
export function returnAllInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Record<keyof ReturnAll, unknown> {
	const returnAll = readParameter(ctx, 'returnAll', itemIndex, false);
	return {
		returnAll,
		limit: switchValue(returnAll) === true ? 1 : readParameter(ctx, 'limit', itemIndex, 50),
	};
}

/** A list the service returns whole, cut to the Limit unless Return All is on. */
export function upToLimit<T>(records: T[], input: ReturnAll): T[] {
	return input.returnAll ? records : records.slice(0, input.limit);
}
