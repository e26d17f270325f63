import type { NodeApiError } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { whenAborted } from './answerBody';
import type { RateLimiter, SlotTurn } from './rateLimit/limiter';
import type { TransportContext } from './qrtracRequest';
import { serviceError } from './serviceErrors';
import {
	fitsCeiling,
	lineWaitTooLong,
	slotTooFar,
	toldWaitTooLong,
	type CheckRead,
	type LimitOwner,
} from './waitCeiling';

export interface SlotWait {
	limiter: Pick<RateLimiter, 'take' | 'leave' | 'toldWait' | 'serviceClock'>;
	ceilingMs: number;
	/** What this request has waited so far: in line, after refusals, before retries. */
	waitedMs: number;
	/** The request, e.g. `POST /api/qrs-api`: a wait's error names it (an operation may send several). */
	operation: string;
	/** Whose rate limit the request spends, for the errors' words: the team's, or the simple interface's key's. */
	limitOf: LimitOwner;
	/** An earlier try's answer was lost: the request may have been carried out, whatever later refusals say. */
	earlierAnswerLost?: boolean;
	/** The request is a read checking this change, e.g. `POST /api/qrs-api`: both wait within one ceiling (checkWait.ts). */
	checking?: string;
}

/**
 * Waits in line until the limiter grants a slot, then for the slot (see rateLimit/line.ts), within the
 * ceiling (waitCeiling.ts): a wait the service told, or a slot granted, that outlasts it fails at once. A place in
 * line is only an estimate (requests ahead may leave), so a request in line is not failed on it: it naps in steps
 * (line.ts `napMs`, at most a quarter window), each cut to half the time left before the ceiling (`stepInLine`),
 * and fails once none is left, so a line too long fails after about the ceiling on any window, while a slot freed
 * meanwhile is still asked for in time. Returns the granted turn.
 */
export async function waitForSlot(
	ctx: TransportContext,
	wait: SlotWait,
	itemIndex: number | undefined,
): Promise<SlotTurn> {
	// Time in line is measured, not summed from the naps: a nap may end late on a busy event loop.
	const startedAtMs = Date.now();
	const waited = () => wait.waitedMs + Math.max(0, Date.now() - startedAtMs);
	let turn: SlotTurn | undefined;
	for (;;) {
		// A stopped execution's request gives up its place and takes no slot: the team's other executions go first.
		if (isCancelled(ctx)) {
			if (turn) wait.limiter.leave(turn);
			throw cancelledError(ctx, wait.operation, itemIndex);
		}
		// only a wait QRTRAC told is QRTRAC's: a last step that ended late, past the ceiling, is the line's (below)
		const told = wait.limiter.toldWait();
		const toldMs = told === undefined ? undefined : told.untilMs - Date.now();
		if (toldMs !== undefined && !fitsCeiling(toldMs, waited(), wait.ceilingMs)) {
			if (turn) wait.limiter.leave(turn);
			const untold = told?.told === false;
			throw toldWaitError(
				ctx,
				{ ...wait, waitedMs: waited() },
				toldMs,
				itemIndex,
				undefined,
				untold,
			);
		}
		turn = wait.limiter.take(turn);
		// a slot granted is where the request is sent, a whole wait judged on the time measured; one due now costs
		// none, so a step ending at the ceiling a little late, as timers do, still uses it; a request in line waits
		// what it may of its step
		const leftMs = wait.ceilingMs - waited();
		const fits = turn.granted
			? turn.waitMs <= 0 || fitsCeiling(turn.waitMs, waited(), wait.ceilingMs)
			: leftMs > 0;
		if (!fits) {
			wait.limiter.leave(turn);
			// Only a slot moved past the window's reset (its rest used by others) is QRTRAC's telling; any other
			// wait too long is this process's line (or this request's earlier waits), said with what it waited.
			const words =
				turn.movedFromMs === undefined
					? lineWaitTooLong({
							ceilingMs: wait.ceilingMs,
							waitedMs: waited(),
							slotInMs: turn.granted ? turn.waitMs : undefined,
							placeInMs: turn.placeInMs,
							ahead: turn.ahead,
							nextTurnInMs: turn.granted ? undefined : turn.waitMs,
							limitOf: wait.limitOf,
							checking: checkRead(wait),
						})
					: slotTooFar(
							turn.waitMs,
							Date.now(),
							{ ...wait, waitedMs: waited(), checking: checkRead(wait) },
							wait.limitOf,
						);
			throw serviceError(ctx.getNode(), {
				status: 429,
				...words,
				detail: whileSending(wait),
				itemIndex,
			});
		}
		const stepMs = turn.granted ? turn.waitMs : stepInLine(turn.waitMs, leftMs);
		if (stepMs > 0) await napUnlessCancelled(ctx, stepMs);
		if (turn.granted) {
			wait.waitedMs = waited();
			return turn;
		}
	}
}

/** Under twice this left, a request in line naps the rest at once instead of halving it again. */
const MIN_HALF_STEP_MS = 50;

/**
 * A request in line's next nap: its step (line.ts), at most half the time left before the ceiling, so that it asks
 * again while a slot freed meanwhile still fits, and all of what is left once that is under the floor.
 */
function stepInLine(napMs: number, leftMs: number): number {
	return Math.min(napMs, leftMs, Math.max(MIN_HALF_STEP_MS, Math.floor(leftMs / 2)));
}

/** The execution's cancel signal (n8n's Stop); undefined where the context has none (a picker, a poll). */
function cancelSignalOf(ctx: TransportContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal?.() : undefined;
}

export function isCancelled(ctx: TransportContext): boolean {
	return cancelSignalOf(ctx)?.aborted === true;
}

export function cancelledError(
	ctx: TransportContext,
	operation: string,
	itemIndex: number | undefined,
): NodeApiError {
	return serviceError(ctx.getNode(), {
		message: 'The execution was cancelled',
		detail: `${operation} was not sent (again).`,
		itemIndex,
	});
}

/**
 * Sleeps `ms`, or less when the execution is stopped meanwhile: n8n's Stop ends every wait at once. Returns what
 * the nap really took, which is what counts against Maximum Wait: on a busy machine a timer wakes late.
 */
export async function napUnlessCancelled(ctx: TransportContext, ms: number): Promise<number> {
	const startedAtMs = Date.now();
	const signal = cancelSignalOf(ctx);
	if (!signal) await sleep(ms);
	else if (!signal.aborted) {
		const stopped = whenAborted(signal);
		try {
			await Promise.race([sleep(ms), stopped.promise]);
		} finally {
			stopped.dispose();
		}
	}
	// a clock set back meanwhile must not give back time already waited
	return Math.max(0, Date.now() - startedAtMs);
}

/**
 * A told wait over the ceiling, worded once for every refusal that tells one: a 429 (or the limiter's hold after
 * one), and a 5xx whose `Retry-After` a safe retry would have to wait (retryPolicy.ts decides).
 */
export function toldWaitError(
	ctx: TransportContext,
	wait: SlotWait,
	waitMs: number,
	itemIndex: number | undefined,
	refusal?: { status?: number; message: string },
	untold = false,
): NodeApiError {
	const clock = wait.limiter.serviceClock;
	const status = refusal?.status ?? 429;
	const answered = refusal ? ` QRTRAC answered HTTP ${status}: ${refusal.message}.` : '';
	return serviceError(ctx.getNode(), {
		status,
		...toldWaitTooLong({
			waitMs,
			nowMs: Date.now(),
			serviceOffsetMs: clock.known ? clock.offsetMs() : undefined,
			ceilingMs: wait.ceilingMs,
			unavailable: status !== 429,
			limitOf: wait.limitOf,
			waitedMs: wait.waitedMs,
			untold,
			earlierAnswerLost: wait.earlierAnswerLost,
			checking: checkRead(wait),
		}),
		detail: `${whileSending(wait)}${answered}`,
		itemIndex,
	});
}

function checkRead(wait: SlotWait): CheckRead | undefined {
	return wait.checking ? { read: wait.operation, change: wait.checking } : undefined;
}

function whileSending(wait: SlotWait): string {
	const check = wait.checking ? `, a read checking whether ${wait.checking} was made` : '';
	return `While sending ${wait.operation}${check}.`;
}
