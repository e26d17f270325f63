import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { concurrencyFor } from '../../shared/executor';
import { getConnection } from '../../shared/transport';
import { codesMissingFromInput } from './qrCodeSyncPlan';
import type { TeamCodeSnapshot } from './qrCodeSyncSnapshot';
import { deleteQrCode } from './qrCodeSyncWrites';
import { simplifyQr } from './simplify';

/** Delete Missing of a sync: what to delete, where, and how to report it. */
export interface DeleteMissingRequest {
	tag: string;
	/** Team ID -> the Display IDs the input rows name in that team. */
	inputDisplayIds: Map<string, Set<string>>;
	simplify: boolean;
	/** The item the deletions are reported on (the last row). */
	itemIndex: number;
}

/**
 * Soft-deletes, in every team the rows touched, the codes that carry the tag and that no row names. Each deleted
 * code is one output record `{operation: 'deleted', ...code}`. A failed delete fails the item (its message says
 * what was already deleted); with Continue On Fail it becomes a record `{operation: 'deleteFailed', ...}` instead,
 * so that the deletions that did happen are still reported.
 */
export async function deleteMissingCodes(
	ctx: IExecuteFunctions,
	snapshot: TeamCodeSnapshot,
	request: DeleteMissingRequest,
): Promise<IDataObject[]> {
	const targets = [...request.inputDisplayIds].flatMap(([teamId, displayIds]) =>
		codesMissingFromInput(snapshot.codes(teamId), displayIds, request.tag).map((code) => ({ teamId, code })),
	);
	const { ratePerSecond } = await getConnection(ctx);
	const outcomes = await settleInPool(targets, concurrencyFor(ratePerSecond), async ({ teamId, code }) => {
		const deleted = await deleteQrCode(ctx, String(code.id), teamId, request.itemIndex);
		return { ...code, ...deleted, deleted: true };
	});

	const records: IDataObject[] = [];
	const failures: Array<{ code: IDataObject; error: unknown }> = [];
	outcomes.forEach((outcome, index) => {
		if (outcome.status === 'fulfilled') {
			records.push({ operation: 'deleted', ...(request.simplify ? simplifyQr(outcome.value) : outcome.value) });
		} else {
			failures.push({ code: targets[index].code, error: outcome.reason });
		}
	});
	if (failures.length === 0) return records;
	if (!ctx.continueOnFail()) throw withDeletionProgress(ctx, failures[0].error, records.length, failures.length, request.itemIndex);
	return [...records, ...failures.map(({ code, error }) => failureRecord(code, error))];
}

function failureRecord(code: IDataObject, error: unknown): IDataObject {
	return {
		operation: 'deleteFailed',
		id: code.id,
		displayId: code.displayId,
		error: error instanceof Error ? error.message : String(error),
		...(error instanceof NodeApiError && error.httpCode ? { httpCode: error.httpCode } : {}),
	};
}

function withDeletionProgress(
	ctx: IExecuteFunctions,
	error: unknown,
	deleted: number,
	failed: number,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	const known =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(ctx.getNode(), error instanceof Error ? error.message : String(error), { itemIndex });
	const note = `Delete Missing: ${failed} code(s) could not be deleted, ${deleted} other(s) were deleted. Every row was written before the deletions started.`;
	known.description = [note, known.description].filter(Boolean).join(' ');
	return known;
}

/** Runs `work` for every value, at most `width` at a time, and settles each (results in the values' order). */
async function settleInPool<T, R>(values: T[], width: number, work: (value: T) => Promise<R>): Promise<Array<PromiseSettledResult<R>>> {
	const results: Array<PromiseSettledResult<R>> = new Array(values.length);
	let next = 0;
	const worker = async () => {
		while (next < values.length) {
			const index = next++;
			try {
				results[index] = { status: 'fulfilled', value: await work(values[index]) };
			} catch (reason) {
				results[index] = { status: 'rejected', reason };
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(width, values.length) }, worker));
	return results;
}
