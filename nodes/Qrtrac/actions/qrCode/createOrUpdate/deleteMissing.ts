import type { IDataObject, IExecuteFunctions, NodeConnectionType } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import type { ItemResults, ParsedItem, TaskPool } from '../../../../shared/executor';
import type { QrCode } from '../../../../shared/api';
import type { TeamCodes } from '../../../../shared/teamCodes';
import { executionNode } from '../../../../shared/executionNode';
import { isToolNode, operationError } from '../../../../shared/nodeErrors';
import { flagSchema, tagSchema, validateParameters } from '../../../../shared/validation';
import { outcomeKey, withNote } from '../../../helpers/outcome';
import { isBlank } from '../../../helpers/qrCodeSchemas';
import { qrCodeOutput } from '../../../helpers/qrCodeTarget';
import { deleteMissingCode, settleRefusals } from './apply';
import { codesMissingFromInput } from './plan';
import type { DeleteMissingRow, DeleteMissingScope } from './deleteMissingScope';

/**
 * Delete Missing of Create or Update (sync): after all rows, the team's codes with the chosen tag that no row
 * names are soft-deleted. The candidates are what the sync snapshot holds once every row took its code, so they
 * come from a whole list of the team asked for (listTeamQrs refuses anything else before any row writes); when
 * earlier runs of the execution took Display IDs no row names, one more whole read (TeamCodes.all). Each candidate
 * is read by its ID right before its delete and spared when another writer changed it so that it no longer qualifies.
 */

/**
 * Delete Missing needs its tag; the tag follows the rules of a tag (a year a row gives is "2026", as in Tags), and
 * is one tag. Both are read in sync mode only.
 */
const deleteMissingSchema = z
	.object({
		deleteMissing: flagSchema('Delete Missing'),
		deleteMissingTag: z
			.preprocess(
				(value) => (isBlank(value) ? undefined : value),
				tagSchema
					.refine((tag) => !tag.includes(','), 'must be a single tag, without commas')
					.optional(),
			)
			.describe('Delete Missing Tag'),
	})
	.superRefine((value, ctx) => {
		if (value.deleteMissing && value.deleteMissingTag === undefined) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['deleteMissingTag'],
				message: 'is required when Delete Missing is on: set it under Options (Delete Missing Tag)',
			});
		}
	});

/** Options without expressions are one object for every row (readParameter), so they are checked once. */
const checkedDeleteMissing = new WeakMap<IDataObject, z.infer<typeof deleteMissingSchema>>();

export function readDeleteMissing(
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
			deleteMissingTag: options.deleteMissingTag,
		},
		itemIndex,
	);
	if (checked.deleteMissing && isToolNode(executionNode(ctx)))
		throw refused(
			ctx,
			itemIndex,
			// an AI agent's call is one row: it would delete every other code with the tag, on every call
			'as an AI tool: each call holds one row, not the whole sheet',
			'Turn Delete Missing off in this tool (Options), and run a Create or Update with Delete Missing over the whole sheet in a workflow instead.',
		);
	const loop = checked.deleteMissing ? loopAround(ctx) : undefined;
	if (loop === 'loopOverItems')
		throw refused(
			ctx,
			itemIndex,
			'inside Loop Over Items: each batch would look like the whole sheet',
			"Turn Delete Missing off in the loop, and run a Create or Update with Delete Missing once over the whole sheet (e.g. on the loop's done output), so that the codes of later batches are not deleted.",
		);
	if (loop !== undefined)
		throw refused(
			ctx,
			itemIndex,
			'inside a loop: each run of the node would look like the whole sheet',
			`This node leads back to "${loop.through}", which feeds it, so n8n runs it once per pass, each time with part of the rows. Turn Delete Missing off in the loop, and run a Create or Update with Delete Missing once over the whole sheet after it, so that the codes of the other passes are not deleted.`,
		);
	if (checked.deleteMissing && ctx.getNode().executeOnce === true)
		throw refused(
			ctx,
			itemIndex,
			'with Execute Once: the node gets only the first row, not the whole sheet',
			"Turn off the node's Execute Once setting (Settings), so that every row of the sheet reaches it, or turn Delete Missing off.",
		);
	const feeding = checked.deleteMissing ? feedingNodes(ctx) : [];
	if (feeding.length > 1)
		throw refused(
			ctx,
			itemIndex,
			`on rows from several nodes: n8n runs this node once per node that feeds it (${feeding.join(', ')})`,
			'Put a Merge node (Append) before this node, so that the whole sheet arrives in one run, or turn Delete Missing off: each run would delete the codes of the other parts.',
		);
	checkedDeleteMissing.set(options, checked);
	return checked;
}

/** n8n's Loop Over Items (Split in Batches). */
const LOOP_NODE_TYPE = 'n8n-nodes-base.splitInBatches';

/**
 * The loop the node runs in, if any: a node both before and after it, which n8n runs it once per pass of (the
 * Loop Over Items type when one is, else the first such node by name: a loop built of an IF leading back). On
 * Loop Over Items' "done" output the node runs once over every row: not inside.
 */
function loopAround(ctx: IExecuteFunctions): 'loopOverItems' | { through: string } | undefined {
	// older n8n versions do not tell the workflow's graph to a node
	if (typeof ctx.getParentNodes !== 'function' || typeof ctx.getChildNodes !== 'function')
		return undefined;
	const name = ctx.getNode().name;
	const before = new Set(ctx.getParentNodes(name).map((node) => node.name));
	const around = ctx.getChildNodes(name).filter((node) => before.has(node.name));
	if (around.some((node) => node.type === LOOP_NODE_TYPE)) return 'loopOverItems';
	const through = around.map((node) => node.name).sort()[0];
	return through === undefined ? undefined : { through };
}

/**
 * The nodes connected to this node's input: n8n runs the node once per node that sends it rows, each run a part
 * of the sheet. Branches of different triggers count too (only one may run): a Merge before the node is the safe
 * shape either way. Two outputs of one node (both branches of an IF) name that node once and cannot be told.
 * n8n-core before 1.114 ignores `depth` and lists every node before this one: asked for depth 0 it then answers some,
 * and nothing is claimed.
 */
function feedingNodes(ctx: IExecuteFunctions): string[] {
	if (typeof ctx.getParentNodes !== 'function') return [];
	const name = ctx.getNode().name;
	const main = 'main' as NodeConnectionType;
	if (ctx.getParentNodes(name, { connectionType: main, depth: 0 }).length > 0) return [];
	return ctx
		.getParentNodes(name, { connectionType: main, depth: 1 })
		.map((node) => node.name)
		.sort();
}

/**
 * Delete Missing takes the rows of one run for the whole sheet: where n8n hands a run part of it, the codes of the
 * other parts would be deleted, so the item fails before anything is sent, saying why and what to do.
 */
function refused(
	ctx: IExecuteFunctions,
	itemIndex: number,
	why: string,
	advice: string,
): NodeOperationError {
	return operationError(ctx.getNode(), `"Delete Missing" cannot run ${why}`, {
		itemIndex,
		description: `Nothing was sent. ${advice}`,
	});
}

/**
 * Soft-deletes, in every team the rows touched, the codes that carry the tag and that no row names, reported on
 * the last row as `{operation: 'deleted', ...code}` (`result` from 1.2, see outcomeKey). Nothing is deleted when
 * any row failed (said on the last row that succeeded, `deleteMissingSkipped`): a failed row may name
 * a code that must stay. A failed delete fails the last row (its message says what was deleted); with Continue On
 * Fail it becomes a record `{operation: 'deleteFailed', ...}` so that the deletions that did happen still show.
 * A failed read of the team's candidates deletes nothing: it fails the last row, or with Continue On Fail adds
 * `deleteMissingSkipped` saying why. Candidates their read showed no longer missing (deleteMissingCode) are counted,
 * with their Display IDs, in one `deleteMissingSpared` record (from 1.2).
 */
export async function deleteMissingCodes(
	ctx: IExecuteFunctions,
	run: {
		tag: string;
		last: ParsedItem<DeleteMissingRow>;
		teamCodes: TeamCodes;
		results: ItemResults;
		pool: TaskPool;
		scope: DeleteMissingScope;
	},
): Promise<void> {
	const { results, last, pool } = run;
	const key = outcomeKey(ctx);
	// The skip is told on the last row that succeeded: a failed row's error item cannot carry it.
	const reportOn = lastSucceeded(results, last.itemIndex);
	if (reportOn === undefined) return;
	if (results.failedCount > 0) {
		results.append(reportOn, {
			[key]: 'deleteMissingSkipped',
			reason: `${results.failedCount} row(s) failed, so Delete Missing deleted nothing: a failed row may name a code that must stay.`,
		});
		return;
	}
	const targets: Array<{ teamId: string; code: QrCode; missing: (current: QrCode) => boolean }> =
		[];
	try {
		for (const [teamId, displayIds] of run.scope.displayIds) {
			const codes = await run.teamCodes.all(teamId, last.itemIndex, displayIds);
			const rowCodeIds = run.scope.rowCodeIds.get(teamId);
			// still missing: the rule that made the code a candidate holds for it as read right before its delete
			const missing = (current: QrCode) =>
				codesMissingFromInput([current], displayIds, run.tag, rowCodeIds).length === 1;
			for (const code of codesMissingFromInput(codes, displayIds, run.tag, rowCodeIds))
				targets.push({ teamId, code, missing });
		}
	} catch (error: unknown) {
		// A read of the team again (TeamCodes.all) came after every row was written: their results stay.
		const note =
			'Every row was written; Delete Missing deleted nothing: the team could not be read to find its candidates.';
		if (!results.continueOnFail) {
			results.fail(last.itemIndex, withNote(error, note));
			return;
		}
		results.append(last.itemIndex, {
			[key]: 'deleteMissingSkipped',
			reason: `${note} ${error instanceof Error ? error.message : String(error)}`,
		});
		return;
	}
	const sent = await Promise.all(
		targets.map(
			async ({ teamId, code, missing }) =>
				await pool
					.run(async () => await deleteMissingCode(ctx, code, teamId, last.itemIndex, missing))
					.then(
						(answer) => ({ teamId, code, answer }),
						(error: unknown) => ({ teamId, code, answer: { error } }),
					),
		),
	);
	// Refused reads and deletes are decided together, one read of each team's changes (not one per code).
	const settled = new Map<QrCode, { alreadyDeleted: true; code: QrCode } | { error: unknown }>();
	for (const teamId of new Set(sent.map((entry) => entry.teamId))) {
		const refusals = sent.flatMap((entry) =>
			entry.teamId === teamId && 'refused' in entry.answer
				? [{ code: entry.code, refused: entry.answer.refused }]
				: [],
		);
		const decided = await settleRefusals(ctx, refusals, teamId, last.itemIndex);
		decided.forEach((outcome, index) => settled.set(refusals[index].code, outcome));
	}
	const outcomes = await Promise.all(
		sent.map(async ({ teamId, code, answer }) => {
			if ('spared' in answer) return { code, spared: true as const }; // no longer missing
			const outcome = 'refused' in answer ? settled.get(code)! : answer;
			if ('error' in outcome) return { code, error: outcome.error };
			const deleted = {
				code: outcome.code,
				...('alreadyDeleted' in outcome ? { alreadyDeleted: true as const } : {}),
			};
			return await run.teamCodes.deleted(teamId, deleted.code).then(
				() => ({ deleted }),
				(error: unknown) => ({ code, error }),
			);
		}),
	);
	const simplify = last.input.simplify;
	const deleted = outcomes.flatMap((outcome) =>
		'deleted' in outcome
			? [
					{
						[key]: 'deleted',
						...(outcome.deleted.alreadyDeleted ? { alreadyDeleted: true } : {}),
						...qrCodeOutput(ctx, outcome.deleted.code, simplify),
					},
				]
			: [],
	);
	const failed = outcomes.flatMap((outcome) => ('error' in outcome ? [outcome] : []));
	const spared = outcomes.flatMap((outcome) =>
		'spared' in outcome ? [outcome.code.displayId] : [],
	);
	if (failed.length > 0 && !results.continueOnFail) {
		const error: unknown = failed[0].error;
		const note = `Delete Missing: ${failed.length} code(s) could not be deleted, ${deleted.length} other(s) were deleted, ${spared.length} spared. Every row was written before the deletions started.`;
		results.fail(last.itemIndex, withNote(error, note));
		return;
	}
	results.append(last.itemIndex, [
		...deleted,
		// from 1.2 (`result`) only: 1 and 1.1 keep their output (a failed delete's note counts the spared in all)
		...(spared.length === 0 || key !== 'result'
			? []
			: [
					{
						[key]: 'deleteMissingSpared',
						spared: spared.length,
						displayIds: spared,
						reason: SPARED,
					},
				]),
		...failed.map(({ code, error }) => ({
			[key]: 'deleteFailed',
			id: code.id,
			displayId: code.displayId,
			error: error instanceof Error ? error.message : String(error),
			...(error instanceof NodeApiError && error.httpCode ? { httpCode: error.httpCode } : {}),
		})),
	]);
}

/** Why a `deleteMissingSpared` record's codes stay. */
const SPARED =
	'Read by their ID right before their delete, these codes no longer qualify (another writer changed them after the team was read: the tag taken off, or a read that does not show it): not deleted.';

/** The last row at or before `itemIndex` that succeeded, if any. */
function lastSucceeded(results: ItemResults, itemIndex: number): number | undefined {
	for (let index = itemIndex; index >= 0; index--) if (results.hasSucceeded(index)) return index;
	return undefined;
}
