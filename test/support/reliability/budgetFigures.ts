import type { LoggedRequest } from '../../../simulator';

/**
 * What the simulator saw of runs sharing one team's budget: 429 answers, the rate it accepted, and the
 * busiest one-second window (the service counts fixed wall-clock windows; 429s do not count).
 */
export interface BudgetFigures {
	planPerSecond: number;
	requests: number;
	refused429: number;
	/** Accepted requests per second over the span from the first to the last request. */
	achievedPerSecond: number;
	/** achievedPerSecond / planPerSecond. */
	shareOfPlan: number;
	/** Most accepted requests in one fixed window. */
	busiestWindow: number;
	spanMs: number;
}

export function budgetFigures(
	requests: LoggedRequest[],
	teamId: string,
	planPerSecond: number,
): BudgetFigures {
	const ours = requests.filter((request) => request.headers['x-request-team-id'] === teamId);
	const accepted = ours.filter((request) => request.status !== 429);
	const starts = ours.map((request) => request.startedAt);
	const spanMs = starts.length > 1 ? Math.max(...starts) - Math.min(...starts) : 0;
	const windows = new Map<number, number>();
	for (const request of accepted) {
		const window = Math.floor(request.startedAt / 1000);
		windows.set(window, (windows.get(window) ?? 0) + 1);
	}
	const achievedPerSecond = spanMs > 0 ? (accepted.length / spanMs) * 1000 : 0;
	return {
		planPerSecond,
		requests: ours.length,
		refused429: ours.length - accepted.length,
		achievedPerSecond: Math.round(achievedPerSecond * 10) / 10,
		shareOfPlan: Math.round((achievedPerSecond / planPerSecond) * 1000) / 1000,
		busiestWindow: Math.max(0, ...windows.values()),
		spanMs,
	};
}
