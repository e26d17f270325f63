import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { validateParameters } from '../../../shared/validation';
import { codeSelectionFields, timeRangeFields } from '../../descriptions/analytics';
import { teamOverrideOption } from '../../descriptions/common';
import { aggregateScansPerCode, postPerChunk, prepareTeamCodeIds, type TeamCodeIds } from '../../helpers/analytics';
import { codeSelectionInput, codeSelectionShape, withCodeSelection } from '../../helpers/analyticsCodes';
import { getTeamOverride } from '../../helpers/parameters';
import { resolveTimeRange, timeRangeInput, timeRangeShape, withCustomRange } from '../../helpers/timeRange';

const properties: INodeProperties[] = [
	...codeSelectionFields,
	...timeRangeFields(false),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'One Item per Code',
				name: 'perCode',
				type: 'boolean',
				default: false,
				description:
					'Whether to return one item per code (scan count, first and last scan, counts by country and device) instead of one item per scan event',
			},
			teamOverrideOption,
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['analytics'], operation: ['getScansForCodes'] } },
	properties,
);

function inputSchema(timezone: string) {
	return z
		.object({
			...codeSelectionShape,
			...timeRangeShape(false),
			perCode: z.boolean(),
			teamId: z.string().optional(),
		})
		.transform(withCustomRange(timezone))
		.transform(withCodeSelection);
}

type Input = z.infer<ReturnType<typeof inputSchema>>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return validateParameters(
		this,
		inputSchema(this.getTimezone()),
		{
			...codeSelectionInput(this, itemIndex),
			...timeRangeInput(this, itemIndex, 'last7Days'),
			perCode: options.perCode === true,
			teamId: getTeamOverride(this, itemIndex),
		},
		itemIndex,
	);
}

/** One memo per execution, so that "All Codes of the Team" is read once per team however many items ask. */
export const prepare = prepareTeamCodeIds;

/** Scan events of many codes within the range, 100 codes per request; per event, or summed up per code. */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
	teamCodes: TeamCodeIds,
): Promise<IDataObject[]> {
	const qrIds = await teamCodes.selected(this, input, itemIndex);
	if (qrIds.length === 0) return [];
	const range = resolveTimeRange(input, Date.now(), this.getTimezone());
	const scans = await postPerChunk(this, '/analytics-api/detailed/all', qrIds, { ...range }, input.teamId, itemIndex);
	return input.perCode ? aggregateScansPerCode(qrIds, scans) : scans;
}
