import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { simpleCreateDynamic } from '../../../shared/api';
import { withLinkAndTimes } from '../../../shared/records/simplify';
import { readParameter } from '../../../shared/parameters';
import {
	hexColourSchema,
	uriSchema,
	nonEmptyTextSchema,
	validateParameters,
} from '../../../shared/validation';
import { BEFORE_LAYOUT_1_2, LAYOUT_1_2 } from '../../descriptions/layoutVersions';
import { camelCaseKeys } from '../../helpers/dynamicLinkOutput';
import { isBlank } from '../../helpers/qrCodeSchemas';
import { reportsOutcome } from '../../helpers/outcome';

const properties: INodeProperties[] = [
	{
		displayName: 'Destination URL',
		name: 'destinationUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/landing',
		description: 'Where the dynamic link sends people who scan the code',
	},
	{
		displayName:
			'The simple interface creates dynamic links: short links whose destination can change later without reprinting the code',
		name: 'dynamicLinkNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: LAYOUT_1_2 },
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		// A list of one: from 1.2 a notice says what it is, and the node sends it.
		displayOptions: { show: BEFORE_LAYOUT_1_2 },
		options: [
			{
				name: 'Dynamic',
				value: 'dynamic',
				description:
					'A short link whose destination can be changed later without reprinting the code',
			},
		],
		default: 'dynamic',
		description: 'Kind of code the simple interface creates (it offers dynamic links)',
	},
	{
		displayName: 'Design',
		name: 'design',
		type: 'collection',
		placeholder: 'Add Design Option',
		default: {},
		options: [
			{
				displayName: 'Color',
				name: 'patternColor',
				type: 'color',
				default: '#000000',
				description: 'Color of the code pattern as hex, e.g. #0A66C2',
			},
			{
				displayName: 'Logo URL',
				name: 'logoUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/logo.png',
				description: 'Public http(s) URL of an image shown in the middle of the code',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['dynamicLink'], operation: ['create'] } },
	properties,
);

const inputSchema = z.object({
	destinationUrl: uriSchema.describe('Destination URL'),
	type: nonEmptyTextSchema.max(50, 'must be at most 50 characters').describe('Type'),
	patternColor: hexColourSchema.transform(toSixDigitHex).optional().describe('Color'),
	logoUrl: uriSchema.optional().describe('Logo URL'),
});

type Input = z.infer<typeof inputSchema>;

/** The simple interface documents colours as #RRGGBB; the short form #RGB is written out, upper case. */
function toSixDigitHex(colour: string): string {
	const digits = colour.slice(1);
	return `#${(digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits).toUpperCase()}`;
}

/** Its requests spend the API key's per-minute budget of the simple interface, not the team's. */
export const api = 'simple';

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const design = readParameter(this, 'design', itemIndex, {}) as IDataObject;
	return validateParameters(
		this,
		inputSchema,
		{
			destinationUrl: readParameter(this, 'destinationUrl', itemIndex, ''),
			type: readParameter(this, 'type', itemIndex, 'dynamic'),
			// blank as Create's fields are (qrCodeSchemas isBlank): empty, spaces, or null from a JSON source
			patternColor: isBlank(design.patternColor) ? undefined : design.patternColor,
			logoUrl: isBlank(design.logoUrl) ? undefined : design.logoUrl,
		},
		itemIndex,
	);
}

/**
 * Creates a dynamic link through the simple v1 interface (bearer API key); see simpleCreateDynamic. Its answer
 * uses the interface's snake_case names; the item names them in camelCase like every other QRTRAC item.
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const link = camelCaseKeys(await simpleCreateDynamic(this, { request: input, itemIndex }));
	// from 1.2 its times also come as ISO text, as on every QR code item
	return reportsOutcome(this) ? { ...withLinkAndTimes(link), result: 'created' } : link;
}
