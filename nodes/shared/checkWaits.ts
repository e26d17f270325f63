import type { QrtracRequest } from './qrtracRequest';
import type { SlotWait } from './slotWait';

/**
 * One Maximum Wait for a change and the reads that check its outcome. After a lost answer the transport checks
 * the change with reads of its own (verifyUnknownOutcome, verifyAfterRefusal), sent through the transport again:
 * each would start a Maximum Wait of its own, and one item could wait several times what the user set. While a
 * change is checked, a read of its item starts with what the change has waited, and the change goes on from the
 * longest its reads waited. Reads at once wait side by side, so the longest counts, not their sum. Only reads join
 * (check reads are reads), so that another change of the item, which cannot be told from this one's, keeps its own.
 */

interface Check {
	/** The change checked, e.g. `PUT /api/qrs-api/qr_1/tags`: a read's wait error names it. */
	readonly operation: string;
	/** What the change had waited when its check began. */
	readonly waitedMs: number;
	/** The waits of the reads sent for it so far. */
	readonly reads: SlotWait[];
	/** Changes of the item being checked at once (Delete Missing's deletes): the entry lives while one is. */
	users: number;
}

const checks = new WeakMap<object, Map<number | undefined, Check>>();

/** What the item has waited while checked: the change's waits, then its reads' longest. */
function waitedOf(check: Check): number {
	return Math.max(check.waitedMs, ...check.reads.map((read) => read.waitedMs));
}

/**
 * Runs a check of the change waiting by `wait`, its reads within the change's Maximum Wait, and counts what they
 * waited as the change's.
 */
export function whileChecking(
	ctx: object,
	itemIndex: number | undefined,
	wait: SlotWait,
): <T>(check: () => Promise<T>) => Promise<T> {
	return async (check) => {
		const items = checks.get(ctx) ?? new Map<number | undefined, Check>();
		checks.set(ctx, items);
		const entry = items.get(itemIndex) ?? {
			operation: wait.operation,
			waitedMs: wait.waitedMs,
			reads: [],
			users: 0,
		};
		entry.users++;
		items.set(itemIndex, entry);
		try {
			return await check();
		} finally {
			wait.waitedMs = Math.max(wait.waitedMs, waitedOf(entry));
			if (--entry.users === 0) items.delete(itemIndex);
		}
	};
}

/**
 * The wait of a request about to be sent: a read (a GET without side effects) of an item whose change is being
 * checked counts on from what the item has waited, and says so in its errors; any other request starts afresh.
 */
export function waitOfRequest(
	ctx: object,
	request: Pick<QrtracRequest, 'method' | 'hasSideEffects' | 'itemIndex'>,
	wait: Omit<SlotWait, 'waitedMs'>,
): SlotWait {
	const isRead = request.method === 'GET' && request.hasSideEffects !== true;
	const check = isRead ? checks.get(ctx)?.get(request.itemIndex) : undefined;
	if (!check) return { ...wait, waitedMs: 0 };
	const read: SlotWait = {
		...wait,
		waitedMs: waitedOf(check),
		checking: check.operation,
		earlierAnswerLost: true,
	};
	check.reads.push(read);
	return read;
}
