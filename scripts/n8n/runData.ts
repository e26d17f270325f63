/** JSON object as n8n items carry it. */
export type JsonObject = Record<string, unknown>;

/** An error as n8n records it on a node run or on the whole execution. */
export interface RunError {
	message: string;
	description?: string;
	httpCode?: string;
	name?: string;
	/** The node that failed, for execution-level errors. */
	node?: string;
}

/** One run of one node. */
export interface NodeRun {
	node: string;
	run: number;
	/** n8n's executionStatus of the run (success, error, ...). */
	status?: string;
	startedAt: number;
	durationMs: number;
	/** The `json` of every item, one array per main output. */
	outputs: JsonObject[][];
	error?: RunError;
}

/** What `n8n execute --rawOutput` tells about one execution, reduced to what tests and summaries read. */
export interface WorkflowRun {
	status: string;
	finished: boolean;
	startedAt?: string;
	stoppedAt?: string;
	lastNodeExecuted?: string;
	error?: RunError;
	nodes: Record<string, NodeRun[]>;
	/** The full run data as n8n printed it. */
	raw: JsonObject;
}

interface RawTaskData {
	startTime?: number;
	executionTime?: number;
	executionStatus?: string;
	data?: { main?: Array<Array<{ json?: JsonObject }> | null> };
	error?: JsonObject;
}

/**
 * Finds the run data in the output of `n8n execute --rawOutput`. n8n prints it as pretty JSON among its log
 * lines (on failure through the logger, so possibly behind a prefix): the block starts at a line ending in `{`
 * and ends at the first later line that is a bare `}`. The first block that parses and holds
 * `data.resultData` is the run.
 */
export function findRunJson(output: string): JsonObject | undefined {
	const lines = output.split('\n');
	for (let start = 0; start < lines.length; start++) {
		const line = lines[start].trimEnd();
		if (!line.endsWith('{')) continue;
		const end = lines.findIndex((candidate, index) => index > start && candidate.trimEnd() === '}');
		if (end < 0) return undefined;
		const text = ['{', ...lines.slice(start + 1, end + 1)].join('\n');
		try {
			const parsed = JSON.parse(text) as JsonObject;
			if (isRun(parsed)) return parsed;
		} catch {
			continue;
		}
	}
	return undefined;
}

function isRun(value: JsonObject): boolean {
	const data = value.data as JsonObject | undefined;
	return typeof data === 'object' && data !== null && typeof data.resultData === 'object';
}

/** Reduces n8n's run data to per-node output items, errors and timings. */
export function summariseRun(raw: JsonObject): WorkflowRun {
	const resultData = (raw.data as JsonObject).resultData as JsonObject;
	const runData = (resultData.runData ?? {}) as Record<string, RawTaskData[]>;
	const nodes: Record<string, NodeRun[]> = {};
	for (const [node, runs] of Object.entries(runData)) {
		nodes[node] = runs.map((task, run) => ({
			node,
			run,
			status: task.executionStatus,
			startedAt: task.startTime ?? 0,
			durationMs: task.executionTime ?? 0,
			outputs: (task.data?.main ?? []).map((items) => (items ?? []).map((item) => item.json ?? {})),
			error: task.error ? toRunError(task.error) : undefined,
		}));
	}
	const error = resultData.error ? toRunError(resultData.error as JsonObject) : undefined;
	return {
		status: String(raw.status ?? (error ? 'error' : 'success')),
		finished: raw.finished === true,
		startedAt: raw.startedAt as string | undefined,
		stoppedAt: raw.stoppedAt as string | undefined,
		lastNodeExecuted: resultData.lastNodeExecuted as string | undefined,
		error,
		nodes,
		raw,
	};
}

function toRunError(error: JsonObject): RunError {
	const node = error.node as JsonObject | undefined;
	return {
		message: String(error.message ?? 'Unknown error'),
		description: typeof error.description === 'string' ? error.description : undefined,
		httpCode:
			error.httpCode === undefined || error.httpCode === null ? undefined : String(error.httpCode),
		name: typeof error.name === 'string' ? error.name : undefined,
		node: typeof node?.name === 'string' ? node.name : undefined,
	};
}

/** The items one node produced: `json` of each item of one output of one run (first run, first output by default). */
export function nodeItems(
	run: WorkflowRun,
	node: string,
	options: { run?: number; output?: number } = {},
): JsonObject[] {
	const runs = run.nodes[node];
	if (!runs)
		throw new Error(
			`Node "${node}" did not run; nodes that ran: ${Object.keys(run.nodes).join(', ') || 'none'}`,
		);
	const taskRun = runs[options.run ?? 0];
	if (!taskRun) throw new Error(`Node "${node}" has no run ${options.run ?? 0}`);
	return taskRun.outputs[options.output ?? 0] ?? [];
}
