import type { SlotWait } from './slotWait';

/**
 * One Maximum Wait for a change whose outcome is unknown and the reads that check it. The transport hands its check
 * (verifyUnknownOutcome, verifyAfterRefusal) a CheckWait, which the check passes to the reads it sends (InTeam's
 * `checking`): they wait on from what the change has waited, and the change, sent again afterwards, from what they
 * left. It goes only where it is passed, so another change of the item, or a plain read of it, keeps its own.
 */
export interface CheckWait {
	/** The change checked, as errors name it (qrtracRequest.ts `requestLabel`). */
	readonly change: string;
	/** The change's Maximum Wait, within which its reads wait. */
	readonly ceilingMs: number;
	/** What the change and its reads have waited: the reads sent side by side count their longest, not their sum. */
	waitedMs: number;
}

/** Runs the check of the change waiting by `wait`, and counts what its reads waited as the change's. */
export async function checkWithin<T>(
	wait: SlotWait,
	check: (checkWait: CheckWait) => Promise<T>,
): Promise<T> {
	const shared: CheckWait = {
		change: wait.operation,
		ceilingMs: wait.ceilingMs,
		waitedMs: wait.waitedMs,
	};
	try {
		return await check(shared);
	} finally {
		wait.waitedMs = Math.max(wait.waitedMs, shared.waitedMs);
	}
}

/**
 * The wait of a request about to be sent: a read passed a check starts from what the check has waited, and hands
 * back what it waits as it goes (a read that fails has waited too); any other request starts afresh.
 */
export function waitOfRequest(
	checking: CheckWait | undefined,
	wait: Omit<SlotWait, 'waitedMs'>,
): SlotWait {
	if (!checking) return { ...wait, waitedMs: 0 };
	let waitedMs = checking.waitedMs;
	return {
		...wait,
		ceilingMs: Math.min(wait.ceilingMs, checking.ceilingMs),
		checking: checking.change,
		// the read checks a change whose answer was lost: a wait error of its own must not say nothing changed
		earlierAnswerLost: true,
		get waitedMs() {
			return waitedMs;
		},
		set waitedMs(ms: number) {
			waitedMs = ms;
			checking.waitedMs = Math.max(checking.waitedMs, ms);
		},
	};
}
