import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import type { ImportedCredential } from '../scripts/n8n/realN8n';
import { RealN8n } from '../scripts/n8n/realN8n';
import { startSimulator } from '../simulator';
import { runBatchedBench } from './batched';
import { importWorkflows } from './importWorkflows';
import type { Job } from './jobs';
import { SYNC_PHASE_LABELS, VARIANT_LABELS, planJobs } from './jobs';
import type { BenchOptions } from './options';
import { isDefaultRun, parseBenchOptions } from './options';
import { renderMarkdown } from './report';
import type { BenchReport, JobResult } from './results';
import { runJob } from './runJob';
import { runScanReportBench } from './scanReport/main';
import { findSyncModeSwitch } from './syncMode';

const RESULTS_DIR = path.join(__dirname, 'results');
/** Every request of the largest job (10,000 sync creates plus lists and retries) must stay in the log. */
const REQUEST_LOG_LIMIT = 1_000_000;

const benchStart = Date.now();
const log = (line: string) =>
	process.stderr.write(
		`[bench ${((Date.now() - benchStart) / 1000).toFixed(0).padStart(4)} s] ${line}\n`,
	);

/**
 * `npm run bench`: starts the simulator (127.0.0.1, added latency) and one real n8n with the packed package,
 * runs every job in turn, prints the markdown table and writes it with the raw figures to bench/results/.
 * The simulator and every n8n process are stopped at the end, also on failure or Ctrl-C.
 */
export async function runBench(argv: string[]): Promise<number> {
	if (argv.includes('--batched')) return await runBatchedBench(argv);
	if (argv.includes('--report')) return await runScanReportBench(argv);
	const options = parseBenchOptions(argv);
	const startedAt = new Date();
	const loadAtStart = loadavg()[0];
	const scratch = mkdtempSync(path.join(tmpdir(), 'qrtrac-bench-'));
	const memoryLog = path.join(scratch, 'memory.jsonl');
	const simulator = await startSimulator({
		port: 0,
		seed: false,
		latencyMs: options.latencyMs,
		requestLogLimit: REQUEST_LOG_LIMIT,
	});
	let n8n: RealN8n | undefined;
	const stopAll = async () => {
		await n8n?.stop();
		await simulator.close();
		rmSync(scratch, { recursive: true, force: true });
	};
	const onSignal = (signal: NodeJS.Signals) => {
		log(`${signal}: stopping n8n and the simulator`);
		void stopAll().finally(() => process.exit(130));
	};
	process.once('SIGINT', onSignal);
	process.once('SIGTERM', onSignal);
	try {
		log(
			`simulator at ${simulator.url}, ${options.latencyMs} ms latency; preparing n8n (build ${options.build ? 'on' : 'off'})`,
		);
		n8n = await RealN8n.create({ build: options.build, log });
		const syncMode = findSyncModeSwitch();
		log(
			syncMode
				? `sync mode of Create or Update: ${syncMode.label}`
				: 'Create or Update has no sync mode yet: its jobs are skipped',
		);
		const jobs = planJobs(options, simulator, n8n.nodeType('qrtrac'), syncMode);
		const redact = redactor(jobs);
		const credentials = uniqueCredentials(jobs);
		await n8n.importCredentials(credentials);
		const workflowIds = await importWorkflows(
			n8n,
			jobs.map((job) => job.workflow),
		);
		log(`${jobs.length} workflows and ${credentials.length} credentials imported`);

		const results: JobResult[] = [];
		const failures: BenchReport['failures'] = [];
		for (const [index, job] of jobs.entries()) {
			log(`job ${index + 1}/${jobs.length}: ${describeJob(job)}`);
			try {
				const result = await runJob({ n8n, simulator, memoryLog, redact }, job, workflowIds[index]);
				results.push(result);
				log(`  ${summarise(result)}`);
			} catch (error) {
				const message = redact(error instanceof Error ? error.message : String(error)).slice(
					0,
					2_000,
				);
				failures.push({ job: describeJob(job), message });
				log(`  could not be measured: ${message}`);
			}
		}
		const report: BenchReport = {
			startedAt: startedAt.toISOString(),
			finishedAt: new Date().toISOString(),
			quick: options.quick,
			n8nVersion: n8n.installation.version,
			nodeVersion: `Node ${process.version}`,
			latencyMs: options.latencyMs,
			requestedItems: options.items,
			machine: { cpus: availableParallelism(), loadAtStart, loadAtEnd: loadavg()[0] },
			results,
			syncSkipped: syncMode
				? undefined
				: "the built QR Code > Create or Update has no Mode parameter with a 'sync' choice (see bench/syncMode.ts).",
			failures,
		};
		const markdown = renderMarkdown(report);
		const written = writeResults(report, markdown, options);
		process.stdout.write(`${markdown}\n`);
		log(
			`results written to ${written.map((file) => path.relative(process.cwd(), file)).join(' and ')}`,
		);
		return failures.length === 0 ? 0 : 1;
	} finally {
		process.off('SIGINT', onSignal);
		process.off('SIGTERM', onSignal);
		await stopAll();
	}
}

function uniqueCredentials(jobs: Job[]): ImportedCredential[] {
	const byId = new Map<string, ImportedCredential>();
	for (const job of jobs)
		for (const credential of job.team.credentials) byId.set(credential.id, credential);
	return [...byId.values()];
}

/** Every client secret of the run is replaced wherever a message might carry it. */
function redactor(jobs: Job[]): (text: string) => string {
	const secrets = new Set<string>();
	for (const job of jobs) {
		for (const credential of job.team.credentials) {
			if (typeof credential.data.clientSecret === 'string')
				secrets.add(credential.data.clientSecret);
		}
	}
	return (text) =>
		[...secrets].reduce((redacted, secret) => redacted.split(secret).join('[redacted]'), text);
}

function describeJob(job: Job): string {
	switch (job.kind) {
		case 'create':
			return `${VARIANT_LABELS[job.variant]}, ${job.items} items at ${job.rate} rps`;
		case 'listAll':
			return `Get Many (Return All) over ${job.codes} codes at ${job.rate} rps`;
		case 'sync':
			return `Create or Update sync, ${SYNC_PHASE_LABELS[job.phase]}, ${job.rows} rows at ${job.rate} rps`;
		case 'readBaseline':
			return `Set node reading the same rows (${SYNC_PHASE_LABELS[job.phase]}${job.output === 'nodeFields' ? ", with the node's output fields" : ''}), ${job.rows} rows`;
	}
}

function summarise(result: JobResult): string {
	const common = `${result.requests} requests, ${result.answered429} answered 429, wall ${result.wallSeconds.toFixed(2)} s, n8n ${result.n8nExecutionSeconds?.toFixed(2) ?? 'n/a'} s, failed ${result.failedItems}`;
	return result.kind === 'create' ? `${common}, ${result.achievedRate.toFixed(1)} codes/s` : common;
}

/**
 * bench/results/<date>.md and .json for a full run with the default sizes; a quick run or one with other options
 * gets `-quick` / `-custom` names, so it never replaces the full run's figures.
 */
function writeResults(report: BenchReport, markdown: string, options: BenchOptions): string[] {
	mkdirSync(RESULTS_DIR, { recursive: true });
	const kind = options.quick ? '-quick' : isDefaultRun(options) ? '' : '-custom';
	const base = path.join(RESULTS_DIR, `${report.startedAt.slice(0, 10)}${kind}`);
	writeFileSync(`${base}.md`, `${markdown}\n`);
	writeFileSync(`${base}.json`, `${JSON.stringify({ options, ...report }, null, 2)}\n`);
	return [`${base}.md`, `${base}.json`];
}
