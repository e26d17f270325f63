import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getAllQrsFromTime, getTeamQrsFromTime } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { isLive } from '../../../shared/records/qrCode';
import { validateParameters } from '../../../shared/validation';
import { dateOrEpochMsSchema } from '../../../shared/validation/dateOrEpochMs';
import { simplifyOption, teamOptionsCollection } from '../../descriptions/common';
import { getTeamOverride } from '../../helpers/parameters';
import { qrCodeOutput } from '../../helpers/qrCodeTarget';

/**
 * Codes changed after a moment, of one team or of every team of the organization. The service includes
 * soft-deleted codes (that is how a sync learns of deletions); they are dropped unless Include Deleted is on.
 */

const properties: INodeProperties[] = [
	{
		displayName: 'Since',
		name: 'since',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'Return codes changed after this moment: a date, or epoch milliseconds from an expression',
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [
			{
				name: 'This Team',
				value: 'team',
				description: "The credential's team, or the team chosen under Options",
			},
			{
				name: 'All Teams of the Organization',
				value: 'organization',
				description: "Codes of every team of the credential's organization",
			},
		],
		default: 'team',
		description: "Which teams' codes to return",
	},
	{
		displayName: 'Include Deleted',
		name: 'includeDeleted',
		type: 'boolean',
		default: false,
		description: 'Whether to also return codes deleted since then (they carry deleted: true)',
	},
	simplifyOption,
	{ ...teamOptionsCollection, displayOptions: { show: { scope: ['team'] } } },
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['getUpdatedSince'] } },
	properties,
);

function inputSchema(timezone: string) {
	return z.object({
		since: dateOrEpochMsSchema(timezone).describe('Since'),
		scope: z.enum(['team', 'organization']).describe('Scope'),
		includeDeleted: z.boolean(),
		simplify: z.boolean(),
		teamId: z.string().optional(),
	});
}

type Input = z.infer<ReturnType<typeof inputSchema>>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const scope = readParameter(this, 'scope', itemIndex, 'team');
	return validateParameters(
		this,
		inputSchema(this.getTimezone()),
		{
			since: readParameter(this, 'since', itemIndex, ''),
			scope,
			includeDeleted: readParameter(this, 'includeDeleted', itemIndex, false),
			simplify: readParameter(this, 'simplify', itemIndex, true),
			teamId: scope === 'team' ? getTeamOverride(this, itemIndex) : undefined,
		},
		itemIndex,
	);
}

export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject[]> {
	const read = input.scope === 'team' ? getTeamQrsFromTime : getAllQrsFromTime;
	const changed = await read(this, { fromTime: input.since, teamId: input.teamId, itemIndex });
	const codes = changed.filter((code) => input.includeDeleted || isLive(code));
	return codes.map((code) => qrCodeOutput(code, input.simplify));
}
