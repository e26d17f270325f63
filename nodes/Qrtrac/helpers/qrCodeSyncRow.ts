import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { findQrByDisplayId } from './qrCodeLookup';
import { planRowSync } from './qrCodeSyncPlan';
import type { TeamCodeSnapshot } from './qrCodeSyncSnapshot';
import { createQrCode, putQrCode } from './qrCodeSyncWrites';
import { simplifyQr } from './simplify';

/** One row of Create or Update: the code it keys on, the CreateQrRequest it describes, the acting team. */
export interface UpsertRow {
	displayId: string;
	body: IDataObject;
	/** Team Override; undefined is the credential's team. */
	teamId?: string;
}

export type RowOperation = 'created' | 'updated' | 'unchanged';

export interface RowResult {
	operation: RowOperation;
	/** Set for `updated`: the fields that differed (see rowChanges). */
	changedFields?: string[];
	code: IDataObject;
}

/**
 * Sync of one row against the snapshot of its team (`teamKey` is the resolved team ID): the first row for a
 * Display ID decides from the snapshot, a later row with the same Display ID from what the earlier one did.
 */
export async function syncRow(
	ctx: IExecuteFunctions,
	row: UpsertRow,
	teamKey: string,
	snapshot: TeamCodeSnapshot,
	itemIndex: number,
): Promise<RowResult> {
	return await snapshot.forDisplayId(teamKey, row.displayId, async () => {
		const stored = snapshot.code(teamKey, row.displayId);
		const result = stored ? await applyRow(ctx, row, stored, itemIndex) : await createOrAdopt(ctx, row, itemIndex);
		snapshot.record(teamKey, result.code);
		return result;
	});
}

/** Writes only what differs from `stored`: nothing when the row matches, else a PUT of the changed fields. */
export async function applyRow(ctx: IExecuteFunctions, row: UpsertRow, stored: IDataObject, itemIndex: number): Promise<RowResult> {
	const decision = planRowSync(row.body, stored);
	if (decision.operation !== 'update') return { operation: 'unchanged', code: stored };
	const code = await putQrCode(ctx, String(stored.id), decision.body, row.teamId, itemIndex);
	return { operation: 'updated', changedFields: decision.changedFields, code };
}

/**
 * Creates the row's code. A create refused (400) because another writer took the Display ID after the snapshot
 * was read is answered by reading that one code and applying the row to it. When the team has no such code, the
 * Display ID belongs to another team or to a deleted code (deleted codes keep theirs): the service's error stays,
 * with that explanation.
 */
async function createOrAdopt(ctx: IExecuteFunctions, row: UpsertRow, itemIndex: number): Promise<RowResult> {
	const attempt = await createQrCode(ctx, row.body, row.displayId, row.teamId, itemIndex).then(
		(created) => ({ created }),
		(error: unknown) => ({ error }),
	);
	if ('created' in attempt) {
		const { code, recovered } = attempt.created;
		// A code recovered after a lost answer may not hold the row yet.
		return { operation: 'created', code: recovered ? (await applyRow(ctx, row, code, itemIndex)).code : code };
	}
	const { error } = attempt;
	if (!(error instanceof NodeApiError) || error.httpCode !== '400') throw error;
	const winner = await findQrByDisplayId(ctx, row.displayId, row.teamId, itemIndex);
	if (!winner) throw explainTakenElsewhere(error, row.displayId);
	return await applyRow(ctx, row, winner, itemIndex);
}

function explainTakenElsewhere(error: NodeApiError, displayId: string): NodeApiError {
	if (!/taken|already|exist|in use/i.test(error.message)) return error;
	const note = `No live code of this team has the Display ID "${displayId}": it belongs to a code of another team or to a deleted code (deleted codes keep their Display ID).`;
	error.description = [note, error.description].filter(Boolean).join(' ');
	return error;
}

/** An output record: what happened first, then the code (simplified or raw). */
export function rowOutput(result: RowResult, simplify: boolean): IDataObject {
	return {
		operation: result.operation,
		...(result.changedFields ? { changedFields: result.changedFields } : {}),
		...(simplify ? simplifyQr(result.code) : result.code),
	};
}
