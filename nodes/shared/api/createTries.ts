import { createHash } from 'crypto';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { executionNode } from '../executionNode';
import { isOutcomeUnknown } from '../outcomeMarks';
import type { TransportContext } from '../transport';
import {
	isMadeElsewhere,
	madeBeforeGone,
	madeBeforeUnread,
	madeElsewhereBefore,
	sentBefore,
	type TriedKind,
} from './created';

/**
 * n8n's Retry On Fail runs a failed node again in the same execution with the same items (with Continue On Fail,
 * whenever its first item failed, every item again). A create is not idempotent, so each item's create is kept
 * here by execution, node, run and item (or the caller's `identity`): a try after one whose outcome was unknown fails unsent (or, for a create
 * the caller can look up, such as one with a Display ID, is `settle`d by that look-up first), one after a try that
 * made its record in another team fails unsent with that try's error, and one after a success gives that record
 * again, unsent (`GivenAgain`). A create refused outright is forgotten, to be sent again.
 */
interface Tried {
	atMs: number;
	/** The request body's digest: a try with another body is another create. */
	digest: string;
	/** What is kept of the record made (`GivenAgain.keep`); absent while the outcome is unknown. */
	kept?: object;
	/** What the try of unknown outcome said. */
	failure?: string;
	/** The item whose try had that unknown outcome: with an `identity`, maybe another row than the one tried now. */
	sentBy?: number;
	/** The error of a try that made its record in another team. */
	madeElsewhere?: { message: string; description?: string | null };
}

/**
 * How a try after a success gives the record again from a small part of it (a QR code's ID, read again by it): a
 * 10,000-row sheet's bodies and codes, kept whole, held 15 MB per execution long after it ended. Without it the
 * record is kept as made: a team's or a link's, small and few (links are paced to at most 300 a minute).
 */
export interface GivenAgain<T, K extends { id: string }> {
	keep: (record: T) => K;
	give: (kept: K) => Promise<T>;
	/** Whether the record read again is gone (a code soft-deleted since): the item fails rather than output it. */
	gone?: (record: T) => boolean;
}

const tried = new Map<string, Tried>();

/**
 * Bounds of what is kept: a node run of 50,000 creates, and 3 hours from an item's last try (50,000 creates take
 * 2.8 hours at the slowest plan's 5 requests a second; n8n waits at most 5 s between tries).
 */
const MAX_TRIES = 50_000;
const MAX_AGE_MS = 3 * 60 * 60 * 1000;

export async function createOnce<T extends object, K extends { id: string } = { id: string }>(
	ctx: TransportContext,
	create: {
		operation: string;
		kind: TriedKind;
		body: IDataObject;
		itemIndex?: number;
		/**
		 * What the create is kept by in place of its item: a Resend Invite's person (their e-mail, normalized),
		 * invited once per run of the node whichever of their rows sends, in whichever try.
		 */
		identity?: string;
		/** The Display ID the advice names, where the create has one. */
		displayId?: string;
		/** What the earlier try of unknown outcome made, looked up; undefined: nothing, so it is sent. */
		settle?: () => Promise<T | undefined>;
		again?: GivenAgain<T, K>;
		/**
		 * Whether a failure leaves open that the request was carried out, so that the next try sends nothing
		 * (default: an unknown outcome); any other failure is forgotten, to be sent again.
		 */
		mayHaveActed?: (error: unknown) => boolean;
	},
	send: () => Promise<T>,
): Promise<T> {
	const key = tryKey(ctx, create.operation, create.itemIndex, create.identity);
	if (key === undefined) return await send();
	forgetOld(Date.now());
	const digest = digestOf(JSON.stringify(create.body));
	const made = (record: T): T => {
		remember(key, { atMs: Date.now(), digest, kept: create.again?.keep(record) ?? record });
		return record;
	};
	const earlier = tried.get(key);
	// each try of the item counts its age afresh: the bound spans one run of the node, not all its tries
	if (earlier) remember(key, { ...earlier, atMs: Date.now() });
	if (earlier?.madeElsewhere)
		throw madeElsewhereBefore(executionNode(ctx), earlier.madeElsewhere, create.itemIndex);
	if (earlier?.kept === undefined && earlier?.failure !== undefined) {
		const { failure, sentBy } = earlier;
		if (!create.settle) throw sentBefore(executionNode(ctx), create, failure, sentBy);
		const found = await create.settle().catch((error: unknown) => {
			throw sentBefore(
				executionNode(ctx),
				create,
				`${failure}; the look-up that would settle it failed: ${messageOf(error)}`,
				sentBy,
			);
		});
		if (found !== undefined) return made(found);
	}
	if (earlier?.kept !== undefined && earlier.digest === digest) {
		const { kept } = earlier;
		if (!create.again) return kept as T;
		const record = await create.again.give(kept as K).catch((error: unknown) => {
			throw madeBeforeUnread(executionNode(ctx), create, (kept as K).id, messageOf(error));
		});
		if (create.again.gone?.(record))
			throw madeBeforeGone(executionNode(ctx), create, (kept as K).id);
		return record;
	}
	return await send().then(made, (error: unknown) => {
		if (isMadeElsewhere(error)) {
			const { message, description } = error;
			remember(key, { atMs: Date.now(), digest, madeElsewhere: { message, description } });
		} else if (!(create.mayHaveActed ?? isOutcomeUnknown)(error)) tried.delete(key);
		else {
			const failure = messageOf(error);
			remember(key, { atMs: Date.now(), digest, failure, sentBy: create.itemIndex });
		}
		throw error;
	});
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/**
 * The item's create (or the identity's) in this execution, node and run (a node runs again in a loop: another
 * run); none outside a run, nor for a node n8n does not try again (nothing kept).
 */
function tryKey(
	ctx: TransportContext,
	operation: string,
	itemIndex = 0,
	identity?: string,
): string | undefined {
	if (!('getWorkflowDataProxy' in ctx) || !('getInputData' in ctx)) return undefined;
	if (executionNode(ctx).retryOnFail !== true) return undefined;
	const executionId = (ctx as IExecuteFunctions).getExecutionId();
	if (!executionId) return undefined;
	const { $runIndex } = (ctx as IExecuteFunctions).getWorkflowDataProxy(itemIndex);
	return digestOf(
		JSON.stringify([
			executionId,
			executionNode(ctx).name,
			$runIndex,
			identity ?? itemIndex,
			operation,
		]),
	);
}

/**
 * 128 bits of a text's SHA-256 in base64: what is kept of a key or a body, not the text itself (cut as bytes: a cut
 * string would keep the whole one it was cut from).
 */
function digestOf(text: string): string {
	return createHash('sha256').update(text).digest().subarray(0, 16).toString('base64');
}

/** Kept newest last: a refreshed entry moves to the end, so the oldest come first. */
function remember(key: string, entry: Tried): void {
	tried.delete(key);
	tried.set(key, entry);
	forgetOld(entry.atMs);
}

function forgetOld(nowMs: number): void {
	for (const [oldest, { atMs }] of tried) {
		if (tried.size <= MAX_TRIES && nowMs - atMs <= MAX_AGE_MS) break;
		tried.delete(oldest);
	}
}
