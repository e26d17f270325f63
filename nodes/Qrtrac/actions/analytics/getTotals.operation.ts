import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { validateParameters } from '../../../shared/validation';
import { codeSelectionFields } from '../../descriptions/analytics';
import { teamOptionsCollection } from '../../descriptions/common';
import { postPerChunk, prepareTeamCodeIds, type TeamCodeIds } from '../../helpers/analytics';
import { codeSelectionInput, codeSelectionShape, withCodeSelection } from '../../helpers/analyticsCodes';
import { getTeamOverride } from '../../helpers/parameters';

const properties: INodeProperties[] = [
	...codeSelectionFields,
	teamOptionsCollection,
];

export const description = updateDisplayOptions({ show: { resource: ['analytics'], operation: ['getTotals'] } }, properties);

const inputSchema = z
	.object({
		...codeSelectionShape,
		teamId: z.string().optional(),
	})
	.transform(withCodeSelection);

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{ ...codeSelectionInput(this, itemIndex), teamId: getTeamOverride(this, itemIndex) },
		itemIndex,
	);
}

/** One memo per execution, so that "All Codes of the Team" is read once per team however many items ask. */
export const prepare = prepareTeamCodeIds;

/**
 * One item per code: total, today's and yesterday's scans and leads, as the service counts them ("today" is
 * the service's day, named in `todayDate`). 100 codes per request.
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
	teamCodes: TeamCodeIds,
): Promise<IDataObject[]> {
	const qrIds = await teamCodes.selected(this, input, itemIndex);
	if (qrIds.length === 0) return [];
	return await postPerChunk(this, '/analytics-api/overviews', qrIds, {}, input.teamId, itemIndex);
}
