import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { getConnection } from './transport';

/** What a per-item handler returns: one record, several records, or ready items (e.g. with binary data). */
export type OperationOutput = IDataObject | IDataObject[] | INodeExecutionData[];

/**
 * One operation of the action node. `parse` reads and validates an item's parameters without any request;
 * `prepare` (optional) runs once per execution after all items parsed (e.g. to read the team's codes once);
 * `execute` handles one item.
 */
export interface ItemOperation<Input = unknown, Shared = unknown> {
	parse(this: IExecuteFunctions, itemIndex: number): Input | Promise<Input>;
	prepare?(this: IExecuteFunctions, inputs: Array<ParsedItem<Input>>): Promise<Shared>;
	execute(this: IExecuteFunctions, input: Input, itemIndex: number, shared: Shared): Promise<OperationOutput>;
}

export interface ParsedItem<Input> {
	itemIndex: number;
	input: Input;
}

type ItemError = NodeApiError | NodeOperationError;

type ItemOutcome = { items: INodeExecutionData[] } | { error: ItemError };

/**
 * In-flight items per execution: rate x latency requests must be under way to keep the plan's rate busy, so
 * rate / 2 covers answers of up to 500 ms; bounded for memory. The limiter, not this number, sets the pace.
 */
export function concurrencyFor(ratePerSecond: number): number {
	return Math.min(100, Math.max(1, Math.ceil(ratePerSecond / 2)));
}

/**
 * Runs an operation over all input items, the one place where items are looped:
 * 1. every item is parsed and validated first, so bad input fails before anything is sent;
 * 2. items run concurrently (the transport paces requests to the plan), but output order, `pairedItem`,
 *    Continue On Fail and the error raised are what one-by-one processing gives: items in input order,
 *    one error item per failed item, or the error of the first failed item.
 */
export async function executeItems<Input, Shared>(
	this: IExecuteFunctions,
	operation: ItemOperation<Input, Shared>,
): Promise<INodeExecutionData[]> {
	const itemCount = this.getInputData().length;
	const continueOnFail = this.continueOnFail();
	const outcomes: Array<ItemOutcome | undefined> = new Array(itemCount);
	const parsed: Array<ParsedItem<Input>> = [];

	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			parsed.push({ itemIndex, input: await operation.parse.call(this, itemIndex) });
		} catch (error) {
			const itemError = asItemError(this, error, itemIndex);
			if (!continueOnFail) throw itemError;
			outcomes[itemIndex] = { error: itemError };
		}
	}

	const shared = operation.prepare ? await operation.prepare.call(this, parsed) : (undefined as Shared);
	const connection = await getConnection(this);
	let next = 0;
	let stopped = false;

	const worker = async () => {
		while (!stopped && next < parsed.length) {
			const { itemIndex, input } = parsed[next++];
			try {
				const output = await operation.execute.call(this, input, itemIndex, shared);
				outcomes[itemIndex] = { items: toItems(this, output, itemIndex) };
			} catch (error) {
				outcomes[itemIndex] = { error: asItemError(this, error, itemIndex) };
				if (!continueOnFail) stopped = true;
			}
		}
	};
	const workers = Array.from({ length: Math.min(concurrencyFor(connection.ratePerSecond), parsed.length) }, worker);
	await Promise.all(workers);

	const result: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		const outcome = outcomes[itemIndex];
		if (!outcome) continue;
		if ('items' in outcome) {
			result.push(...outcome.items);
		} else if (continueOnFail) {
			result.push(errorItem(outcome.error, itemIndex));
		} else {
			throw withProgress(outcome.error, outcomes, itemIndex);
		}
	}
	return result;
}

function toItems(ctx: IExecuteFunctions, output: OperationOutput, itemIndex: number): INodeExecutionData[] {
	const list = Array.isArray(output) ? output : [output];
	const items = list.map((entry) =>
		isExecutionData(entry) ? { ...entry, pairedItem: { item: itemIndex } } : { json: entry, pairedItem: { item: itemIndex } },
	);
	return ctx.helpers.constructExecutionMetaData(items, { itemData: { item: itemIndex } });
}

function isExecutionData(entry: IDataObject | INodeExecutionData): entry is INodeExecutionData {
	return typeof entry.json === 'object' && entry.json !== null && Object.keys(entry).every((key) => ['json', 'binary', 'pairedItem'].includes(key));
}

function asItemError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): ItemError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context) error.context.itemIndex = itemIndex;
		return error;
	}
	const message = error instanceof Error ? error.message : String(error);
	return new NodeOperationError(ctx.getNode(), message, { itemIndex });
}

function errorItem(error: ItemError, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message, itemIndex };
	if (error.description) json.description = error.description;
	if ('httpCode' in error && error.httpCode) json.httpCode = error.httpCode;
	return { json, pairedItem: { item: itemIndex } };
}

/**
 * Says exactly what else happened before the failure surfaced, so that nothing half-done is hidden: items run
 * concurrently, so items after the failed one may already have been sent. Each of them is named, by number,
 * in the description and in the error's context, so that a re-run can start at the right place.
 */
function withProgress(error: ItemError, outcomes: Array<ItemOutcome | undefined>, failedIndex: number): ItemError {
	const completedAfter: number[] = [];
	const failedAfter: number[] = [];
	outcomes.forEach((outcome, index) => {
		if (index <= failedIndex || !outcome) return;
		('items' in outcome ? completedAfter : failedAfter).push(index);
	});
	const notes = [failedIndex === 0 ? 'No item before it had run.' : `Items 0 to ${failedIndex - 1} completed before it.`];
	if (completedAfter.length > 0) {
		notes.push(
			`Item(s) ${completedAfter.join(', ')} were already in flight and completed too: do not send them again.`,
		);
	}
	if (failedAfter.length > 0) notes.push(`Item(s) ${failedAfter.join(', ')} failed too.`);
	notes.push('No other item was started.');
	error.description = [error.description, notes.join(' ')].filter(Boolean).join(' ');
	if (error.context) {
		error.context.itemsCompletedAfterFailure = completedAfter;
		error.context.itemsFailedAfterFailure = failedAfter;
	}
	return error;
}
