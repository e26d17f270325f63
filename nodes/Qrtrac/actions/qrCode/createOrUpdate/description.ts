import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { simplifyOption, teamOverrideOptions } from '../../../descriptions/common';
import { optionsCollection } from '../../../../shared/forms/fields';
import { CURRENT_LAYOUT } from '../../../descriptions/layoutVersions';
import {
	additionalJsonFirstLayoutField,
	additionalJsonOption,
	displayIdKeyField,
	qrTypeField,
	redirectUrlField,
	upsertAdditionalFieldsCollection,
	upsertNameField,
} from '../../../descriptions/qrCodeFields';
import { upsertTypeFields } from '../../../descriptions/qrCodeTypeForms';
import { scanRulesProperties } from '../../../descriptions/scanRules';
import { readParameter } from '../../../../shared/parameters';
import { validateParameters } from '../../../../shared/validation';
import { optionSchema } from '../../../../shared/validation/nodeWords';

/** The form of Create or Update: its two modes, the code's fields, and Delete Missing's options. */

export const SYNC_MODE = 'sync';
export const LOOK_UP_MODE = 'lookUpEachRow';

const modeSchema = z.object({
	mode: optionSchema([SYNC_MODE, LOOK_UP_MODE]).describe('Mode'),
});

/**
 * The row's Mode. A value the form does not offer (a workflow written by hand or by a builder) is refused, not run
 * as Sync, which reads the whole team and is where Delete Missing deletes.
 */
export function readMode(
	ctx: IExecuteFunctions,
	itemIndex: number,
): typeof SYNC_MODE | typeof LOOK_UP_MODE {
	const given = { mode: readParameter(ctx, 'mode', itemIndex, SYNC_MODE) };
	return validateParameters(ctx, modeSchema, given, itemIndex).mode;
}

const properties: INodeProperties[] = [
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Look Up Each Row',
				value: LOOK_UP_MODE,
				description: 'Search the code of each row before writing it; fine for a handful of rows',
			},
			{
				name: "Sync (Read Team's Codes Once)",
				value: SYNC_MODE,
				description:
					"Read all of the team's codes once, then send only new and changed rows; best for sheets and re-runs. Needed for Delete Missing (Options).",
			},
		],
		default: SYNC_MODE,
		description: 'How the node finds the existing code of each row',
	},
	displayIdKeyField,
	qrTypeField,
	upsertNameField,
	redirectUrlField,
	...upsertTypeFields,
	upsertAdditionalFieldsCollection(),
	...scanRulesProperties,
	additionalJsonFirstLayoutField,
	simplifyOption,
	optionsCollection([
		{
			displayName: 'Delete Missing',
			name: 'deleteMissing',
			type: 'boolean',
			default: false,
			displayOptions: { show: { '/mode': [SYNC_MODE] } },
			description:
				"Whether to soft-delete, after all rows ran, the codes of the team that carry the 'Delete Missing Tag' and whose Display ID is in none of the rows. Nothing is deleted when a row fails. Not inside Loop Over Items or any other loop, where a batch is not the whole sheet, nor with Execute Once, which passes only the first row, nor fed by several nodes (put a Merge before it), nor on an AI tool, where a call is one row.",
		},
		{
			displayName: 'Delete Missing Tag',
			name: 'deleteMissingTag',
			type: 'string',
			default: '',
			placeholder: 'e.g. from-sheet',
			displayOptions: { show: { '/mode': [SYNC_MODE] } },
			description:
				'Required when Delete Missing is on. Only codes with this tag are deleted when missing from the rows, so codes made by hand or by another sheet stay. Give the rows this tag too (Additional Fields > Tags).',
		},
		{ ...additionalJsonOption, displayOptions: { show: CURRENT_LAYOUT } },
		{
			displayName: 'Skip Unchanged',
			name: 'skipUnchanged',
			type: 'boolean',
			default: true,
			displayOptions: { show: { '/mode': [LOOK_UP_MODE] } },
			description:
				'Whether to leave a code that already matches the row untouched (its output says "unchanged") instead of writing it again',
		},
		...teamOverrideOptions,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['createOrUpdate'] } },
	properties,
);
