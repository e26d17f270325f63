import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { updateQrTags } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { validateParameters } from '../../../shared/validation';
import { tagsField } from '../../descriptions/qrCodeFields';
import { qrCodeTargetForm, qrCodeTargetInput, qrCodeTargetShape } from '../../helpers/qrCodeTarget';
import { tagsInputSchema } from '../../helpers/qrCodeSchemas';
import { applyTagChange } from '../../helpers/qrCodeTags';
import { changeCode } from './codeChange';
import { sameTags } from '../../../shared/records/qrCode';
import { optionSchema } from '../../../shared/validation/nodeWords';

/** The service only replaces the whole tag list; Add and Remove read the code's tags first (1.2: every mode). */

const properties: INodeProperties[] = qrCodeTargetForm(
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
	tagsField,
);

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['updateTags'] } },
	properties,
);

const inputSchema = z
	.object({
		qrCodeId: qrCodeTargetShape.qrCodeId,
		mode: optionSchema(['replace', 'add', 'remove']).describe('Mode'),
		tags: tagsInputSchema.describe('Tags'),
		simplify: qrCodeTargetShape.simplify,
		teamId: qrCodeTargetShape.teamId,
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
			...qrCodeTargetInput(this, itemIndex),
			mode: readParameter(this, 'mode', itemIndex, 'replace'),
			tags: readParameter(this, 'tags', itemIndex, ''),
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
	const tagsOf = (stored?: { tags?: string[] }) =>
		applyTagChange(stored?.tags ?? [], input.tags, input.mode);
	return await changeCode(this, input, itemIndex, {
		operation: 'Update Tags',
		holds: (stored) => sameTags(tagsOf(stored), stored.tags),
		write: async (code, stored) =>
			await updateQrTags(this, { ...code, tags: tagsOf(stored), before: stored }),
		readFirst: input.mode !== 'replace',
	});
}
