import type { JsonObject, RealN8n, WorkflowRun } from '../scripts/n8n/realN8n';
import type { Simulator } from '../simulator';
import type { Job } from './jobs';
import { peakMemoryEnv, peakRssOfExecution, readProcessMemory } from './peakMemory';
import { acceptedWrites, requestStats } from './requestStats';
import type { JobMeasurement, JobResult } from './results';
import { MEASURED_NODE } from './workflows';

export interface JobContext {
	n8n: RealN8n;
	simulator: Simulator;
	memoryLog: string;
	/** Removes every secret of the run from a text before it is kept or printed. */
	redact: (text: string) => string;
}

/** Lets the previous job's rate windows close, so every job starts in a clean one-second window. */
const WINDOW_PAUSE_MS = 1_100;
/** n8n's cold start and shutdown around the job itself. */
const PROCESS_OVERHEAD_MS = 180_000;

/**
 * Runs one job with `n8n execute` and measures it: counts and wall time from the simulator's log of the job's
 * team, execution and node time from n8n's run data, peak RSS from the probe, failed items from the node's
 * output. The log is cleared before the job, so it holds this job's requests only.
 */
export async function runJob(
	context: JobContext,
	job: Job,
	workflowId: string,
): Promise<JobResult> {
	const { n8n, simulator } = context;
	await new Promise((resolve) => setTimeout(resolve, WINDOW_PAUSE_MS));
	simulator.clearRequestLog();
	const run = await n8n.executeWorkflow(workflowId, {
		env: peakMemoryEnv(context.memoryLog),
		timeoutMs: PROCESS_OVERHEAD_MS + expectedMs(job) * 4,
		quiet: true,
	});
	const stats = requestStats(simulator.requestLog, job.team.teamId);
	const node = run.nodes[MEASURED_NODE]?.[0];
	const items = outputItems(run);
	const expectedItems =
		job.kind === 'create'
			? job.items
			: job.kind === 'sync' || job.kind === 'readBaseline'
				? job.rows
				: 1;
	const errorItems = items.filter((item) => item.error !== undefined).length;
	const measurement: JobMeasurement = {
		rate: job.rate,
		requests: stats.requests,
		answered429: stats.answered429,
		wallSeconds: stats.wallMs / 1000,
		n8nExecutionSeconds: executionSeconds(run),
		nodeSeconds: node ? node.durationMs / 1000 : undefined,
		nodeBeforeTrafficSeconds:
			node && stats.firstRequestAt !== undefined
				? (stats.firstRequestAt - node.startedAt) / 1000
				: undefined,
		nodeAfterTrafficSeconds:
			node && stats.lastAnswerAt !== undefined
				? (node.startedAt + node.durationMs - stats.lastAnswerAt) / 1000
				: undefined,
		processSeconds: run.processMs / 1000,
		peakRssMb: peakRssOfExecution(readProcessMemory(context.memoryLog), workflowId),
		failedItems:
			job.kind === 'listAll' ? errorItems : errorItems + Math.max(0, expectedItems - items.length),
		byOperation: stats.byOperation,
		byStatus: stats.byStatus,
		peakAcceptedPerWindow: stats.peakAcceptedPerWindow,
		acceptedPerWindow: stats.acceptedPerWindow,
		executionError: run.error
			? context.redact(
					`${run.error.message}${run.error.description ? `: ${run.error.description}` : ''}`,
				)
			: undefined,
	};
	switch (job.kind) {
		case 'create': {
			const codesCreated = simulator.state.listQrs(job.team.teamId).length;
			return {
				...measurement,
				kind: 'create',
				variant: job.variant,
				items: job.items,
				floorSeconds: job.items / job.rate,
				codesCreated,
				achievedRate: measurement.wallSeconds > 0 ? codesCreated / measurement.wallSeconds : 0,
			};
		}
		case 'listAll':
			return {
				...measurement,
				kind: 'listAll',
				codes: job.codes,
				itemsReturned: items.filter((item) => item.error === undefined).length,
			};
		case 'readBaseline':
			return {
				...measurement,
				kind: 'readBaseline',
				phase: job.phase,
				output: job.output,
				rows: job.rows,
			};
		case 'sync':
			return {
				...measurement,
				kind: 'sync',
				phase: job.phase,
				rows: job.rows,
				writes: acceptedWrites(stats),
				outcomes: countBy(items, (item) =>
					item.error !== undefined ? 'failed' : String(item.operation ?? 'unknown'),
				),
				mode: job.mode.label,
			};
	}
}

/** The least time the job can take at its plan's rate. */
function expectedMs(job: Job): number {
	const requests =
		job.kind === 'create'
			? job.items
			: job.kind === 'listAll'
				? job.codes / 100
				: job.kind === 'readBaseline'
					? 0
					: job.rows * 1.2;
	return (requests / job.rate) * 1000;
}

function outputItems(run: WorkflowRun): JsonObject[] {
	const task = run.nodes[MEASURED_NODE]?.[0];
	return task ? (task.outputs[0] ?? []) : [];
}

function executionSeconds(run: WorkflowRun): number | undefined {
	if (!run.startedAt || !run.stoppedAt) return undefined;
	return (Date.parse(run.stoppedAt) - Date.parse(run.startedAt)) / 1000;
}

function countBy<T>(values: T[], key: (value: T) => string): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const value of values) counts[key(value)] = (counts[key(value)] ?? 0) + 1;
	return counts;
}
