import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ItemResults, ParsedItem } from '../../../../shared/executor';
import { operationError } from '../../../../shared/nodeErrors';

/** What Delete Missing reads of a row. */
export interface DeleteMissingRow {
	displayId: string;
	/** The tag that scopes it, undefined when off. */
	deleteMissingTag?: string;
	simplify: boolean;
}

/** Delete Missing runs once per execution, so every row must ask for it with the same tag (or none must). */
export class DeleteMissingScope {
	tag: string | undefined;
	private first: ParsedItem<DeleteMissingRow> | undefined;
	/** Team ID -> the Display IDs the rows name there. */
	readonly displayIds = new Map<string, Set<string>>();
	/** Team ID -> the ids of the codes rows wrote or left there (kept while Delete Missing is on). */
	readonly rowCodeIds = new Map<string, Set<string>>();

	/** Throws the disagreement of the first row whose tag differs from the first row's. */
	static requireOneTag(ctx: IExecuteFunctions, rows: Array<ParsedItem<DeleteMissingRow>>): void {
		const differing = rows.find(
			(row) => row.input.deleteMissingTag !== rows[0].input.deleteMissingTag,
		);
		if (differing) throw disagreement(ctx, rows[0], differing);
	}

	/** Whether the row takes part; a row whose tag differs from the first row's fails instead. */
	accepts(
		ctx: IExecuteFunctions,
		row: ParsedItem<DeleteMissingRow>,
		teamId: string,
		results: ItemResults,
	): boolean {
		if (!this.first) {
			this.first = row;
			this.tag = row.input.deleteMissingTag;
		} else if (row.input.deleteMissingTag !== this.tag) {
			results.fail(row.itemIndex, disagreement(ctx, this.first, row));
			return false;
		}
		const ids = this.displayIds.get(teamId) ?? new Set<string>();
		this.displayIds.set(teamId, ids.add(row.input.displayId));
		return true;
	}

	/** A row of `teamId` succeeded on the code with this id. */
	rowCode(teamId: string, id: string | undefined): void {
		if (this.tag === undefined || id === undefined) return;
		const ids = this.rowCodeIds.get(teamId) ?? new Set<string>();
		this.rowCodeIds.set(teamId, ids.add(id));
	}
}

function disagreement(
	ctx: IExecuteFunctions,
	first: ParsedItem<DeleteMissingRow>,
	row: ParsedItem<DeleteMissingRow>,
): NodeOperationError {
	const show = (tag: string | undefined) => (tag === undefined ? 'off' : `"${tag}"`);
	return operationError(
		ctx.getNode(),
		`"Delete Missing Tag" must be the same for every item: item ${first.itemIndex} has ${show(first.input.deleteMissingTag)}, item ${row.itemIndex} has ${show(row.input.deleteMissingTag)}`,
		{
			itemIndex: row.itemIndex,
			description:
				'Delete Missing runs once for all rows: give "Delete Missing" and "Delete Missing Tag" fixed values, not expressions that differ from row to row.',
		},
	);
}
