import type { CreateVariant, SyncPhase } from './jobs';
import type { SetNodeOutput } from './workflows';

/** What every job reports: the simulator's view (authority for counts and wall time) and n8n's. */
export interface JobMeasurement {
	/** Team plan, requests per second. */
	rate: number;
	/** Requests the simulator logged for the job's team. */
	requests: number;
	answered429: number;
	/** First request to last answer, from the simulator's log, in seconds. */
	wallSeconds: number;
	/** The execution's startedAt to stoppedAt as n8n recorded it, in seconds. */
	n8nExecutionSeconds?: number;
	/** The measured node's own execution time, in seconds. */
	nodeSeconds?: number;
	/** The measured node's time before its first request and after the last answer, in seconds (its own work). */
	nodeBeforeTrafficSeconds?: number;
	nodeAfterTrafficSeconds?: number;
	/** The whole `n8n execute` process (cold start included), in seconds. */
	processSeconds: number;
	/** Peak RSS (VmHWM) of the `n8n execute` process, in MB. */
	peakRssMb?: number;
	/** Items the measured node put out with an `error` (Continue On Fail), plus items it never put out. */
	failedItems: number;
	/** Requests per operationId and per status, as logged. */
	byOperation: Record<string, number>;
	byStatus: Record<string, number>;
	/** Most accepted requests in one fixed 1-second window of the simulator. */
	peakAcceptedPerWindow: number;
	/** Accepted requests per 1-second window, first to last. */
	acceptedPerWindow: number[];
	/** Set when n8n reported the whole execution as failed (secrets removed). */
	executionError?: string;
}

export interface CreateResult extends JobMeasurement {
	kind: 'create';
	variant: CreateVariant;
	items: number;
	/** Items / rate: the least time the plan allows, in seconds. */
	floorSeconds: number;
	/** Codes that exist in the team afterwards (the simulator's state). */
	codesCreated: number;
	/** Codes created per second of wall time. */
	achievedRate: number;
}

export interface ListResult extends JobMeasurement {
	kind: 'listAll';
	codes: number;
	itemsReturned: number;
}

export interface SyncResult extends JobMeasurement {
	kind: 'sync';
	phase: SyncPhase;
	rows: number;
	/** Accepted creates and updates (the simulator's log). */
	writes: number;
	/** The node's per-row outcome counts (`operation` of each output item: created, updated, unchanged...). */
	outcomes: Record<string, number>;
	/** How the sync mode was switched on. */
	mode: string;
}

/** n8n's Set node reading the sync job's rows and expressions: the baseline of issue 12. */
export interface ReadBaselineResult extends JobMeasurement {
	kind: 'readBaseline';
	phase: SyncPhase;
	output: SetNodeOutput;
	rows: number;
}

export type JobResult = CreateResult | ListResult | SyncResult | ReadBaselineResult;

/** Everything one `npm run bench` found, as written to bench/results/<date>.json. */
export interface BenchReport {
	startedAt: string;
	finishedAt: string;
	quick: boolean;
	n8nVersion: string;
	nodeVersion: string;
	latencyMs: number;
	requestedItems: number;
	/** CPUs and 1-minute load average at start and end: n8n's own CPU time is in every figure, so a busy machine slows it. */
	machine: { cpus: number; loadAtStart: number; loadAtEnd: number };
	results: JobResult[];
	/** Why the sync (issue 8) jobs did not run, when they did not. */
	syncSkipped?: string;
	/** Jobs that could not be measured at all (n8n crashed, timed out...). */
	failures: Array<{ job: string; message: string }>;
}
