import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { getConnection, requestsInProgress } from './transport';

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
 * In-flight items per execution: rate x latency requests must be under way to keep the plan's rate busy, so
 * rate / 2 covers answers of up to 500 ms; bounded for memory. The limiter, not this number, sets the pace.
 */
export function concurrencyFor(ratePerSecond: number): number {
	return Math.min(100, Math.max(1, Math.ceil(ratePerSecond / 2)));
}

/**
 * Reading parameters runs n8n's expressions on this one thread: while requests are under way (waiting for a send
 * slot or an answer) it gives way this often so requests keep flowing.
 */
const READ_SLICE_MS = 8;
/**
 * With no request under way nothing of this run waits for a turn, so reading gives way only this often (for the rest of
 * n8n, e.g. a queue-mode worker's job lock): a turn costs a timer's millisecond, which at READ_SLICE_MS is a ninth
 * of the reading time of a re-run whose rows are unchanged.
 */
const IDLE_READ_SLICE_MS = 50;
/** While more than about a second of work waits in the pool, reading pauses this long at a time, to let it go out. */
const READ_PAUSE_MS = 10;

export async function executeOperation<Input>(
	this: IExecuteFunctions,
	operation: Operation<Input>,
): Promise<INodeExecutionData[]> {
	const results = new ItemResults(this, this.getInputData().length, this.continueOnFail());
	const { ratePerSecond } = await getConnection(this);
	const pool = new TaskPool(concurrencyFor(ratePerSecond));
	results.stopOnFailure(pool);
	const rows = results.continueOnFail
		? readWhileSending(this, operation, results, {
				busy: () => requestsInProgress() || pool.waitingCount > 0,
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

/**
 * What reading asks of the sending side: whether it has work that needs the event loop (a request under way, or
 * a task waiting for room in the pool; a task whose answer is at hand needs none), and whether more than about a
 * second of work waits.
 */
interface SendingState {
	busy(): boolean;
	backlogged(): boolean;
}

/**
 * Continue On Fail on: rows are handed over as they are read; an item that fails to parse is recorded as failed.
 * Reading and sending share one thread: while requests are under way, every READ_SLICE_MS the reading gives the event
 * loop a turn, and while enough work waits to keep the plan busy (`backlogged`), it pauses, so that sending is
 * never starved by reading rows it cannot send yet. A run then takes about the longer of reading and sending, not
 * their sum.
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

/** A task that was never started because the run stopped at a failure. */
export class NotStarted extends Error {}

/**
 * Runs tasks at most `width` at a time, in the order they were handed over. After `stop()` no waiting task
 * starts (each rejects with NotStarted). `drain()` resolves when every task handed over has settled.
 */
export class TaskPool {
	private active = 0;
	private stopped = false;
	private readonly waiting: Array<() => void> = [];
	/** Tasks handed over and not settled yet, and who waits for that number to reach 0. */
	private unsettled = 0;
	private readonly drained: Array<() => void> = [];

	constructor(private readonly width: number) {}

	run<T>(task: () => Promise<T>): Promise<T> {
		const promise = new Promise<T>((resolve, reject) => {
			const start = () => {
				if (this.stopped) {
					reject(new NotStarted());
					this.startNext();
					return;
				}
				this.active++;
				task()
					.then(resolve, reject)
					.finally(() => {
						this.active--;
						this.startNext();
					});
			};
			if (this.active < this.width && this.waiting.length === 0) start();
			else this.waiting.push(start);
		});
		this.unsettled++;
		const settled = () => {
			if (--this.unsettled === 0) for (const resolve of this.drained.splice(0)) resolve();
		};
		promise.then(settled, settled);
		return promise;
	}

	stop(): void {
		this.stopped = true;
	}

	/** Tasks handed over that have not started yet. */
	get waitingCount(): number {
		return this.waiting.length;
	}

	/** Resolves once every task handed over has settled (tasks handed over meanwhile included). */
	async drain(): Promise<void> {
		if (this.unsettled === 0) return;
		await new Promise<void>((resolve) => this.drained.push(resolve));
	}

	private startNext(): void {
		if (this.active < this.width) this.waiting.shift()?.();
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
	return new NodeOperationError(ctx.getNode(), message, { itemIndex });
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
	outcomes.forEach((outcome, index) => {
		if (index <= failedIndex || !outcome) return;
		('items' in outcome ? completedAfter : failedAfter).push(index);
	});
	const notStarted = outcomes.length - failedIndex - 1 - completedAfter.length - failedAfter.length;
	const notes: string[] = [];
	if (failedIndex > 0) notes.push(`Items 0 to ${failedIndex - 1} completed before it.`);
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
	}
	return error;
}
