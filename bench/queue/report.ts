import type { BulkJobResult } from './measure';
import type { QueueBenchOptions } from './options';
import type { TriggerPhaseResult } from './triggerPhase';

export interface QueueBenchReport {
	startedAt: string;
	finishedAt: string;
	node: string;
	/** The PostgreSQL version the clusters ran on. */
	postgres: string;
	cpus: number;
	loadAverage: { start: number; end: number };
	options: QueueBenchOptions;
	bulk: BulkJobResult[];
	trigger?: TriggerPhaseResult;
	notes: string[];
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** Targets of issue 15 for the bulk jobs. */
function bulkTarget(job: BulkJobResult): string {
	const share = job.foreignPerSecond > 0 ? job.shareOfWhatWasLeft : job.shareOfPlan;
	const met =
		share >= 0.95 && job.node429Share < 0.01 && job.failedItems === 0 && job.duplicateCodes === 0;
	return met ? 'met' : 'NOT met';
}

export function renderQueueReport(report: QueueBenchReport): string {
	const { options } = report;
	const lines = [
		`# Queue-mode benchmark, ${report.startedAt.slice(0, 10)}${options.quick ? ' (quick run, small sizes)' : ''}`,
		'',
		`n8n 2.41.1 in queue mode (\`EXECUTIONS_MODE=queue\`): PostgreSQL ${report.postgres} and Redis (Debian's 7.0) on 127.0.0.1, one main instance and W workers (\`n8n worker --concurrency=ceil(${options.executions}/W)\`), each with the package installed from its \`npm pack\` tarball as a community package, Node ${report.node}. The simulator answers after ${options.latencyMs} ms. Each job: ${options.executions} webhook-started executions of ${options.rows} creates (QR Code > Create, no Display ID, Continue On Fail on) posted at once, all on one team. Started ${report.startedAt}, finished ${report.finishedAt}; ${report.cpus} CPUs, load average ${report.loadAverage.start} at start and ${report.loadAverage.end} at end (the machine is shared: n8n's own CPU time is part of every figure).`,
		'',
		'## Bulk creates: workers sharing one team budget',
		'',
		"| Workers | Plan (rps) | Foreign client (rps) | Executions on workers | Span (s) | Share of plan (all accepted) | Workers: share of what was left | Workers' answers 429 | Foreign answers 429 | Busiest window (accepted / arrived) | First 3 windows: arrivals | Failed items | Duplicate codes | Codes created | Target |",
		'| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
	];
	for (const job of report.bulk) {
		lines.push(
			`| ${job.workers} | ${job.plan} | ${job.foreignPerSecond ? job.foreignPerSecond.toFixed(1) : '-'} | ${job.workerOfExecution.join(', ')} | ${job.spanSeconds.toFixed(1)} | ${percent(job.shareOfPlan)} | ${job.foreignPerSecond ? percent(job.shareOfWhatWasLeft) : '-'} | ${job.node429} of ${job.nodeRequests} (${percent(job.node429Share)}) | ${job.foreignPerSecond ? `${job.foreign429} of ${job.foreign429 + job.foreignAccepted} (${percent(job.foreign429Share)})` : '-'} | ${job.busiestWindow} / ${job.busiestArrivals} | ${job.firstThreeWindowsArrivals} (limit ${3 * job.plan}) | ${job.failedItems} | ${job.duplicateCodes} | ${job.codesCreated} of ${job.executions * job.rowsPerExecution} | ${bulkTarget(job)} |`,
		);
	}
	lines.push(
		'',
		"Share of plan = everything the service accepted for the team (the workers' creates and the foreign client's reads) from the first create to the last answer, divided by plan x that time. Workers: share of what was left = the workers' accepted creates divided by (plan x time - the foreign client's accepted requests): the figure that must reach 95 % when a foreign client spends a third. Target (issue 15): that share >= 95 %, < 1 % of the workers' answers 429, 0 failed items, 0 duplicate codes. Counts come from the simulator's request log; \"Executions on workers\" from the workers' own logs.",
	);
	if (report.trigger) {
		const trigger = report.trigger;
		lines.push(
			'',
			'## The trigger in queue mode',
			'',
			`${trigger.changes} changes to one team (${trigger.creates} creates, ${trigger.updates} updates, ${trigger.deletes} deletes; each code written once) spread over ${trigger.minutes} minutes, polled every minute by the QRTRAC Trigger on the main instance, while ${trigger.loadExecutions} long bulk executions of another team ran on the workers (workers ${trigger.loadWorkers.join(', ')}; ${trigger.loadFailedItems} failed items). Halfway through, the main instance was stopped (SIGTERM) and started again: down ${trigger.mainDownSeconds} s while the writes went on.`,
			'',
			'| Changes | Emitted | Missed | Repeated | Wrong or unexpected | Trigger executions (on workers) | Reads of changes per main lifetime | Shortest gap between scheduled polls (s) |',
			'| --- | --- | --- | --- | --- | --- | --- | --- |',
			`| ${trigger.changes} | ${trigger.emitted} | ${trigger.missed} | ${trigger.repeated} | ${trigger.unexpected} | ${trigger.triggerExecutions} (${trigger.triggerExecutionWorkers.join(', ')}) | ${trigger.readsPerLifetime.join(' + ')} | ${trigger.shortestTickGapSeconds ?? '-'} |`,
			'',
			"Reads of changes: the poll's one request, counted in the simulator's log; in each lifetime of the main instance one when it activates the workflow, then one per minute. Workers polling too would add reads (and repeat changes).",
		);
	}
	if (report.notes.length > 0)
		lines.push('', '## Notes', '', ...report.notes.map((note) => `- ${note}`));
	return `${lines.join('\n')}\n`;
}
