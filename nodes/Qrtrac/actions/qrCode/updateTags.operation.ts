import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getQrById, updateQrTags } from '../../../shared/api';
import { sameTags } from '../../../shared/records/qrCode';
import { idSchema, validateParameters } from '../../../shared/validation';
import { qrCodeLocator, simplifyOption, teamOptionsCollection } from '../../descriptions/common';
import { reportsOutcome } from '../../helpers/outcome';
import { getLocatorValue, getTeamOverride } from '../../helpers/parameters';
import { tagsInputSchema } from '../../helpers/qrCodeSchemas';
import { applyTagChange } from '../../helpers/qrCodeTags';
import { simplifyQr, verifiedMarker } from '../../helpers/simplify';

/** The service only replaces the whole tag list; Add and Remove read the code's tags first (1.2: every mode). */

const properties: INodeProperties[] = [
	qrCodeLocator,
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		options: [
			{ name: 'Add', value: 'add', description: 'Keep the current tags and add these' },
			{ name: 'Remove', value: 'remove', description: 'Keep the current tags except these' },
			{
				name: 'Replace',
				value: 'replace',
				description: 'The code gets exactly these tags (empty clears all tags)',
			},
		],
		default: 'replace',
		description: "How the tags below change the code's tags",
	},
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'string',
		default: '',
		placeholder: 'e.g. campaign, q4',
		description: 'Comma-separated tags',
	},
	simplifyOption,
	teamOptionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['updateTags'] } },
	properties,
);

const inputSchema = z
	.object({
		qrCodeId: idSchema.describe('QR Code'),
		mode: z.enum(['replace', 'add', 'remove']).describe('Mode'),
		tags: tagsInputSchema.describe('Tags'),
		simplify: z.boolean(),
		teamId: z.string().optional(),
	})
	.superRefine((input, ctx) => {
		if (input.mode !== 'replace' && input.tags.length === 0) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['tags'],
				message: `must list at least one tag to ${input.mode}`,
			});
		}
	});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{
			qrCodeId: getLocatorValue(this, 'qrCodeId', itemIndex),
			mode: this.getNodeParameter('mode', itemIndex, 'replace'),
			tags: this.getNodeParameter('tags', itemIndex, ''),
			simplify: this.getNodeParameter('simplify', itemIndex, true),
			teamId: getTeamOverride(this, itemIndex),
		},
		itemIndex,
	);
}

/** From 1.2 the code is read first (Replace too): tags that already hold, as a set, are `unchanged`, unsent. */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const target = { id: input.qrCodeId, teamId: input.teamId, itemIndex };
	const shaped = (code: IDataObject) =>
		input.simplify ? { ...simplifyQr(code), ...verifiedMarker(code) } : code;
	const outcome = reportsOutcome(this);
	const stored = outcome || input.mode !== 'replace' ? await getQrById(this, target) : undefined;
	const tags = applyTagChange(stored?.tags ?? [], input.tags, input.mode);
	if (outcome && stored && sameTags(tags, stored.tags))
		return { ...shaped(stored), result: 'unchanged' };
	const code = shaped(await updateQrTags(this, { ...target, tags }));
	return outcome ? { ...code, result: 'updated' } : code;
}
