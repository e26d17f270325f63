import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import type { ParsedItem } from '../../../shared/executor';
import { validateParameters } from '../../../shared/validation';
import { simplifyOption, teamOverrideOption } from '../../descriptions/common';
import {
	additionalFieldsCollection,
	additionalJsonField,
	createTypeFields,
	displayIdKeyField,
	nameField,
	qrTypeField,
	redirectUrlField,
	settingsCollection,
} from '../../descriptions/qrCodeFields';
import { getTeamOverride } from '../../helpers/parameters';
import { buildQrBody } from '../../helpers/qrCodeBody';
import { changedFields } from '../../helpers/qrCodeCompare';
import { readQrCodeFields } from '../../helpers/qrCodeForm';
import { findQrByDisplayId } from '../../helpers/qrCodeLookup';
import { rowOutput, type RowResult } from '../../helpers/qrCodeSyncRow';
import { QrCodeSyncRun, type SyncRowInput } from '../../helpers/qrCodeSyncRun';
import { createQrCode, putQrCode } from '../../helpers/qrCodeSyncWrites';

/**
 * Upsert keyed by Display ID, so that re-running the same rows never creates a code twice. Two modes:
 * - Sync (default): the team's codes are read once per execution (pages of 100), each row is matched by Display ID
 *   and only what differs is sent: a create for a new Display ID, a PUT of the changed fields, nothing for an
 *   unchanged row. A re-run of an unchanged sheet of 10,000 rows costs 100 list requests and no writes. Optional
 *   Delete Missing soft-deletes, after all rows, the team's codes with a chosen tag that no row names.
 * - Look Up Each Row: each row searches its code first, then updates it with the whole row (or creates it).
 * In both, a create refused because another writer took the Display ID meanwhile turns into an update of that code.
 */

const SYNC_MODE = 'sync';
const LOOK_UP_MODE = 'lookUpEachRow';

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
					"Read all of the team's codes once, then send only new and changed rows; best for sheets and re-runs",
			},
		],
		default: SYNC_MODE,
		description: 'How the node finds the existing code of each row',
	},
	displayIdKeyField,
	qrTypeField,
	nameField,
	redirectUrlField,
	...createTypeFields,
	additionalFieldsCollection(false),
	settingsCollection,
	additionalJsonField,
	simplifyOption,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Delete Missing',
				name: 'deleteMissing',
				type: 'boolean',
				default: false,
				displayOptions: { show: { '/mode': [SYNC_MODE] } },
				description:
					'Whether to soft-delete, after all rows ran, the codes of the team that carry the Delete Missing Tag and whose Display ID is in none of the rows. Nothing is deleted when a row fails.',
			},
			{
				displayName: 'Delete Missing Tag',
				name: 'deleteMissingTag',
				type: 'string',
				default: '',
				placeholder: 'e.g. from-sheet',
				displayOptions: { show: { '/mode': [SYNC_MODE] } },
				description:
					'Only codes with this tag are deleted when missing from the rows, so codes made by hand or by another sheet stay. Give the rows this tag too.',
			},
			{
				displayName: 'Skip Unchanged',
				name: 'skipUnchanged',
				type: 'boolean',
				default: true,
				displayOptions: { show: { '/mode': [LOOK_UP_MODE] } },
				description:
					'Whether to leave a code that already matches the row untouched (its output says "unchanged") instead of writing it again',
			},
			teamOverrideOption,
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['createOrUpdate'] } },
	properties,
);

type Input = SyncRowInput & { mode: typeof SYNC_MODE | typeof LOOK_UP_MODE; skipUnchanged: boolean };

/** Delete Missing needs its tag; the tag follows the rules of a tag. Both are read in sync mode only. */
const deleteMissingSchema = z
	.object({
		deleteMissing: z.boolean({ invalid_type_error: 'must be true or false' }).describe('Delete Missing'),
		deleteMissingTag: z
			.string({ invalid_type_error: 'must be text' })
			.trim()
			.max(100, 'must be at most 100 characters')
			.refine((tag) => !tag.includes(','), 'must be a single tag, without commas')
			.describe('Delete Missing Tag'),
	})
	.superRefine((value, ctx) => {
		if (value.deleteMissing && value.deleteMissingTag === '') {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['deleteMissingTag'], message: 'is required when Delete Missing is on' });
		}
	});

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const fields = readQrCodeFields(this, itemIndex, 'createOrUpdate');
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const mode = this.getNodeParameter('mode', itemIndex, SYNC_MODE) === LOOK_UP_MODE ? LOOK_UP_MODE : SYNC_MODE;
	const deleteMissing =
		mode === SYNC_MODE
			? validateParameters(
					this,
					deleteMissingSchema,
					{ deleteMissing: options.deleteMissing ?? false, deleteMissingTag: options.deleteMissingTag ?? '' },
					itemIndex,
				)
			: undefined;
	return {
		mode,
		displayId: fields.displayId!,
		body: buildQrBody(fields),
		simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
		skipUnchanged: options.skipUnchanged === true,
		teamId: getTeamOverride(this, itemIndex),
		deleteMissingTag: deleteMissing?.deleteMissing ? deleteMissing.deleteMissingTag : undefined,
	};
}

/** Sync mode reads the codes of every team the rows name, once per execution. */
export async function prepare(this: IExecuteFunctions, items: Array<ParsedItem<Input>>): Promise<QrCodeSyncRun | undefined> {
	const rows = items.filter(({ input }) => input.mode === SYNC_MODE);
	return rows.length > 0 ? await QrCodeSyncRun.start(this, rows) : undefined;
}

export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
	sync: QrCodeSyncRun | undefined,
): Promise<IDataObject[]> {
	if (input.mode === SYNC_MODE && sync) return await sync.run(this, input, itemIndex);
	const existing = await findQrByDisplayId(this, input.displayId, input.teamId, itemIndex);
	const result = existing ? await updateExisting(this, input, existing, itemIndex) : await createOrTakeOver(this, input, itemIndex);
	return [rowOutput(result, input.simplify)];
}

/** Look Up Each Row: the whole row is written, unless Skip Unchanged finds the stored code already equal. */
async function updateExisting(ctx: IExecuteFunctions, input: Input, existing: IDataObject, itemIndex: number): Promise<RowResult> {
	if (input.skipUnchanged && changedFields(input.body, existing).length === 0) {
		return { operation: 'unchanged', code: existing };
	}
	return { operation: 'updated', code: await putQrCode(ctx, String(existing.id), input.body, input.teamId, itemIndex) };
}

async function createOrTakeOver(ctx: IExecuteFunctions, input: Input, itemIndex: number): Promise<RowResult> {
	const attempt = await createQrCode(ctx, input.body, input.displayId, input.teamId, itemIndex).then(
		(created) => ({ created }),
		(error: unknown) => ({ error }),
	);
	if ('created' in attempt) {
		const { code, recovered } = attempt.created;
		// A code recovered after an unknown outcome may not hold this row yet: write the row to it.
		return { operation: 'created', code: recovered ? await putQrCode(ctx, String(code.id), input.body, input.teamId, itemIndex) : code };
	}
	const refused = attempt.error instanceof NodeApiError && attempt.error.httpCode === '400';
	if (!refused) throw attempt.error;
	// Refused: when another run took the Display ID meanwhile, the code is now in the team: update it.
	const winner = await findQrByDisplayId(ctx, input.displayId, input.teamId, itemIndex);
	if (!winner) throw attempt.error;
	return await updateExisting(ctx, input, winner, itemIndex);
}
