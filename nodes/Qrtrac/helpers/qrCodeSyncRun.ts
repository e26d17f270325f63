import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ParsedItem } from '../../shared/executor';
import { getConnection } from '../../shared/transport';
import { RowCompletion } from './qrCodeSyncCompletion';
import { deleteMissingCodes } from './qrCodeSyncDeleteMissing';
import { rowOutput, syncRow, type UpsertRow } from './qrCodeSyncRow';
import { TeamCodeSnapshot } from './qrCodeSyncSnapshot';

/** A row as the sync mode of Create or Update takes it. */
export interface SyncRowInput extends UpsertRow {
	simplify: boolean;
	/** Delete Missing: the tag that scopes it, undefined when off. The same for every row. */
	deleteMissingTag?: string;
}

interface DeleteMissingPlan {
	tag: string;
	completion: RowCompletion;
	inputDisplayIds: Map<string, Set<string>>;
	/** Items refused before the sync started (only possible with Continue On Fail). */
	refusedItems: number;
}

/**
 * One execution's sync (issue 8): the codes of every team the rows name are read once; each row then sends only
 * what differs (a create, an update of the changed fields, or nothing); with Delete Missing, the last row waits
 * for all others and, when none failed, soft-deletes the tagged codes no row names, reporting them on its item.
 */
export class QrCodeSyncRun {
	private constructor(
		private readonly snapshot: TeamCodeSnapshot,
		private readonly credentialTeamId: string,
		private readonly deleteMissing: DeleteMissingPlan | undefined,
	) {}

	static async start(ctx: IExecuteFunctions, rows: Array<ParsedItem<SyncRowInput>>): Promise<QrCodeSyncRun> {
		const { teamId: credentialTeamId } = await getConnection(ctx);
		const teamOf = (row: SyncRowInput) => row.teamId ?? credentialTeamId;
		const teamItems = new Map<string, number>();
		const inputDisplayIds = new Map<string, Set<string>>();
		for (const { input, itemIndex } of rows) {
			const teamId = teamOf(input);
			if (!teamItems.has(teamId)) teamItems.set(teamId, itemIndex);
			inputDisplayIds.set(teamId, (inputDisplayIds.get(teamId) ?? new Set()).add(input.displayId));
		}
		const tag = sameDeleteMissingTag(ctx, rows);
		const last = rows[rows.length - 1];
		const deleteMissing =
			tag === undefined || !last
				? undefined
				: {
						tag,
						completion: new RowCompletion(last.itemIndex, rows.length),
						inputDisplayIds,
						refusedItems: ctx.getInputData().length - rows.length,
					};
		return new QrCodeSyncRun(await TeamCodeSnapshot.read(ctx, teamItems), credentialTeamId, deleteMissing);
	}

	/** The row's record, plus (on the last row, with Delete Missing) the deletions. */
	async run(ctx: IExecuteFunctions, row: SyncRowInput, itemIndex: number): Promise<IDataObject[]> {
		const syncOne = async () => rowOutput(await syncRow(ctx, row, row.teamId ?? this.credentialTeamId, this.snapshot, itemIndex), row.simplify);
		const plan = this.deleteMissing;
		if (!plan) return [await syncOne()];
		return await plan.completion.track(itemIndex, async () => {
			const record = await syncOne();
			if (itemIndex !== plan.completion.lastItemIndex) return [record];
			return [record, ...(await this.deleteMissingAfterAllRows(ctx, plan, row.simplify, itemIndex))];
		});
	}

	private async deleteMissingAfterAllRows(
		ctx: IExecuteFunctions,
		plan: DeleteMissingPlan,
		simplify: boolean,
		itemIndex: number,
	): Promise<IDataObject[]> {
		const { failures } = await plan.completion.whenOthersSettled();
		const failedRows = failures + plan.refusedItems;
		if (failedRows > 0) {
			return [
				{
					operation: 'deleteMissingSkipped',
					reason: `${failedRows} row(s) failed, so Delete Missing deleted nothing: a failed row may name a code that must stay.`,
				},
			];
		}
		return await deleteMissingCodes(ctx, this.snapshot, { tag: plan.tag, inputDisplayIds: plan.inputDisplayIds, simplify, itemIndex });
	}
}

/** Delete Missing runs once per execution, so every row must ask for it with the same tag (or none must). */
function sameDeleteMissingTag(ctx: IExecuteFunctions, rows: Array<ParsedItem<SyncRowInput>>): string | undefined {
	const first = rows[0];
	const differing = rows.find(({ input }) => input.deleteMissingTag !== first?.input.deleteMissingTag);
	if (first && differing) {
		const show = (tag: string | undefined) => (tag === undefined ? 'off' : `"${tag}"`);
		throw new NodeOperationError(
			ctx.getNode(),
			`"Delete Missing Tag" must be the same for every item: item ${first.itemIndex} has ${show(first.input.deleteMissingTag)}, item ${differing.itemIndex} has ${show(differing.input.deleteMissingTag)}`,
			{ itemIndex: differing.itemIndex },
		);
	}
	return first?.input.deleteMissingTag;
}
