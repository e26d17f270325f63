import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import type { ItemResults, ParsedItem, Rows, TaskPool } from '../../../../shared/executor';
import { getQrById } from '../../../../shared/api';
import { getConnection } from '../../../../shared/transport';
import { executionNode } from '../../../../shared/executionNode';
import { refuseItem, validateParameters, type FieldIssue } from '../../../../shared/validation';
import { simplifyOption, teamOverrideOptions } from '../../../descriptions/common';
import { CURRENT_LAYOUT } from '../../../descriptions/layoutVersions';
import {
	additionalFieldsCollection,
	additionalJsonFirstLayoutField,
	additionalJsonOption,
	createTypeFields,
	displayIdKeyField,
	nameField,
	qrTypeField,
	redirectUrlField,
} from '../../../descriptions/qrCodeFields';
import { scanRulesProperties } from '../../../descriptions/scanRules';
import { getTeamOverride, readParameter } from '../../../helpers/parameters';
import { buildQrBody } from '../../../helpers/qrCodeBody';
import { readQrCodeFields } from '../../../helpers/qrCodeForm';
import { missingEssentials } from '../../../helpers/qrCodeSchemas';
import { outcomeKey } from '../../../helpers/outcome';
import { simplifyQr } from '../../../../shared/records/simplify';
import { applyRow, PerRowLookUp, type HeldCodes, type RowResult } from './apply';
import { DeleteMissingScope, deleteMissingCodes } from './deleteMissing';
import { planRow, type UpsertRow } from './plan';
import { TeamSnapshots } from './teamSnapshots';

/**
 * Upsert keyed by Display ID, so that re-running the same rows never creates a code twice. A batch operation: all
 * rows are one job. Two modes, one rule (plan.ts):
 * - Sync (default): the codes of each team the rows name are read once (pages of 100); each row then sends only
 *   what differs: a create for a new Display ID, an update of the changed fields, nothing for an unchanged row.
 *   A re-run of an unchanged sheet of 10,000 rows costs 100 list requests and no writes. Optional Delete Missing
 *   soft-deletes, after all rows, the team's codes with a chosen tag that no row names.
 * - Look Up Each Row: each row searches its code first, then does the same.
 * Rows with the same Display ID run in input order, each deciding from what the one before it left. A create
 * refused because another writer took the Display ID meanwhile turns into an update of that code.
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
	...scanRulesProperties,
	additionalJsonFirstLayoutField,
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
					"Whether to soft-delete, after all rows ran, the codes of the team that carry the 'Delete Missing Tag' and whose Display ID is in none of the rows. Nothing is deleted when a row fails.",
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
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['createOrUpdate'] } },
	properties,
);

interface Input extends UpsertRow {
	mode: typeof SYNC_MODE | typeof LOOK_UP_MODE;
	simplify: boolean;
	/** Look Up Each Row: leave a code that already matches the row untouched. */
	skipUnchanged: boolean;
	/** Delete Missing (sync): the tag that scopes it, undefined when off. The same for every row. */
	deleteMissingTag?: string;
	/** Fields a new code of the row's type cannot work without that the row lacks: refused if it creates. */
	missing?: FieldIssue[];
}

export const kind = 'batch' as const;

/** Delete Missing needs its tag; the tag follows the rules of a tag. Both are read in sync mode only. */
const deleteMissingSchema = z
	.object({
		deleteMissing: z
			.boolean({ invalid_type_error: 'must be true or false' })
			.describe('Delete Missing'),
		deleteMissingTag: z
			.string({ invalid_type_error: 'must be text' })
			.trim()
			.max(100, 'must be at most 100 characters')
			.refine((tag) => !tag.includes(','), 'must be a single tag, without commas')
			.describe('Delete Missing Tag'),
	})
	.superRefine((value, ctx) => {
		if (value.deleteMissing && value.deleteMissingTag === '') {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['deleteMissingTag'],
				message: 'is required when Delete Missing is on',
			});
		}
	});

/** Options without expressions are one object for every row (readParameter), so they are checked once. */
const checkedDeleteMissing = new WeakMap<IDataObject, z.infer<typeof deleteMissingSchema>>();

function readDeleteMissing(
	ctx: IExecuteFunctions,
	options: IDataObject,
	itemIndex: number,
): z.infer<typeof deleteMissingSchema> {
	const known = checkedDeleteMissing.get(options);
	if (known) return known;
	const checked = validateParameters(
		ctx,
		deleteMissingSchema,
		{
			deleteMissing: options.deleteMissing ?? false,
			deleteMissingTag: options.deleteMissingTag ?? '',
		},
		itemIndex,
	);
	checkedDeleteMissing.set(options, checked);
	return checked;
}

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const fields = readQrCodeFields(this, itemIndex, 'createOrUpdate');
	const options = readParameter<IDataObject>(this, 'options', itemIndex, {});
	const mode =
		readParameter<string>(this, 'mode', itemIndex, SYNC_MODE) === LOOK_UP_MODE
			? LOOK_UP_MODE
			: SYNC_MODE;
	const deleteMissing =
		mode === SYNC_MODE ? readDeleteMissing(this, options, itemIndex) : undefined;
	return {
		mode,
		displayId: fields.displayId!,
		body: buildQrBody(fields),
		missing: toMissing(missingEssentials(fields, 'typed')),
		simplify: readParameter<boolean>(this, 'simplify', itemIndex, true),
		skipUnchanged: options.skipUnchanged !== false,
		teamId: getTeamOverride(this, itemIndex),
		deleteMissingTag: deleteMissing?.deleteMissing ? deleteMissing.deleteMissingTag : undefined,
	};
}

/**
 * Every row in input order: its held code is found (snapshot or look-up), or, for a Display ID an earlier row
 * already wrote, taken from that row's result; its action planned and sent through the pool. After all rows,
 * Delete Missing.
 */
export async function run(
	this: IExecuteFunctions,
	rows: Rows<Input>,
	results: ItemResults,
	pool: TaskPool,
): Promise<void> {
	const { teamId: credentialTeamId } = await getConnection(this);
	const snapshots = new TeamSnapshots(this, credentialTeamId);
	const lookUp = new PerRowLookUp(this);
	const written = new Map<string, Written>();
	const deleteMissing = new DeleteMissingScope();
	// Rows read all at once (Continue On Fail off) are checked together first: a disagreement sends nothing.
	if (Array.isArray(rows)) DeleteMissingScope.requireOneTag(this, rows);
	let last: ParsedItem<Input> | undefined;
	const outcome = outcomeKey(this);

	for await (const row of rows) {
		const { input, itemIndex } = row;
		const teamKey = input.teamId ?? credentialTeamId;
		if (!deleteMissing.accepts(this, row, teamKey, results)) continue;
		last = row;
		const held: HeldCodes = input.mode === SYNC_MODE ? snapshots : lookUp;
		const key = JSON.stringify([teamKey, input.displayId]);
		const before = written.get(key);
		const writeUnchanged = input.mode === LOOK_UP_MODE && !input.skipUnchanged;
		let startedFrom: IDataObject | undefined;
		const result = results.settle(
			itemIndex,
			pool.run(async (): Promise<RowResult> => {
				startedFrom = before
					? await codeAfter(this, before, input, itemIndex)
					: await held.code(input.teamId, input.displayId, itemIndex);
				const action = planRow(input, startedFrom, writeUnchanged);
				if (action.kind === 'create' && input.missing)
					throw refuseItem(executionNode(this), input.missing, itemIndex);
				return await applyRow(this, input, action, itemIndex, writeUnchanged);
			}),
			(done) => rowOutput(done, input.simplify, outcome),
		);
		const after: Written = result.then(
			(done) => done.code,
			() => startedFrom,
		);
		written.set(key, after);
		// Once the row is done, only the code's id is kept for a later row with the same Display ID (it reads the
		// code again): holding every written code until the end doubled the run's memory for 10,000 rows.
		void after.then((code) => {
			if (written.get(key) === after)
				written.set(key, { id: code === undefined ? undefined : String(code.id) });
		});
	}
	await pool.drain();
	if (last && deleteMissing.tag !== undefined)
		await deleteMissingCodes(this, {
			tag: deleteMissing.tag,
			last,
			snapshots,
			results,
			pool,
			scope: deleteMissing,
		});
}

function toMissing(issues: FieldIssue[]): FieldIssue[] | undefined {
	return issues.length > 0 ? issues : undefined;
}

/** What a row left for a later row with the same Display ID: its code (while it runs), or the code's id. */
type Written = Promise<IDataObject | undefined> | { id: string | undefined };

/** The code as the row before this one left it; once that row is long done, read again by its id. */
async function codeAfter(
	ctx: IExecuteFunctions,
	before: Written,
	input: Input,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	if (!('id' in before)) return await before;
	return before.id === undefined
		? undefined
		: await getQrById(ctx, { id: before.id, teamId: input.teamId, itemIndex });
}

/** An output record: what happened first (under `key`, see outcomeKey), then the code (simplified or raw). */
function rowOutput(result: RowResult, simplify: boolean, key: string): IDataObject {
	return {
		[key]: result.operation,
		...(result.changedFields ? { changedFields: result.changedFields } : {}),
		...(simplify ? simplifyQr(result.code) : result.code),
	};
}
