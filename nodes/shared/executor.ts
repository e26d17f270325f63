import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { getConnection } from './readConnection';
import { limiterFor } from './rateLimit/sharedLimiters';
import { NotStarted, TaskPool } from './taskPool';
import { operationError } from './nodeErrors';

export { NotStarted, TaskPool } from './taskPool';

/**
 * Runs the action node's operations over the input items: the one place where items are looped, pairedItem
 * set, Continue On Fail applied and errors shaped. Two kinds of operation:
 * - an item operation parses and executes each item on its own (`parse` + `execute`); items run concurrently
 *   through a paced pool (the transport sets the pace), and the output is what one-by-one processing gives;
 * - a batch operation parses each item, then one `run` takes all parsed rows and records each item's outcome
 *   (a sync, a roster, analytics over many codes): "after all rows" is the code after its loop.
 * Bad input fails before anything is sent when Continue On Fail is off. With it on, a bad item becomes an error
 * item anyway, so rows are handed over while later ones are still being read: sending and reading overlap.
 */

/** What one item's work produced: one record, several records, or ready items (e.g. with binary data). */
export type OperationOutput = IDataObject | IDataObject[] | INodeExecutionData[];

export interface ParsedItem<Input> {
	itemIndex: number;
	input: Input;
}

export interface ItemOperation<Input = unknown> {
	kind?: 'item';
	/** The interface whose rate budget the requests spend (default `primary`): it sets how many items wait at once. */
	api?: 'primary' | 'simple';
	parse(this: IExecuteFunctions, itemIndex: number): Input | Promise<Input>;
	execute(this: IExecuteFunctions, input: Input, itemIndex: number): Promise<OperationOutput>;
}

export interface BatchOperation<Input = unknown> {
	kind: 'batch';
	parse(this: IExecuteFunctions, itemIndex: number): Input | Promise<Input>;
	/**
	 * Takes every parsed row (in input order) and records each row's outcome in `results`; requests go through
	 * `pool`, which stops starting tasks at the first failure when Continue On Fail is off.
	 */
	run(
		this: IExecuteFunctions,
		rows: Rows<Input>,
		results: ItemResults,
		pool: TaskPool,
	): Promise<void>;
}

export type Operation<Input = unknown> = ItemOperation<Input> | BatchOperation<Input>;

/** The parsed rows a batch receives: all at once, or as they are read (Continue On Fail on). */
export type Rows<Input> = AsyncIterable<ParsedItem<Input>> | Iterable<ParsedItem<Input>>;

type ItemError = NodeApiError | NodeOperationError;
type Outcome = { items: INodeExecutionData[] } | { error: ItemError };

/**
 * Items in flight per execution: rate x latency must be under way to keep the plan busy, so rate / 2 covers
 * answers of up to half a second; bounded for memory. The limiter, not this number, sets the pace.
 */
export function concurrencyFor(ratePerSecond: number): number {
	return Math.min(100, Math.max(1, Math.ceil(ratePerSecond / 2)));
}

/** Reading runs n8n's expressions on this one thread: while requests are under way it gives way this often. */
const READ_SLICE_MS = 8;
/** With no request under way, reading gives way only this often (for the rest of n8n): each turn costs a timer. */
const IDLE_READ_SLICE_MS = 50;
/** While more than about a second of work waits in the pool, reading pauses this long at a time, to let it go out. */
const READ_PAUSE_MS = 10;

export async function executeOperation<Input>(
	this: IExecuteFunctions,
	operation: Operation<Input>,
): Promise<INodeExecutionData[]> {
	const results = new ItemResults(this, this.getInputData().length, this.continueOnFail());
	const connection = await getConnection(this);
	const api = operation.kind === 'batch' ? 'primary' : (operation.api ?? 'primary');
	// requests of this budget under way in this process: this run's and other executions' alike
	const limiter = limiterFor(connection, api);
	// The simple interface's budget is the API key's (about one a second), not the plan's: items beyond what it
	// needs would only queue in its line, each waiting towards Maximum Wait before it is sent.
	const ratePerSecond = api === 'simple' ? limiter.ratePerSecond : connection.ratePerSecond;
	const pool = new TaskPool(concurrencyFor(ratePerSecond));
	results.stopOnFailure(pool);
	const rows = results.continueOnFail
		? readWhileSending(this, operation, results, {
				busy: () => pool.busy || limiter.requestsUnderway > 0,
				backlogged: () => pool.waitingCount > Math.max(ratePerSecond, 50),
			})
		: readAllFirst(this, operation);
	if (operation.kind === 'batch') {
		await operation.run.call(this, await rows, results, pool);
		await pool.drain();
	} else {
		for await (const { itemIndex, input } of await rows) {
			void results.settle(
				itemIndex,
				pool.run(async () => await operation.execute.call(this, input, itemIndex)),
			);
			if (results.stopped) break;
		}
		await pool.drain();
	}
	return results.toItems();
}

/** Continue On Fail off: every item is read and checked before the first request, so bad input sends nothing. */
async function readAllFirst<Input>(
	ctx: IExecuteFunctions,
	operation: Operation<Input>,
): Promise<Array<ParsedItem<Input>>> {
	const rows: Array<ParsedItem<Input>> = [];
	const itemCount = ctx.getInputData().length;
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			rows.push({ itemIndex, input: await operation.parse.call(ctx, itemIndex) });
		} catch (error) {
			throw asItemError(ctx, error, itemIndex);
		}
	}
	return rows;
}

/** Whether sending has work that needs the event loop's turns, and whether over a second of work waits. */
interface SendingState {
	busy(): boolean;
	backlogged(): boolean;
}

/**
 * Continue On Fail on: rows are handed over as they are read; an item that fails to parse is recorded as failed.
 * Reading and sending share one thread: reading gives the event loop a turn every slice and pauses while enough
 * work waits (`backlogged`), so sending is never starved by rows it cannot send yet.
 */
async function* readWhileSending<Input>(
	ctx: IExecuteFunctions,
	operation: Operation<Input>,
	results: ItemResults,
	sending: SendingState,
): AsyncGenerator<ParsedItem<Input>> {
	const itemCount = ctx.getInputData().length;
	let sliceStart = Date.now();
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			yield { itemIndex, input: await operation.parse.call(ctx, itemIndex) };
		} catch (error) {
			results.fail(itemIndex, error);
		}
		const sliceMs = sending.busy() ? READ_SLICE_MS : IDLE_READ_SLICE_MS;
		if (Date.now() - sliceStart >= sliceMs) {
			await sleep(0);
			while (sending.backlogged()) await sleep(READ_PAUSE_MS);
			sliceStart = Date.now();
		}
	}
}

/**
 * The outcome of every item, kept in input order: its output items (paired with it) or its error. With Continue
 * On Fail off, the first failure stops the run (`stopped`): tasks not yet started are not started.
 */
export class ItemResults {
	private readonly outcomes: Array<Outcome | undefined>;
	private firstFailure = false;
	private readonly onStop: Array<() => void> = [];

	constructor(
		private readonly ctx: IExecuteFunctions,
		readonly itemCount: number,
		readonly continueOnFail: boolean,
	) {
		this.outcomes = new Array(itemCount);
	}

	/** True once an item failed while Continue On Fail is off. */
	get stopped(): boolean {
		return this.firstFailure && !this.continueOnFail;
	}

	hasSucceeded(itemIndex: number): boolean {
		const outcome = this.outcomes[itemIndex];
		return outcome !== undefined && 'items' in outcome;
	}

	get failedCount(): number {
		return this.outcomes.filter((outcome) => outcome !== undefined && 'error' in outcome).length;
	}

	/** Stops `pool` at the first failure (when Continue On Fail is off). */
	stopOnFailure(pool: TaskPool): void {
		this.onStop.push(() => pool.stop());
	}

	succeed(itemIndex: number, output: OperationOutput): void {
		this.outcomes[itemIndex] = { items: toItems(this.ctx, output, itemIndex) };
	}

	/**
	 * Records the outcome of a row's task when it settles: its output (or `toOutput` of its result), or its error.
	 * Returns the task, for rows that follow this one.
	 */
	settle<T>(
		itemIndex: number,
		task: Promise<T>,
		toOutput?: (result: T) => OperationOutput,
	): Promise<T> {
		task.then(
			(result) =>
				this.succeed(itemIndex, toOutput ? toOutput(result) : (result as OperationOutput)),
			(error: unknown) => this.fail(itemIndex, error),
		);
		return task;
	}

	/** Adds records to an item that already succeeded (e.g. deletions reported on the last row). */
	append(itemIndex: number, output: OperationOutput): void {
		const outcome = this.outcomes[itemIndex];
		if (outcome && 'items' in outcome)
			for (const item of toItems(this.ctx, output, itemIndex)) outcome.items.push(item);
		else this.succeed(itemIndex, output);
	}

	fail(itemIndex: number, error: unknown): void {
		if (error instanceof NotStarted) return;
		this.outcomes[itemIndex] = { error: asItemError(this.ctx, error, itemIndex) };
		this.firstFailure = true;
		if (this.stopped) for (const stop of this.onStop) stop();
	}

	/**
	 * The node's output in input order; with Continue On Fail off, the error of the first failed item, naming the
	 * items that ran besides it.
	 */
	toItems(): INodeExecutionData[] {
		const result: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < this.itemCount; itemIndex++) {
			const outcome = this.outcomes[itemIndex];
			if (!outcome) continue;
			// item by item: a spread of 100,000 or more items into push() overflows the call stack
			if ('items' in outcome) for (const item of outcome.items) result.push(item);
			else if (this.continueOnFail) result.push(errorItem(outcome.error, itemIndex));
			else throw withProgress(outcome.error, this.outcomes, itemIndex);
		}
		return result;
	}
}

function toItems(
	ctx: IExecuteFunctions,
	output: OperationOutput,
	itemIndex: number,
): INodeExecutionData[] {
	const list = Array.isArray(output) ? output : [output];
	const items = list.map((entry) =>
		isExecutionData(entry)
			? { ...entry, pairedItem: { item: itemIndex } }
			: { json: entry, pairedItem: { item: itemIndex } },
	);
	return ctx.helpers.constructExecutionMetaData(items, { itemData: { item: itemIndex } });
}

function isExecutionData(entry: IDataObject | INodeExecutionData): entry is INodeExecutionData {
	return (
		typeof entry.json === 'object' &&
		entry.json !== null &&
		Object.keys(entry).every((key) => ['json', 'binary', 'pairedItem'].includes(key))
	);
}

function asItemError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): ItemError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context) error.context.itemIndex = itemIndex;
		return error;
	}
	const message = error instanceof Error ? error.message : String(error);
	return operationError(ctx.getNode(), message, { itemIndex });
}

function errorItem(error: ItemError, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message, itemIndex };
	if (error.description) json.description = error.description;
	if ('httpCode' in error && error.httpCode) json.httpCode = error.httpCode;
	return { json, pairedItem: { item: itemIndex } };
}

/**
 * Says what else happened before the failure surfaced, so that nothing half-done is hidden: items run
 * concurrently, so items after the failed one may already have been sent. Each of them is named, by number, in
 * the description and in the error's context, so that a re-run can start at the right place. A run of one item
 * has nothing to add.
 */
function withProgress(
	error: ItemError,
	outcomes: Array<Outcome | undefined>,
	failedIndex: number,
): ItemError {
	const completedAfter: number[] = [];
	const failedAfter: number[] = [];
	// a batch holds a later row of the same record until the rows before it are done: it may never have started
	const notStartedBefore: number[] = [];
	// a loop, not forEach: the outcomes of items never started are holes, which forEach skips
	for (let index = 0; index < outcomes.length; index++) {
		const outcome = outcomes[index];
		if (index < failedIndex && !outcome) notStartedBefore.push(index);
		if (index <= failedIndex || !outcome) continue;
		('items' in outcome ? completedAfter : failedAfter).push(index);
	}
	const notStarted = outcomes.length - failedIndex - 1 - completedAfter.length - failedAfter.length;
	const notes: string[] = [];
	if (failedIndex > 0)
		notes.push(
			notStartedBefore.length > 0
				? `Items 0 to ${failedIndex - 1} completed before it, except item(s) ${notStartedBefore.join(', ')}, which were not started.`
				: `Items 0 to ${failedIndex - 1} completed before it.`,
		);
	if (completedAfter.length > 0) {
		notes.push(
			`Item(s) ${completedAfter.join(', ')} were already in flight and completed too: do not send them again.`,
		);
	}
	if (failedAfter.length > 0) notes.push(`Item(s) ${failedAfter.join(', ')} failed too.`);
	if (notStarted > 0) notes.push(`The ${notStarted} item(s) after them were not started.`);
	if (notes.length > 0)
		error.description = [error.description, notes.join(' ')].filter(Boolean).join(' ');
	if (error.context) {
		error.context.itemsCompletedAfterFailure = completedAfter;
		error.context.itemsFailedAfterFailure = failedAfter;
		error.context.itemsNotStartedBeforeFailure = notStartedBefore;
	}
	return error;
}
