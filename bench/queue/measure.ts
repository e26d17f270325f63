import type { LoggedRequest, Simulator } from '../../simulator';

/** One bulk job: E executions of R creates at once on one team, run by a queue-mode cluster of W workers. */
export interface BulkJobResult {
	workers: number;
	plan: number;
	/** Requests per second the foreign client tried to spend (0: none). */
	foreignPerSecond: number;
	executions: number;
	rowsPerExecution: number;
	/** Which worker (1..W) ran each execution, from the workers' logs. */
	workerOfExecution: number[];
	/** From the first create the service counted to the last answer, seconds. */
	spanSeconds: number;
	nodeRequests: number;
	node429: number;
	nodeAccepted: number;
	foreignSent: number;
	foreignAccepted: number;
	foreign429: number;
	/** Everything the service accepted for the team during the span, as a share of the plan. */
	shareOfPlan: number;
	/** The workers' accepted creates as a share of what the foreign client left of the plan. */
	shareOfWhatWasLeft: number;
	node429Share: number;
	foreign429Share: number;
	/** Most requests the service accepted in one window; most that arrived (429s included) in one window. */
	busiestWindow: number;
	busiestArrivals: number;
	/** Requests of the workers that arrived in the first three windows, 429s included (at most 3 x plan is clean). */
	firstThreeWindowsArrivals: number;
	failedItems: number;
	duplicateCodes: number;
	codesCreated: number;
	/** n8n's own start-to-stop of each execution, seconds. */
	executionSeconds: number[];
	/** Per window from the first create: [workers' accepted, foreign accepted, refused (both)]. */
	windows: Array<[number, number, number]>;
}

export function measureBulkJob(
	sim: Simulator,
	job: {
		teamId: string;
		names: string[];
		workers: number;
		plan: number;
		foreignPerSecond: number;
		executions: number;
		rowsPerExecution: number;
	},
	outcome: {
		workerOfExecution: number[];
		failedItems: number;
		executionSeconds: number[];
		foreignSent: number;
	},
): BulkJobResult {
	const team = sim.requestLog.filter((entry) => entry.headers['x-request-team-id'] === job.teamId);
	const creates = team.filter((entry) => entry.method === 'POST');
	const foreign = team.filter(
		(entry) => entry.method === 'GET' && entry.operationId === 'getQrTemplatesByTeam',
	);
	const spanStart = Math.min(...creates.map((entry) => entry.startedAt));
	const spanEnd = Math.max(...creates.map((entry) => entry.endedAt ?? entry.startedAt));
	const spanSeconds = (spanEnd - spanStart) / 1000;
	const inSpan = (entry: LoggedRequest) =>
		entry.startedAt >= spanStart && entry.startedAt <= spanEnd;
	const accepted = (entry: LoggedRequest) => entry.status !== undefined && entry.status !== 429;
	const nodeAccepted = creates.filter(accepted).length;
	const foreignAcceptedInSpan = foreign.filter((entry) => inSpan(entry) && accepted(entry)).length;
	const capacity = job.plan * spanSeconds;

	const acceptedPerWindow = new Map<number, number>();
	const arrivalsPerWindow = new Map<number, number>();
	for (const entry of team.filter(inSpan)) {
		const window = Math.floor(entry.startedAt / 1000);
		arrivalsPerWindow.set(window, (arrivalsPerWindow.get(window) ?? 0) + 1);
		if (accepted(entry)) acceptedPerWindow.set(window, (acceptedPerWindow.get(window) ?? 0) + 1);
	}
	const firstWindow = Math.floor(spanStart / 1000);
	const windows: Array<[number, number, number]> = Array.from(
		{ length: Math.floor(spanEnd / 1000) - firstWindow + 1 },
		() => [0, 0, 0],
	);
	for (const entry of team.filter(inSpan)) {
		const window = windows[Math.floor(entry.startedAt / 1000) - firstWindow];
		if (!accepted(entry)) window[2]++;
		else window[entry.method === 'POST' ? 0 : 1]++;
	}
	const firstThreeWindowsArrivals = creates.filter(
		(entry) => Math.floor(entry.startedAt / 1000) - firstWindow < 3,
	).length;

	const byName = new Map<string, number>();
	for (const qr of sim.state.listQrs(job.teamId))
		byName.set(qr.name, (byName.get(qr.name) ?? 0) + 1);
	const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;
	return {
		workers: job.workers,
		plan: job.plan,
		foreignPerSecond: job.foreignPerSecond,
		executions: job.executions,
		rowsPerExecution: job.rowsPerExecution,
		workerOfExecution: outcome.workerOfExecution,
		spanSeconds: round(spanSeconds, 2),
		nodeRequests: creates.length,
		node429: creates.length - nodeAccepted,
		nodeAccepted,
		foreignSent: outcome.foreignSent,
		foreignAccepted: foreign.filter(accepted).length,
		foreign429: foreign.filter((entry) => entry.status === 429).length,
		shareOfPlan: round((nodeAccepted + foreignAcceptedInSpan) / capacity),
		shareOfWhatWasLeft: round(nodeAccepted / Math.max(1, capacity - foreignAcceptedInSpan)),
		node429Share: round((creates.length - nodeAccepted) / Math.max(1, creates.length)),
		foreign429Share: round(
			foreign.filter((entry) => entry.status === 429).length / Math.max(1, foreign.length),
		),
		busiestWindow: Math.max(0, ...acceptedPerWindow.values()),
		busiestArrivals: Math.max(0, ...arrivalsPerWindow.values()),
		firstThreeWindowsArrivals,
		failedItems: outcome.failedItems,
		duplicateCodes: job.names.reduce(
			(sum, name) => sum + Math.max(0, (byName.get(name) ?? 0) - 1),
			0,
		),
		codesCreated: job.names.filter((name) => (byName.get(name) ?? 0) > 0).length,
		executionSeconds: outcome.executionSeconds.map((seconds) => round(seconds, 1)),
		windows,
	};
}
