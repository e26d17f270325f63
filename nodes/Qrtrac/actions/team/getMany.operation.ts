import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getAllTeams } from '../../../shared/api';
import { validateParameters } from '../../../shared/validation';
import {
	returnAllInput,
	returnAllProperties,
	returnAllShape,
	upToLimit,
} from '../../helpers/returnAll';
import { teamOutput } from './teamChange';

export const description = updateDisplayOptions(
	{ show: { resource: ['team'], operation: ['getMany'] } },
	returnAllProperties,
);

const inputSchema = z.object(returnAllShape);

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(this, inputSchema, returnAllInput(this, itemIndex), itemIndex);
}

/**
 * Every team of the organization, its members as every team operation shows them (teamOutput); the service returns
 * them all at once, so the limit is applied here.
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject[]> {
	return upToLimit(await getAllTeams(this, { itemIndex }), input).map(teamOutput(this));
}
