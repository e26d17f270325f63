import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { z } from 'zod';

import { deletedChangesSince, givenValue, goneAmong, type QrCode } from '../../../shared/api';
import type { ItemResults, Rows, TaskPool } from '../../../shared/executor';
import { feedFrom, TeamCodes } from '../../../shared/teamCodes';
import { executionNode } from '../../../shared/executionNode';
import { storedParameter } from '../../../shared/parameters';
import { isToolNode, retitle } from '../../../shared/nodeErrors';
import { idListOf, idListSchema } from '../../../shared/validation/idList';
import { optionSchema, reissued } from '../../../shared/validation/nodeWords';
import { VERSION_1_2 } from '../../descriptions/layoutVersions';
import { mayNameGoneCode, refusedAsNotFound } from '../../helpers/outcome';
import { atLeastVersion, readParameter } from '../../helpers/parameters';

/**
 * Which codes a many-code analytics row is about: the codes picked from the list, a list of IDs, or every code of
 * the team. Finish the row's object with `withCodeSelection`.
 */
export const codeSelectionShape = {
	codeSelection: optionSchema(['picked', 'list', 'all']).describe('Codes'),
	qrCodeIds: z.unknown().describe('QR Code IDs'),
	pickedQrCodes: z.unknown().describe('QR Codes'),
};

interface RawSelection {
	codeSelection: 'all' | 'list' | 'picked';
	qrCodeIds?: unknown;
	/** The codes of the 1.2 picker, where they come from (so that a refusal names that field). */
	pickedQrCodes?: unknown;
}

/** Picked or listed IDs become unique, valid IDs (at most 10,000); "all" leaves `qrCodeIds` to be read when the row runs. */
export function withCodeSelection<T extends RawSelection>(
	value: T,
	ctx: z.RefinementCtx,
): Omit<T, 'qrCodeIds' | 'pickedQrCodes'> & { qrCodeIds?: string[] } {
	const { qrCodeIds, pickedQrCodes, ...rest } = value;
	if (value.codeSelection === 'all') return rest;
	const fromPicker = pickedQrCodes !== undefined;
	const noCode = Array.isArray(pickedQrCodes) ? pickedRowsWithoutCode(pickedQrCodes) : undefined;
	if (noCode !== undefined) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['pickedQrCodes'], message: noCode });
		return z.NEVER;
	}
	// the picker's places are rows, as its own refusals above call them
	const ids = fromPicker
		? idListOf('row').safeParse(pickedQrCodes)
		: idListSchema.safeParse(qrCodeIds);
	if (!ids.success) {
		const [issue] = ids.error.issues;
		// the model's words of a refused number go along (refusedNumberIssue)
		ctx.addIssue({ ...reissued(issue), path: [fromPicker ? 'pickedQrCodes' : 'qrCodeIds'] });
		return z.NEVER;
	}
	return { ...rest, qrCodeIds: ids.data };
}

/**
 * The refusal of picker rows that name no code, if any: the picker asks for codes by name, not IDs, so an empty one
 * says how to add a code, and rows whose expressions gave nothing say so, not "list at least one ID" (a list the
 * form does not show). One such row beside picked codes is named, not dropped: the code it was to give would be
 * left out without a word.
 */
function pickedRowsWithoutCode(rows: readonly unknown[]): string | undefined {
	if (rows.length === 0) return 'must name at least one code: pick it with Add Code';
	const empty = rows.findIndex(givesNoId);
	if (empty < 0) return undefined;
	const hint = (where: string) => `pick the code in ${where}, or make the expression give its ID`;
	return rows.every(givesNoId)
		? `must name at least one code: its rows give no code ID (${hint('each row')})`
		: `row ${empty + 1} gives no code ID (${hint('that row')})`;
}

/** A picked row's value that names no code: nothing, or blank text. */
function givesNoId(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

export function codeSelectionInput(ctx: IExecuteFunctions, itemIndex: number): RawSelection {
	const codeSelection = readParameter<RawSelection['codeSelection']>(
		ctx,
		'codeSelection',
		itemIndex,
		'list',
	);
	if (codeSelection === 'picked' && atLeastVersion(ctx, VERSION_1_2)) {
		const entries = readParameter<IDataObject[]>(ctx, 'pickedQrCodes.code', itemIndex, []);
		const stored = storedParameter(executionNode(ctx).parameters, 'pickedQrCodes.code');
		// a picked code's ID: a stored locator's value (From List, By ID), else the value an expression gave as it is
		const pickedQrCodes = entries.map((entry, index) =>
			givenValue({
				stored: Array.isArray(stored) ? (stored[index] as IDataObject)?.qrCodeId : undefined,
				resolved: entry.qrCodeId,
			}),
		);
		return { codeSelection, pickedQrCodes };
	}
	const parameter =
		codeSelection === 'picked'
			? 'pickedQrCodeIds'
			: codeSelection === 'list'
				? 'qrCodeIds'
				: undefined;
	return {
		codeSelection,
		qrCodeIds: parameter ? readParameter<unknown>(ctx, parameter, itemIndex, '') : undefined,
	};
}

/**
 * The codes a row asked for: its IDs, or else every live code of its team, from the team's codes read at most
 * once per team and run (shared/teamCodes.ts), which also give the names (name, Display ID, short link) that scan
 * rows and totals carry beside the code's internal ID.
 */
class CodeSelection {
	private readonly teamCodes: TeamCodes;

	constructor(private readonly ctx: IExecuteFunctions) {
		this.teamCodes = new TeamCodes(ctx, { purpose: () => 'All Codes of the Team', held: false });
	}

	async selected(
		input: { qrCodeIds?: string[]; teamId?: string },
		itemIndex: number,
	): Promise<string[]> {
		return input.qrCodeIds ?? (await this.of(input.teamId, itemIndex)).map((code) => code.id);
	}

	/** The team's live codes, in the list's order. */
	async of(teamId: string | undefined, itemIndex: number): Promise<QrCode[]> {
		return await this.teamCodes.all(teamId, itemIndex);
	}

	/**
	 * After a refusal of a read about `qrIds` (codes of the team's listing): those gone since, by the rule of both
	 * nodes (api/deletions.ts `goneAmong`): the team's changes from where the sync reads its feed after a listing
	 * (teamCodes.ts `feedFrom`), else the team listed again, once per team and run for all rows (teamCodes.ts
	 * `allAgain`; a row refused again after running without the deletions found gets there too). A failed check
	 * leaves the row its refusal, no other row is told of it.
	 */
	async goneAmong(
		teamId: string | undefined,
		qrIds: readonly string[],
		itemIndex: number,
	): Promise<Set<string>> {
		try {
			// every code asked about came from the team's listing: its absence from a new one is proof
			return await goneAmong({
				qrIds,
				deletedChanges: deletedChangesSince(this.ctx, {
					from: feedFrom(await this.teamCodes.readAt(teamId, itemIndex)),
					teamId,
					itemIndex,
				}),
				listAgain: async () => await this.teamCodes.allAgain(teamId, itemIndex),
			});
		} catch (error) {
			this.ctx.logger.info(
				`QRTRAC: item ${itemIndex} could not check the team's codes for codes deleted meanwhile (${(error as Error).message}); its refusal stands`,
			);
			return new Set();
		}
	}
}

/** Most times a row of "All Codes of the Team" runs again because codes of the team were deleted while it read. */
const MAX_RUNS_AFTER_DELETIONS = 3;

/** One many-code analytics row once its codes are known; `codes()` gives its team's live codes (read once per team). */
export type SelectedRowWork<Input> = (row: {
	input: Input;
	itemIndex: number;
	qrIds: string[];
	codes: () => Promise<QrCode[]>;
}) => Promise<IDataObject[]>;

/**
 * The batch loop of the many-code analytics operations: each row through the pool, its codes selected (a row with
 * none returns no items, unless `runWhenNone` says its work has something to say then, e.g. a summary of zeros),
 * then `work`; the team's codes are read at most once per team for all rows.
 */
export async function runPerSelection<
	Input extends { codeSelection?: string; qrCodeIds?: string[]; teamId?: string },
>(
	ctx: IExecuteFunctions,
	rows: Rows<Input>,
	results: ItemResults,
	pool: TaskPool,
	work: SelectedRowWork<Input>,
	runWhenNone: (input: Input) => boolean = () => false,
): Promise<void> {
	const teamCodes = new CodeSelection(ctx);
	for await (const { input, itemIndex } of rows) {
		void results.settle(
			itemIndex,
			pool.run(async () => {
				let qrIds = await teamCodes.selected(input, itemIndex);
				const codes = async () => await teamCodes.of(input.teamId, itemIndex);
				for (let runs = 1; ; runs++) {
					if (qrIds.length === 0 && !runWhenNone(input)) return [];
					const run = await work({ input, itemIndex, qrIds, codes }).then(
						(items) => ({ items }),
						(error: unknown) => ({ error }),
					);
					if ('items' in run) return run.items;
					// all codes of the team: one deleted since the listing is no longer the team's, so the row runs
					// again, whole, without it (its work keeps nothing of the failed run); a refusal no deletion
					// explains fails the row at once
					const deleted =
						input.codeSelection === 'all' &&
						runs <= MAX_RUNS_AFTER_DELETIONS &&
						mayNameGoneCode(run.error)
							? await teamCodes.goneAmong(input.teamId, qrIds, itemIndex)
							: new Set<string>();
					const live = qrIds.filter((id) => !deleted.has(id));
					if (live.length === qrIds.length)
						throw input.codeSelection === 'list'
							? explainUnknownEntry(run.error, qrIds, executionNode(ctx), itemIndex)
							: run.error;
					ctx.logger.info(
						`QRTRAC: ${qrIds.length - live.length} code(s) of the team were deleted while item ${itemIndex} read them; it runs again without them`,
					);
					qrIds = live;
				}
			}),
		);
	}
}

/**
 * A listed code the service does not know (refusedAsNotFound, about a code, not a team): the error names the item
 * and the entry, and says how the list was read, since a pasted name ("Spring campaign") splits into entries that
 * are no IDs. Other refusals stand as they are.
 */
function explainUnknownEntry(
	error: unknown,
	ids: string[],
	node: INode,
	itemIndex: number,
): unknown {
	if (!refusedAsNotFound(error)) return error;
	const named = ids
		.filter((id) => error.message.includes(id))
		.sort((a, b) => b.length - a.length)[0];
	if (named === undefined && (/team/i.test(error.message) || !/qr|code/i.test(error.message)))
		return error;
	const what =
		named === undefined
			? `a code of QR Code IDs was not found (QRTRAC: ${error.message})`
			: `QR code not found: "${named}"`;
	const shown =
		ids
			.slice(0, 10)
			.map((id) => `"${id}"`)
			.join(', ') + (ids.length > 10 ? ` and ${ids.length - 10} more` : '');
	// the title may hold a Node error code (an entry "FreePermit"): retitle quotes it where n8n swaps it
	retitle(
		node,
		error,
		isToolNode(node) ? what : `Item ${itemIndex}: ${what}`,
		`QR Code IDs are separated by commas, spaces or line breaks: this list was read as ${shown}. An entry must be a code's ID, not its name: QR Code > Get Many finds codes by name (Filters > Search). The code must also exist in the team this operation reads (the credential's, or Options > Team Override) and must not be deleted.`,
	);
	return error;
}
