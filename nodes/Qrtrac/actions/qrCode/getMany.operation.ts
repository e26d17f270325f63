import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { listTeamQrs } from '../../../shared/api';
import { MAX_PAGE_SIZE } from '../../../shared/pagination';
import { readParameter } from '../../../shared/parameters';
import { isLive } from '../../../shared/records/qrCode';
import { asText, flagSchema, limitSchema, validateParameters } from '../../../shared/validation';
import { optionsCollection } from '../../../shared/forms/fields';
import { simplifyOption, teamOverrideOptions } from '../../descriptions/common';
import { CURRENT_LAYOUT, FIRST_LAYOUT } from '../../descriptions/layoutVersions';
import { getTeamOverride } from '../../helpers/parameters';
import { isBlank } from '../../helpers/qrCodeSchemas';
import { qrCodeOutput } from '../../helpers/qrCodeTarget';
import { returnAllInput, returnAllProperties, returnAllShape } from '../../helpers/returnAll';
import { optionSchema } from '../../../shared/validation/nodeWords';

const sortByOption: INodeProperties = {
	displayName: 'Sort By',
	name: 'sortBy',
	type: 'options',
	options: [
		{ name: 'Created At', value: 'createdAt' },
		{ name: 'Name', value: 'name' },
		{ name: 'Updated At', value: 'updatedAt' },
	],
	default: 'updatedAt',
	description: 'Field the codes are ordered by',
};

const sortOrderOption: INodeProperties = {
	displayName: 'Sort Order',
	name: 'sortOrder',
	type: 'options',
	options: [
		{ name: 'Ascending', value: 'asc' },
		{ name: 'Descending', value: 'desc' },
	],
	default: 'desc',
	description: 'Direction of the order',
};

/** Sorting is an option, as in n8n's own nodes; nodes saved with the first layout keep it under Filters. */
const properties: INodeProperties[] = [
	...returnAllProperties,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: 'e.g. spring',
				description:
					"Keep only the codes whose name or Display ID matches this text. QRTRAC's search decides what matches (for example, whether case counts or part of a word is enough).",
			},
			{ ...sortByOption, displayOptions: { show: FIRST_LAYOUT } },
			{ ...sortOrderOption, displayOptions: { show: FIRST_LAYOUT } },
		],
	},
	simplifyOption,
	optionsCollection([
		{
			displayName: 'Page Size',
			name: 'pageSize',
			type: 'number',
			default: 100,
			typeOptions: { minValue: 1, maxValue: 100 },
			description: 'Codes fetched per request (1 to 100). Fewer per page means more requests.',
		},
		{ ...sortByOption, displayOptions: { show: CURRENT_LAYOUT } },
		{ ...sortOrderOption, displayOptions: { show: CURRENT_LAYOUT } },
		...teamOverrideOptions,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['getMany'] } },
	properties,
);

const inputSchema = z.object({
	...returnAllShape,
	// a number is its text: a year or an order number a sheet's column gives
	search: z.preprocess(asText, z.string().trim()).optional().describe('Search'),
	sortBy: optionSchema(['createdAt', 'updatedAt', 'name']).optional().describe('Sort By'),
	sortOrder: optionSchema(['asc', 'desc']).optional().describe('Sort Order'),
	pageSize: limitSchema.optional().describe('Page Size'),
	simplify: flagSchema('Simplify'),
	teamId: z.string().optional(),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const filters = readParameter(this, 'filters', itemIndex, {}) as IDataObject;
	const options = readParameter(this, 'options', itemIndex, {}) as IDataObject;
	return validateParameters(
		this,
		inputSchema,
		{
			...returnAllInput(this, itemIndex),
			// blank as Create's fields are: false or 0 is given, and is searched or refused as such
			search: isBlank(filters.search) ? undefined : filters.search,
			// Absent options are what the form shows: newest change first, pages of 100.
			sortBy: options.sortBy ?? filters.sortBy ?? 'updatedAt',
			sortOrder: options.sortOrder ?? filters.sortOrder ?? 'desc',
			pageSize: options.pageSize ?? MAX_PAGE_SIZE,
			simplify: readParameter(this, 'simplify', itemIndex, true),
			teamId: getTeamOverride(this, itemIndex),
		},
		itemIndex,
	);
}

/**
 * Walks the paginated list through the shared page walk: each code once, up to the limit or the announced total;
 * a list shorter than the service announced fails the item instead of being returned. Only live codes: the
 * contract does not say the list leaves soft-deleted ones out, so deleted codes do not count toward the Limit and
 * the one walk reads on until the Limit holds that many live codes or the list ends.
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject[]> {
	const listed = await listTeamQrs(this, {
		query: { search: input.search, sortBy: input.sortBy, sortOrder: input.sortOrder },
		walk: {
			returnAll: input.returnAll,
			limit: input.limit,
			pageSize: input.pageSize,
			// Return All reads the whole list whatever it holds: only a Limit needs deleted codes left uncounted
			...(input.returnAll ? {} : { counts: isLive }),
		},
		teamId: input.teamId,
		itemIndex,
		purpose: 'Get Many',
	});
	return listed.filter(isLive).map((code) => qrCodeOutput(this, code, input.simplify));
}
