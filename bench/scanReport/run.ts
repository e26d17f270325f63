import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import type { JsonObject, RealN8n } from '../../scripts/n8n/realN8n';
import type { Simulator } from '../../simulator';
import {
	cpuSecondsOfExecution,
	peakMemoryEnv,
	peakRssOfExecution,
	readProcessMemory,
} from '../peakMemory';
import { requestStats } from '../requestStats';
import {
	compareFigures,
	figuresOfReport,
	figuresOfSummarize,
	type Comparison,
	type FiguresByCode,
} from './figures';
import { JOB_NODE, SUMMARIZE_NODE } from './workflows';

const DIGEST_PROBE = path.join(__dirname, '..', 'probes', 'runDigest.cjs');

/** One measured `n8n execute` of a report workflow. */
export interface ReportJob {
	variant: 'report' | 'summarize' | 'idle';
	events: number;
	codes: number;
	teamId: string;
	workflowId: string;
	/** The simulator's own figures per code; undefined for the idle run. */
	truth?: FiguresByCode;
}

/** The digest the probe writes when n8n prints the finished run (bench/probes/runDigest.cjs). */
interface RunDigest {
	peakBeforeOutputKb: number | null;
	status?: string;
	startedAt?: string;
	stoppedAt?: string;
	error?: { message?: string; description?: string };
	nodes: Record<
		string,
		Array<{
			startTime?: number;
			executionTime?: number;
			executionStatus?: string;
			error?: { message?: string; description?: string };
			itemCounts: number[];
			items?: JsonObject[][];
		}>
	>;
}

export interface ReportJobResult {
	variant: ReportJob['variant'];
	events: number;
	codes: number;
	/** Whether n8n finished the run and printed it. */
	finished: boolean;
	status?: string;
	/** n8n's execution start to stop. */
	executionSeconds?: number;
	/** Per node: its execution time and the items it put out. */
	nodes: Record<string, { seconds: number; items: number }>;
	/** The whole `n8n execute` process, cold start included. */
	processSeconds: number;
	requests: number;
	byOperation: Record<string, number>;
	answered429: number;
	/** The simulator's first request to its last answer. */
	wallSeconds: number;
	/** Of that, the time the simulator spent answering (its added latency included), summed over the requests. */
	serviceSeconds: number;
	/** Peak RSS of the n8n process when the run had finished, before n8n printed it. */
	peakBeforeOutputMb?: number;
	/** Peak RSS at exit (the probe of bench/peakMemory.ts), or the last sample when the process was killed. */
	peakRssMb?: number;
	/** CPU time of the n8n process (user + system, start-up included), from the same probe. */
	cpuSeconds?: number;
	/** The per-code figures against the simulator's own. */
	comparison?: Comparison;
	/** Why the run did not finish, and what n8n said last. */
	failure?: string;
}

export interface RunContext {
	n8n: RealN8n;
	simulator: Simulator;
	scratch: string;
	timeoutMs: number;
	heapMb?: number;
	cpuProfileDir?: string;
	redact: (text: string) => string;
}

/** Runs one job in a fresh `n8n execute` and measures it; a run that fails or is killed is a result too. */
export async function runReportJob(context: RunContext, job: ReportJob): Promise<ReportJobResult> {
	const { n8n, simulator, scratch } = context;
	const memoryLog = path.join(scratch, 'memory.jsonl');
	const digestFile = path.join(scratch, `digest-${job.workflowId}.json`);
	rmSync(digestFile, { force: true });
	rmSync(`${digestFile}.hwm`, { force: true });
	const memoryEnv = peakMemoryEnv(memoryLog);
	const env = {
		...memoryEnv,
		NODE_OPTIONS: [
			memoryEnv.NODE_OPTIONS,
			`--require "${DIGEST_PROBE}"`,
			...(context.heapMb ? [`--max-old-space-size=${context.heapMb}`] : []),
			...(context.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir="${context.cpuProfileDir}"`] : []),
		].join(' '),
		QRTRAC_BENCH_RUN_DIGEST: digestFile,
		QRTRAC_BENCH_KEEP_NODES: job.variant === 'summarize' ? SUMMARIZE_NODE : JOB_NODE,
	};
	// the previous job's rate windows close; the log holds this job's requests only
	await new Promise((resolve) => setTimeout(resolve, 1_100));
	simulator.clearRequestLog();
	const started = Date.now();
	let failure: string | undefined;
	try {
		await n8n.executeWorkflow(job.workflowId, { env, timeoutMs: context.timeoutMs, quiet: true });
	} catch (error) {
		failure = context.redact(error instanceof Error ? error.message : String(error)).slice(-3_000);
	}
	const processSeconds = (Date.now() - started) / 1000;
	const stats = requestStats(simulator.requestLog, job.teamId);
	const digest = existsSync(digestFile)
		? (JSON.parse(readFileSync(digestFile, 'utf8')) as RunDigest)
		: undefined;
	const sampledKb = existsSync(`${digestFile}.hwm`)
		? Number(readFileSync(`${digestFile}.hwm`, 'utf8'))
		: undefined;
	const processRecords = readProcessMemory(memoryLog);
	const atExit = peakRssOfExecution(processRecords, job.workflowId);
	const nodes: ReportJobResult['nodes'] = {};
	for (const [name, tasks] of Object.entries(digest?.nodes ?? {})) {
		nodes[name] = {
			seconds: tasks.reduce((sum, task) => sum + (task.executionTime ?? 0), 0) / 1000,
			items: tasks.reduce((sum, task) => sum + (task.itemCounts[0] ?? 0), 0),
		};
	}
	const nodeError = Object.values(digest?.nodes ?? {})
		.flat()
		.find((task) => task.error)?.error;
	const runError = digest?.error ?? nodeError;
	return {
		variant: job.variant,
		events: job.events,
		codes: job.codes,
		finished: digest !== undefined && !runError,
		status: digest?.status,
		executionSeconds:
			digest?.startedAt && digest.stoppedAt
				? (Date.parse(digest.stoppedAt) - Date.parse(digest.startedAt)) / 1000
				: undefined,
		nodes,
		processSeconds,
		requests: stats.requests,
		byOperation: stats.byOperation,
		answered429: stats.answered429,
		wallSeconds: stats.wallMs / 1000,
		serviceSeconds: serviceMs(simulator, job.teamId) / 1000,
		peakBeforeOutputMb:
			digest?.peakBeforeOutputKb != null ? digest.peakBeforeOutputKb / 1024 : undefined,
		peakRssMb: atExit ?? (sampledKb ? sampledKb / 1024 : undefined),
		cpuSeconds: cpuSecondsOfExecution(processRecords, job.workflowId),
		comparison: job.truth && digest ? compare(job, digest) : undefined,
		failure:
			failure ??
			(runError
				? context.redact(`${runError.message ?? ''} ${runError.description ?? ''}`.trim())
				: undefined),
	};
}

/** Time the simulator spent on the team's requests, from arrival to the answer's end. */
function serviceMs(simulator: Simulator, teamId: string): number {
	return simulator.requestLog
		.filter((entry) => entry.teamId === teamId && entry.endedAt !== undefined)
		.reduce((sum, entry) => sum + ((entry.endedAt as number) - entry.startedAt), 0);
}

function compare(job: ReportJob, digest: RunDigest): Comparison | undefined {
	const node = job.variant === 'summarize' ? SUMMARIZE_NODE : JOB_NODE;
	const items = digest.nodes[node]?.flatMap((task) => task.items?.[0] ?? []);
	if (!items || !job.truth) return undefined;
	const figures = job.variant === 'summarize' ? figuresOfSummarize(items) : figuresOfReport(items);
	return compareFigures(job.truth, figures);
}
