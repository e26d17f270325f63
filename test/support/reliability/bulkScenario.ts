import { randomBytes } from 'node:crypto';

import type { INodeExecutionData } from 'n8n-workflow';

import { runNode, type RunNodeResult } from '../n8nHarness';
import { captureOutput } from '../secretScan';
import { rulesFor, type FaultCase } from './faultCatalogue';
import { createReliabilityTeam, type ReliabilitySimulator } from './reliabilityTeam';
import type { BulkOperation } from './rowOperations';

/**
 * One fault x operation x Continue On Fail run of N rows, counted precisely by comparing the input rows with
 * the output items and the simulator's state:
 * - succeeded: an output item for the row AND its write in the state;
 * - failed clearly: an error naming the row (error item with Continue On Fail; the node's error without);
 *   `unclearErrors` counts those whose message is empty, a JavaScript internal, or invites a blind retry;
 *   `writtenDespiteError` counts those whose write happened anyway (the error said the outcome is unknown);
 * - not started (Continue On Fail off): rows after the failed one that the error says were not started and
 *   that left no trace;
 * - lost: a row whose outcome the user cannot know: no output and no error item (CoF on), an output item
 *   whose write is missing, a row the error reports as completed without its write, or a row after the failed
 *   one whose write happened although the error does not name it (the error names later rows in its context:
 *   `itemsCompletedAfterFailure`, `itemsFailedAfterFailure`);
 * - duplicates: records beyond one per row marker / Display ID / e-mail.
 */
export interface BulkScenarioResult {
	operation: string;
	fault: string;
	continueOnFail: boolean;
	rows: number;
	succeeded: number;
	failedClearly: number;
	writtenDespiteError: number;
	notStarted: number;
	lost: number;
	duplicates: number;
	/** Rows with an error whose text is not clear (empty, or a JavaScript internal error). */
	unclearErrors: number;
	/** Distinct error messages (at most 5), for the report. */
	errorMessages: string[];
	/** The row the node's error named, with Continue On Fail off. */
	failedRow?: number;
	faultsFired: number;
	requests: number;
	durationMs: number;
	/** Everything produced during the run, for the secret scan. */
	evidence: unknown;
	secrets: string[];
}

/** Messages of JavaScript internals leaking out instead of a sentence for the user. */
const INTERNAL_ERROR =
	/Cannot read propert|is not a function|is not defined|\[object Object\]|Unexpected token|Unexpected end of JSON|^undefined$/;
/**
 * n8n's generic sentences for network error codes: they replace the node's own message and invite a retry,
 * which contradicts an "outcome unknown, not sent again" description and would create the code twice.
 */
const INVITES_BLIND_RETRY = /retry the request immediately|consider setting the 'Retry on Fail'/i;

export function isClearError(message: unknown): boolean {
	return (
		typeof message === 'string' &&
		message.trim().length > 0 &&
		!INTERNAL_ERROR.test(message) &&
		!INVITES_BLIND_RETRY.test(message)
	);
}

export interface BulkScenarioOptions {
	env: ReliabilitySimulator;
	operation: BulkOperation;
	fault: FaultCase;
	continueOnFail: boolean;
	rows: number;
	ratePerSecond: number;
}

export async function runBulkScenario(options: BulkScenarioOptions): Promise<BulkScenarioResult> {
	const { env, operation, fault, continueOnFail } = options;
	const { sim } = env;
	const runTag = randomBytes(3).toString('hex');
	const team = createReliabilityTeam(env, `Reliability ${operation.name} ${fault.name} ${runTag}`, {
		ratePerSecond: options.ratePerSecond,
		timeoutSeconds: fault.timeoutSeconds,
	});
	const rows = operation.prepareRows(sim, team.teamId, runTag, options.rows);
	sim.faults.clear();
	sim.clearRequestLog();
	const logStart = env.logLines.length;
	for (const rule of rulesFor(fault, options.rows)) sim.faults.add(rule);

	const output = captureOutput();
	const started = Date.now();
	let result: RunNodeResult;
	try {
		result = await runNode({
			nodeType: 'qrtrac',
			credentials: team.credentials,
			parameters: operation.parameters(team.teamId),
			items: rows,
			continueOnFail,
		});
	} finally {
		output.stop();
	}
	const durationMs = Date.now() - started;
	const faultsFired = sim.faults.list().reduce((sum, active) => sum + active.fired, 0);
	sim.faults.clear();
	// Stalled requests still write after their stall: wait for them before reading the state.
	await settleStalledRequests(env, fault);

	const reading = operation.read(sim, team.teamId, rows);
	const counts = continueOnFail
		? countWithContinueOnFail(result.items, rows.length, reading.written)
		: countWithoutContinueOnFail(result, rows.length, reading.written);
	return {
		operation: operation.label,
		fault: fault.name,
		continueOnFail,
		rows: rows.length,
		...counts,
		duplicates: reading.duplicates,
		faultsFired,
		requests: sim.requestLog.length,
		durationMs,
		evidence: {
			items: result.items,
			error: result.error,
			run: result.runData,
			simulatorLog: env.logLines.slice(logStart),
			requestLog: sim.requestLog,
			output: output.lines,
		},
		secrets: team.secrets,
	};
}

type Counts = Pick<
	BulkScenarioResult,
	| 'succeeded'
	| 'failedClearly'
	| 'writtenDespiteError'
	| 'notStarted'
	| 'lost'
	| 'unclearErrors'
	| 'errorMessages'
	| 'failedRow'
>;

function emptyCounts(): Counts {
	return {
		succeeded: 0,
		failedClearly: 0,
		writtenDespiteError: 0,
		notStarted: 0,
		lost: 0,
		unclearErrors: 0,
		errorMessages: [],
	};
}

function noteMessage(counts: Counts, message: unknown): void {
	const text = String(message);
	if (counts.errorMessages.length < 5 && !counts.errorMessages.includes(text))
		counts.errorMessages.push(text);
}

function countWithContinueOnFail(
	items: INodeExecutionData[],
	rowCount: number,
	written: (row: number) => boolean,
): Counts {
	const counts = emptyCounts();
	const byRow = new Map<number, INodeExecutionData[]>();
	for (const item of items) {
		const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
		const row = typeof paired === 'number' ? paired : paired?.item;
		if (row === undefined) continue;
		byRow.set(row, [...(byRow.get(row) ?? []), item]);
	}
	for (let row = 0; row < rowCount; row++) {
		const rowItems = byRow.get(row) ?? [];
		const errorItem = rowItems.find((item) => item.json.error !== undefined);
		if (errorItem) {
			counts.failedClearly += 1;
			if (!isClearError(errorItem.json.error) || errorItem.json.itemIndex !== row)
				counts.unclearErrors += 1;
			if (written(row)) counts.writtenDespiteError += 1;
			noteMessage(counts, errorItem.json.error);
		} else if (rowItems.length > 0 && written(row)) {
			counts.succeeded += 1;
		} else {
			counts.lost += 1;
		}
	}
	return counts;
}

/** Rows the node's error names in its context (executor.ts `withProgress`), e.g. `itemsCompletedAfterFailure`. */
function namedRows(context: unknown, key: string): Set<number> {
	const value = (context as Record<string, unknown> | undefined)?.[key];
	return new Set(
		Array.isArray(value) ? value.filter((entry): entry is number => typeof entry === 'number') : [],
	);
}

function countWithoutContinueOnFail(
	result: RunNodeResult,
	rowCount: number,
	written: (row: number) => boolean,
): Counts {
	const counts = emptyCounts();
	if (!result.error) {
		// No failure: every row must have its output item and its write.
		return countWithContinueOnFail(result.items, rowCount, written);
	}
	const failedRow = result.error.itemIndex;
	counts.failedRow = failedRow;
	noteMessage(counts, result.error.message);
	if (failedRow === undefined) {
		// An error that names no row: nothing about any row is known.
		counts.unclearErrors = 1;
		counts.lost = rowCount;
		return counts;
	}
	if (!isClearError(result.error.message)) counts.unclearErrors = 1;
	const completedAfter = namedRows(result.error.context, 'itemsCompletedAfterFailure');
	const failedAfter = namedRows(result.error.context, 'itemsFailedAfterFailure');
	for (let row = 0; row < rowCount; row++) {
		if (row < failedRow || completedAfter.has(row)) {
			// The error says these completed.
			if (written(row)) counts.succeeded += 1;
			else counts.lost += 1;
		} else if (row === failedRow || failedAfter.has(row)) {
			counts.failedClearly += 1;
			if (written(row)) counts.writtenDespiteError += 1;
		} else if (written(row)) {
			// Written, but the error does not name it: the user believes it was not started.
			counts.lost += 1;
		} else {
			counts.notStarted += 1;
		}
	}
	return counts;
}

/**
 * After a stall fault, held requests still run their operation when the stall ends (after the client gave
 * up): wait until the last one has had its time, so the state read afterwards includes their writes.
 */
async function settleStalledRequests(env: ReliabilitySimulator, fault: FaultCase): Promise<void> {
	const stall = fault.rules.find((rule) => rule.kind === 'stall');
	if (!stall) return;
	const lastStart = Math.max(
		0,
		...env.sim.requestLog
			.filter((entry) => entry.fault === 'stall')
			.map((entry) => entry.startedAt),
	);
	const waitMs = lastStart + (stall.delayMs ?? 0) + 250 - Date.now();
	if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}
