import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { prefixDescription } from '../../shared/nodeErrors';
import { VERSION_1_2 } from '../descriptions/layoutVersions';
import { atLeastVersion } from './parameters';

// the refusal rules live in nodes/shared (the trigger reads a gone code by them too); kept here for the actions
export {
	mayNameGoneCode,
	refusedAsGone,
	refusedAsNotFound,
	refusedWith,
	showsNoCode,
} from '../../shared/refusals';

/**
 * What a change reports in `result`, one vocabulary for every operation (README, "What a change reports").
 * `unchanged` means the state asked for already held and nothing was sent (or a refusal said so and a read
 * confirmed it).
 */
export type Outcome =
	| 'created'
	| 'updated'
	| 'unchanged'
	| 'added'
	| 'roleChanged'
	| 'paused'
	| 'activated'
	| 'removed'
	| 'deleted'
	| 'sent'
	| 'inviteResent';

/**
 * Nodes of version 1.2 and later report every change as `result` and leave a state that already holds alone;
 * nodes saved with 1 or 1.1 keep the output and requests they were built on.
 */
export function reportsOutcome(ctx: IExecuteFunctions): boolean {
	return atLeastVersion(ctx, VERSION_1_2);
}

/** The record of a change with its `result` from 1.2; saved nodes get the record as they always did. */
export function reported(
	ctx: IExecuteFunctions,
	record: IDataObject,
	result: Outcome,
): IDataObject {
	return reportsOutcome(ctx) ? { ...record, result } : record;
}

/** One change of one record, for changeUnlessHeld. */
interface HeldChange<Stored extends IDataObject> {
	read(): Promise<Stored>;
	/** Whether the stored record has the change already. */
	holds(stored: Stored): boolean;
	/** Sends the change; `stored` is there from 1.2, and in every version where `readFirst` is set. */
	write(stored: Stored | undefined): Promise<IDataObject>;
	/** The item made of a record (e.g. the code simplified); the record itself when absent. */
	output?(record: IDataObject): IDataObject;
	/** The write needs the stored record in every version (tags added to or removed from the stored ones). */
	readFirst?: boolean;
}

/**
 * A change of one record: from 1.2 the record is read first, and one that holds the change already is
 * `unchanged`, unsent; otherwise the change is sent and `updated`. Saved nodes send it as they always did.
 */
export async function changeUnlessHeld<Stored extends IDataObject>(
	ctx: IExecuteFunctions,
	change: HeldChange<Stored>,
): Promise<IDataObject> {
	const output = change.output ?? ((record: IDataObject) => record);
	const outcome = reportsOutcome(ctx);
	const stored = outcome || change.readFirst === true ? await change.read() : undefined;
	if (outcome && stored !== undefined && change.holds(stored))
		return { ...output(stored), result: 'unchanged' };
	return reported(ctx, output(await change.write(stored)), 'updated');
}

/** Where Create or Update names a row's outcome: `operation` until 1.1 (kept for saved nodes), `result` from 1.2. */
export function outcomeKey(ctx: IExecuteFunctions): 'operation' | 'result' {
	return reportsOutcome(ctx) ? 'result' : 'operation';
}

/**
 * The error, its description led by `note` (what the node did before or around the request), so the failed item
 * says it: Delete Missing's last row, a member change sent without a full roster.
 */
export function withNote(error: unknown, note: string): unknown {
	return prefixDescription(error, note);
}

/** A request's answer or its failure as a value, for code that reads a refusal before it lets it stand. */
export async function attempt<T>(request: Promise<T>): Promise<{ done: T } | { failed: unknown }> {
	return await request.then(
		(done) => ({ done }),
		(failed: unknown) => ({ failed }),
	);
}
