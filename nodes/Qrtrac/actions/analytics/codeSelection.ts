import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { z } from 'zod';

import type { QrCode } from '../../../shared/api';
import type { ItemResults, Rows, TaskPool } from '../../../shared/executor';
import { TeamCodes } from '../../../shared/teamCodes';
import { executionNode } from '../../../shared/executionNode';
import { isToolNode } from '../../../shared/validation';
import { idListSchema } from '../../../shared/validation/idList';
import { VERSION_1_2 } from '../../descriptions/layoutVersions';
import { refusedAsNotFound } from '../../helpers/outcome';
import { atLeastVersion, readParameter } from '../../helpers/parameters';

/**
 * Which codes a many-code analytics row is about: the codes picked from the list, a list of IDs, or every code of
 * the team. Finish the row's object with `withCodeSelection`.
 */
export const codeSelectionShape = {
	codeSelection: z
		.enum(['all', 'list', 'picked'], {
			errorMap: () => ({ message: 'must be "picked", "list" or "all"' }),
		})
		.describe('Codes'),
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
	const ids = idListSchema.safeParse(fromPicker ? pickedQrCodes : qrCodeIds);
	if (!ids.success) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: [fromPicker ? 'pickedQrCodes' : 'qrCodeIds'],
			message: ids.error.issues[0].message,
		});
		return z.NEVER;
	}
	return { ...rest, qrCodeIds: ids.data };
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
		return { codeSelection, pickedQrCodes: entries.map((entry) => locatorValue(entry.qrCodeId)) };
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

/** A picked code's ID: the locator's value (From List, By ID), or the value an expression gave. */
function locatorValue(value: unknown): unknown {
	return typeof value === 'object' && value !== null && 'value' in value
		? (value as { value: unknown }).value
		: value;
}

/**
 * The codes a row asked for: its IDs, or else every live code of its team, from the team's codes read at most
 * once per team and run (shared/teamCodes.ts), which also give the names (name, Display ID, short link) that scan
 * rows and totals carry beside the code's internal ID; read again when codes of it were deleted meanwhile.
 */
class CodeSelection {
	private readonly teamCodes: TeamCodes;
	/** By team (as rows name it), its codes read again after a row found some deleted meanwhile. */
	private readonly later = new Map<string, Promise<QrCode[]>>();

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
		return await (this.later.get(teamId ?? '') ?? this.teamCodes.all(teamId, itemIndex));
	}

	/**
	 * After a refusal of a read about `qrIds` (all codes of the team as listed): the team's live codes as read
	 * again, when some of `qrIds` are no longer among them (deleted meanwhile), else undefined (the refusal stands).
	 */
	async withoutGone(
		teamId: string | undefined,
		qrIds: readonly string[],
		itemIndex: number,
	): Promise<QrCode[] | undefined> {
		const holdsAll = (codes: QrCode[]) => {
			const live = new Set(codes.map((code) => code.id));
			return qrIds.every((id) => live.has(id));
		};
		let codes = await this.of(teamId, itemIndex);
		// another row may have read the team again since this one's codes were listed
		if (holdsAll(codes)) {
			const again = new TeamCodes(this.ctx, {
				purpose: () => 'All Codes of the Team',
				held: false,
			}).all(teamId, itemIndex);
			this.later.set(teamId ?? '', again);
			codes = await again;
		}
		return holdsAll(codes) ? undefined : codes;
	}
}

/** Most times a row of "All Codes of the Team" runs again because codes of the team were deleted while it read. */
const MAX_RUNS_AFTER_DELETIONS = 3;

/** A refusal that a code deleted since the team was listed may cause: not found, or refused as unknown (4xx). */
function mayNameGoneCode(error: unknown): boolean {
	return (
		refusedAsNotFound(error) ||
		(error instanceof NodeApiError && ['400', '403', '404', '410'].includes(error.httpCode ?? ''))
	);
}

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
					// again, whole, over the codes live now (its work keeps nothing of the failed run)
					const live =
						input.codeSelection === 'all' &&
						runs <= MAX_RUNS_AFTER_DELETIONS &&
						mayNameGoneCode(run.error)
							? await teamCodes.withoutGone(input.teamId, qrIds, itemIndex)
							: undefined;
					const listed = new Set(qrIds);
					if (!live)
						throw input.codeSelection === 'list'
							? explainUnknownEntry(run.error, qrIds, executionNode(ctx), itemIndex)
							: run.error;
					const liveIds = live.map((code) => code.id);
					const gone = qrIds.length - liveIds.filter((id) => listed.has(id)).length;
					ctx.logger.info(
						`QRTRAC: ${gone} code(s) of the team were deleted while item ${itemIndex} read them; it reads the team's live codes again`,
					);
					qrIds = liveIds;
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
	error.message = isToolNode(node) ? what : `Item ${itemIndex}: ${what}`;
	const shown =
		ids
			.slice(0, 10)
			.map((id) => `"${id}"`)
			.join(', ') + (ids.length > 10 ? ` and ${ids.length - 10} more` : '');
	error.description = `QR Code IDs are separated by commas, spaces or line breaks: this list was read as ${shown}. An entry must be a code's ID, not its name: QR Code > Get Many finds codes by name (Filters > Search). The code must also exist in the team this operation reads (the credential's, or Options > Team Override) and must not be deleted.`;
	return error;
}
