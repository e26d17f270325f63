import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';

import { startSimulator, type Simulator } from '../../simulator';
import { qrtracCredential, type ImportedCredential } from '../../scripts/n8n/credentials';
import { exitOnSignals } from '../../scripts/n8n/childProcesses';
import { nodeItems } from '../../scripts/n8n/runData';
import { QueueCluster } from '../../scripts/queue/queueCluster';
import { bulkCreateWorkflow, postRows, triggerWorkflow } from '../../scripts/queue/workflows';
import { startForeignClient } from './foreignClient';
import { measureBulkJob, type BulkJobResult } from './measure';
import { isDefaultQueueRun, parseQueueBenchOptions, type QueueBenchOptions } from './options';
import { renderQueueReport, type QueueBenchReport } from './report';
import { planTriggerPhase, runTriggerPhase, type TriggerPhaseResult } from './triggerPhase';

/**
 * `npm run bench:queue`: the shared budget in n8n's queue mode (issue 15). For each worker count, a cluster
 * (PostgreSQL, Redis, an n8n 2.41.1 main instance and W workers, the package installed from its tarball in
 * each; scripts/queue/) runs, per plan rate and with and without a foreign client spending a third of the
 * budget, E webhook-started executions of R creates each at once on one team. Workers run with
 * `--concurrency = ceil(E / W)`, so the executions spread over all of them. The first cluster also runs the
 * trigger phase (bench/queue/triggerPhase.ts). JSON and Markdown go to bench/results/<date>-queue[-quick|-custom].
 */
const RESULTS_DIR = path.join(__dirname, '..', 'results');
const PLAN_NAMES: Record<number, string> = {
	5: 'Business Plus',
	20: 'Legendary',
	50: 'Agency',
	100: 'Premium',
	200: 'Enterprise',
};
const LOAD_PLAN = 10;

const benchStart = Date.now();
const log = (line: string) =>
	process.stderr.write(
		`[bench:queue ${((Date.now() - benchStart) / 1000).toFixed(0).padStart(4)} s] ${line}\n`,
	);

interface Job {
	plan: number;
	foreignPerSecond: number;
	teamId: string;
	credential: ImportedCredential;
	webhookPath: string;
	workflowId?: string;
}

async function main(): Promise<number> {
	const options = parseQueueBenchOptions(process.argv.slice(2));
	const startedAt = new Date();
	const loadAtStart = loadavg()[0];
	const sim = await startSimulator({
		latencyMs: options.latencyMs,
		requestLogLimit: 2_000_000,
		quota: 100_000,
	});
	const orgId = sim.state.team(sim.credentials.teamId)!.orgId;
	let cluster: QueueCluster | undefined;
	let postgres = 'unknown';
	exitOnSignals(async () => {
		await cluster?.stop();
		await sim.close();
	});

	const bulk: BulkJobResult[] = [];
	let trigger: TriggerPhaseResult | undefined;
	const notes: string[] = [];
	try {
		for (const [clusterIndex, workers] of options.workers.entries()) {
			const jobs = planJobs(sim, orgId, options, workers);
			const withTrigger = clusterIndex === 0 && options.triggerChanges > 0;
			const triggerPlan = withTrigger
				? planTriggerPhase(sim, orgId, options.triggerChanges, options.triggerMinutes)
				: undefined;
			const loadTeamId = sim.state.createTeam(orgId, `Queue bench load ${workers}`).id;
			sim.setPlan(LOAD_PLAN, loadTeamId);

			cluster = await QueueCluster.create({
				workers,
				workerConcurrency: Math.ceil(options.executions / workers),
				build: options.build && clusterIndex === 0,
				log,
			});
			const credentials = [
				...jobs.map((job) => job.credential),
				qrtracCredential(
					{
						url: sim.url,
						...sim.credentials,
						teamId: triggerPlan?.teamId ?? sim.credentials.teamId,
					},
					{ plan: 'Legendary' },
				),
				qrtracCredential(
					{ url: sim.url, ...sim.credentials, teamId: loadTeamId },
					{ id: 'qrtracLoad', name: 'QRTRAC load', plan: 'custom' },
				),
			];
			credentials[credentials.length - 1].data.customRatePerSecond = LOAD_PLAN;
			await cluster.importCredentials(credentials);
			const workflows = [
				...jobs.map((job) =>
					bulkCreateWorkflow(job.webhookPath, {
						credentialId: job.credential.id,
						credentialName: job.credential.name,
					}),
				),
				bulkCreateWorkflow('bench-load', {
					credentialId: 'qrtracLoad',
					credentialName: 'QRTRAC load',
				}),
				...(withTrigger ? [triggerWorkflow()] : []),
			];
			const ids = await cluster.importWorkflows(workflows);
			for (const id of ids) await cluster.publishWorkflow(id);
			jobs.forEach((job, index) => (job.workflowId = ids[index]));
			await cluster.start();
			postgres = cluster.postgresVersion;

			for (const job of jobs) {
				await new Promise((resolve) => setTimeout(resolve, 1100));
				log(
					`${workers} workers, plan ${job.plan}/s${job.foreignPerSecond ? `, foreign client ${job.foreignPerSecond.toFixed(1)}/s` : ''}: ${options.executions} x ${options.rows} creates`,
				);
				bulk.push(await runBulkJob(cluster, sim, job, workers, options));
				const last = bulk[bulk.length - 1];
				log(
					`  ${(last.shareOfPlan * 100).toFixed(1)} % of the plan (${(last.shareOfWhatWasLeft * 100).toFixed(1)} % of what was left), ${last.node429} x 429, ${last.failedItems} failed, ${last.duplicateCodes} duplicates, workers ${last.workerOfExecution.join(',')}`,
				);
			}
			if (triggerPlan) {
				trigger = await runTriggerPhase(
					cluster,
					sim,
					triggerPlan,
					{
						trigger: ids[ids.length - 1],
						load: ids[jobs.length],
						loadPath: 'bench-load',
						loadTeamId,
						loadPlan: LOAD_PLAN,
					},
					log,
				);
				log(
					`  trigger: ${trigger.emitted} emitted of ${trigger.changes} changes, ${trigger.missed} missed, ${trigger.repeated} repeated, ${trigger.unexpected} unexpected`,
				);
			}
			await cluster.stop();
			cluster = undefined;
		}
	} catch (error) {
		notes.push(`The run stopped early: ${(error as Error).message.split('\n')[0]}`);
		log(`failed: ${(error as Error).stack ?? error}`);
		if (cluster) log(cluster.diagnostics());
	} finally {
		await cluster?.stop();
		await sim.close();
	}

	const report: QueueBenchReport = {
		startedAt: startedAt.toISOString(),
		finishedAt: new Date().toISOString(),
		node: process.version,
		postgres,
		cpus: availableParallelism(),
		loadAverage: { start: round(loadAtStart), end: round(loadavg()[0]) },
		options,
		bulk,
		trigger,
		notes,
	};
	const markdown = renderQueueReport(report);
	process.stdout.write(`${markdown}\n`);
	mkdirSync(RESULTS_DIR, { recursive: true });
	const suffix = isDefaultQueueRun(options) ? (options.quick ? '-quick' : '') : '-custom';
	const base = path.join(RESULTS_DIR, `${startedAt.toISOString().slice(0, 10)}-queue${suffix}`);
	writeFileSync(`${base}.json`, `${JSON.stringify(report, null, '\t')}\n`);
	writeFileSync(`${base}.md`, markdown);
	log(`written ${path.relative(process.cwd(), base)}.{json,md}`);
	return notes.length === 0 ? 0 : 1;
}

function planJobs(
	sim: Simulator,
	orgId: string,
	options: QueueBenchOptions,
	workers: number,
): Job[] {
	const jobs: Job[] = [];
	for (const plan of options.plans) {
		for (const foreignPerSecond of options.foreign ? [0, plan / 3] : [0]) {
			const index = jobs.length;
			const teamId = sim.state.createTeam(
				orgId,
				`Queue bench ${workers}w ${plan}/s${foreignPerSecond ? ' foreign' : ''}`,
			).id;
			sim.setPlan(plan, teamId);
			const name = PLAN_NAMES[plan];
			const credential = qrtracCredential(
				{ url: sim.url, ...sim.credentials, teamId },
				{ id: `qrtracBench${index}`, name: `QRTRAC bench ${index}`, plan: name ?? 'custom' },
			);
			if (!name) credential.data.customRatePerSecond = plan;
			jobs.push({
				plan,
				foreignPerSecond,
				teamId,
				credential,
				webhookPath: `bench-${workers}w-${index}`,
			});
		}
	}
	return jobs;
}

async function runBulkJob(
	cluster: QueueCluster,
	sim: Simulator,
	job: Job,
	workers: number,
	options: QueueBenchOptions,
): Promise<BulkJobResult> {
	const batches = Array.from({ length: options.executions }, (_, execution) =>
		Array.from({ length: options.rows }, (_, row) => ({
			name: `${job.webhookPath}-${execution}-${row}`,
			url: `https://example.com/b/${execution}/${row}`,
		})),
	);
	const headers = {
		'x-request-team-id': job.teamId,
		'x-request-client-id': sim.credentials.clientId,
		'x-request-client-secret': sim.credentials.clientSecret,
	};
	const foreign =
		job.foreignPerSecond > 0
			? startForeignClient(sim.url, headers, job.foreignPerSecond)
			: undefined;
	try {
		if (foreign) await new Promise((resolve) => setTimeout(resolve, 1000));
		await Promise.all(batches.map((rows) => postRows(cluster.baseUrl, job.webhookPath, rows)));
		const floorSeconds = (options.executions * options.rows) / job.plan;
		const ids = await cluster.waitForExecutions(
			job.workflowId!,
			options.executions,
			(floorSeconds * 3 + 120) * 1000,
		);
		const runs = await Promise.all(ids.map((id) => cluster.execution(id)));
		const items = runs.flatMap((run) => nodeItems(run, 'Create'));
		const failedItems =
			items.filter((item) => item.error !== undefined).length +
			Math.max(0, options.executions * options.rows - items.length);
		return measureBulkJob(
			sim,
			{
				teamId: job.teamId,
				names: batches.flat().map((row) => row.name),
				workers,
				plan: job.plan,
				foreignPerSecond: job.foreignPerSecond,
				executions: options.executions,
				rowsPerExecution: options.rows,
			},
			{
				workerOfExecution: ids.map((id) => cluster.workerOf(id)),
				failedItems,
				executionSeconds: runs.map(
					(run) => (Date.parse(run.stoppedAt ?? '') - Date.parse(run.startedAt ?? '')) / 1000,
				),
				foreignSent: foreign?.sent() ?? 0,
			},
		);
	} finally {
		await foreign?.stop();
	}
}

function round(value: number): number {
	return Math.round(value * 10) / 10;
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		process.stderr.write(`[bench:queue] failed: ${error.message}\n`);
		process.exit(1);
	},
);
