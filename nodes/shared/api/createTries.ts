import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { executionNode } from '../executionNode';
import { isOutcomeUnknown } from '../serviceErrors';
import type { TransportContext } from '../transport';
import { isMadeElsewhere, madeElsewhereBefore, sentBefore, type CreateKind } from './created';

/**
 * n8n's Retry On Fail runs a failed node again in the same execution with the same items (with Continue On Fail,
 * whenever its first item failed, every item again). A create is not idempotent, so each item's create is kept
 * here by execution, node, run and item: a try after one whose outcome was unknown fails unsent (or, for a create
 * the caller can look up, such as one with a Display ID, is `settle`d by that look-up first), one after a try that
 * made its record in another team fails unsent with that try's error, and one after a success gives that record
 * again, unsent. A create refused outright is forgotten, to be sent again.
 */
interface Tried {
	atMs: number;
	body: string;
	/** The record made (what `createOnce`'s caller answers); absent while the outcome is unknown. */
	record?: object;
	/** What the try of unknown outcome said. */
	failure?: string;
	/** The error of a try that made its record in another team. */
	madeElsewhere?: { message: string; description?: string | null };
}

const tried = new Map<string, Tried>();

/** Bounds of what is kept: a node run of 50,000 creates, and a run (with its retries) of up to 6 hours. */
const MAX_TRIES = 50_000;
const MAX_AGE_MS = 6 * 60 * 60 * 1000;

export async function createOnce<T extends object>(
	ctx: TransportContext,
	create: {
		operation: string;
		kind: CreateKind;
		body: IDataObject;
		itemIndex?: number;
		/** The Display ID the advice names, where the create has one. */
		displayId?: string;
		/** What the earlier try of unknown outcome made, looked up; undefined: nothing, so it is sent. */
		settle?: () => Promise<T | undefined>;
	},
	send: () => Promise<T>,
): Promise<T> {
	const key = tryKey(ctx, create.operation, create.itemIndex);
	if (key === undefined) return await send();
	const body = JSON.stringify(create.body);
	const earlier = tried.get(key);
	if (earlier?.madeElsewhere)
		throw madeElsewhereBefore(executionNode(ctx), earlier.madeElsewhere, create.itemIndex);
	if (earlier?.record === undefined && earlier?.failure !== undefined) {
		const { failure } = earlier;
		if (!create.settle) throw sentBefore(executionNode(ctx), create, failure);
		const made = await create.settle().catch((error: unknown) => {
			throw sentBefore(
				executionNode(ctx),
				create,
				`${failure}; the look-up that would settle it failed: ${messageOf(error)}`,
			);
		});
		if (made !== undefined) {
			remember(key, { atMs: Date.now(), body, record: made });
			return made;
		}
	}
	if (earlier?.record !== undefined && earlier.body === body) return earlier.record as T;
	return await send().then(
		(record) => {
			remember(key, { atMs: Date.now(), body, record });
			return record;
		},
		(error: unknown) => {
			if (isMadeElsewhere(error)) {
				const { message, description } = error;
				remember(key, { atMs: Date.now(), body, madeElsewhere: { message, description } });
			} else if (!isOutcomeUnknown(error)) tried.delete(key);
			else remember(key, { atMs: Date.now(), body, failure: messageOf(error) });
			throw error;
		},
	);
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/**
 * The item's create in this execution, node and run (a node runs again in a loop: another run); none outside a
 * run, nor for a node n8n does not try again (nothing kept).
 */
function tryKey(ctx: TransportContext, operation: string, itemIndex = 0): string | undefined {
	if (!('getWorkflowDataProxy' in ctx) || !('getInputData' in ctx)) return undefined;
	if (executionNode(ctx).retryOnFail !== true) return undefined;
	const executionId = (ctx as IExecuteFunctions).getExecutionId();
	if (!executionId) return undefined;
	const { $runIndex } = (ctx as IExecuteFunctions).getWorkflowDataProxy(itemIndex);
	return JSON.stringify([executionId, executionNode(ctx).name, $runIndex, itemIndex, operation]);
}

function remember(key: string, entry: Tried): void {
	tried.delete(key);
	tried.set(key, entry);
	for (const [oldest, { atMs }] of tried) {
		if (tried.size <= MAX_TRIES && entry.atMs - atMs <= MAX_AGE_MS) break;
		tried.delete(oldest);
	}
}
