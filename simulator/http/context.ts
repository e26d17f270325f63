import type { Socket } from 'node:net';
import type { ShapeDrift } from '../answerDrift';
import type { AnswerModes } from '../answerModes';
import type { ChangeDrift } from '../changeDrift';
import type { FaultInjector } from '../faults';
import type { ListDrift } from '../listDrift';
import type { PlanBook, PlanName, SimplePlanName } from '../plans';
import type { LimitShape, RequestCounter } from '../limitShapes';
import type { FixedWindowLimiter, LimitWindow, ResetFormat } from '../rateLimit';
import type { LoggedRequest } from '../requestLog';
import type { SimulatorState } from '../state';

/** Everything the request pipeline shares: data, knobs, limiters and what must be cleaned up on close. */
export interface ServerContext {
	state: SimulatorState;
	faults: FaultInjector;
	plans: PlanBook<PlanName | number>;
	simplePlans: PlanBook<SimplePlanName | number>;
	/** Teams' per-second budgets, counted in the shape `limitShape` says (limitShapes.ts). */
	perSecond: RequestCounter;
	perMinute: FixedWindowLimiter;
	/** Teams' per-minute budgets (limitWindow `minute`), in that shape too; v1 keys count in `perMinute`. */
	teamPerMinute: RequestCounter;
	limitShape: LimitShape;
	limitWindow: LimitWindow;
	resetFormat: ResetFormat;
	retryAfter: boolean;
	latencyMs: number;
	/** Shape drift kinds applied to successful answers (answerDrift.ts). */
	shapeDrift: Set<ShapeDrift>;
	/** Times, caps, late fields and the Date header a change watcher meets (changeDrift.ts). */
	changeDrift: ChangeDrift;
	/** How the paginated list and the team header are read (listDrift.ts). */
	listDrift: ListDrift;
	/** Long waits, trickled, huge, echoing and flagless answers (answerModes.ts). */
	answerModes: AnswerModes;
	requestLog: LoggedRequest[];
	requestLogLimit: number;
	/** Pending waits (latency, stalls) and how to end each early. */
	timers: Map<NodeJS.Timeout, (elapsed: boolean) => void>;
	stalled: Set<Socket>;
	/** Optional line logger (the CLI's --verbose); never given secrets. */
	log?: (line: string) => void;
}

/** Waits `ms` on a timer that close() can cancel: true when the time passed, false when cancelled. */
export function wait(context: ServerContext, ms: number): Promise<boolean> {
	if (ms <= 0) return Promise.resolve(true);
	return new Promise((resolve) => {
		const timer = setTimeout(() => {
			context.timers.delete(timer);
			resolve(true);
		}, ms);
		context.timers.set(timer, resolve);
	});
}
