import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import { RealN8n, type WorkflowJson, type WorkflowRun } from '../scripts/n8n/realN8n';
import { startSimulator, type Simulator } from '../simulator';
import { BenchTeams, type BenchTeam } from './benchTeams';
import { importWorkflows } from './importWorkflows';
import { peakMemoryEnv, peakRssOfExecution, readProcessMemory } from './peakMemory';
import { requestStats } from './requestStats';
import { findSyncModeSwitch } from './syncMode';
import { MEASURED_NODE, qrtracSyncWorkflow, setNodeReadWorkflow, type RowsSpec } from './workflows';

/**
 * `npm run bench -- --batched` (issue 27): Create or Update (sync) over a big sheet inside real n8n, once as one
 * run of the node and once inside Loop Over Items (n8n-nodes-base.splitInBatches v3) with batches of
 * `--batch-size` rows, over a team already holding the sheet's codes (seeded through the simulator's state a
 * minute before, so the change feed's overlap holds none of them). Every job gets a fresh team, so the changed
 * run finds its 1 % of rows to write. Counts and wall time come from the simulator's log; peak RSS from the probe.
 * Written to bench/results/<date>-batched-<codes>-<plans>rps-<phases>[-baseline[-wide]].{md,json}.
 *
 *   npm run bench -- --batched --codes 20000 --plans 200,5 [--batch-size 1000] [--phases unchanged,changed] [--baseline | --baseline-wide] [--no-build]
 */

interface BatchedOptions {
	codes: number[];
	plans: number[];
	batchSize: number;
	phases: Array<'unchanged' | 'changed'>;
	build: boolean;
	latencyMs: number;
	/** Set node baselines: none, both (`--baseline`), or only the one with the node's 15 fields (`--baseline-wide`). */
	baseline: 'none' | 'both' | 'wide';
}

/**
 * The sync as one run and in the loop; with `--baseline` also n8n's Set node reading the same rows, as one run
 * and in the same loop: what n8n itself spends (time, memory) on the rows and on the loop, without QRTRAC. The
 * Set node runs twice: with the three fields it reads, and with the node's 15 output fields (items as big as the
 * sync's, which n8n holds in the run data and, in the loop, once more in Loop Over Items' done list).
 */
type Variant =
	| 'one run'
	| 'loop'
	| 'Set node, one run'
	| 'Set node, loop'
	| 'Set node 15 fields, one run'
	| 'Set node 15 fields, loop';

interface BatchedJob {
	codes: number;
	rate: number;
	phase: 'unchanged' | 'changed';
	variant: Variant;
	team: BenchTeam;
	workflow: WorkflowJson;
}

interface BatchedResult {
	codes: number;
	rate: number;
	phase: string;
	variant: string;
	batches: number;
	listRequests: number;
	feedRequests: number;
	writeRequests: number;
	otherRequests: number;
	answered429: number;
	wallSeconds: number;
	floorSeconds: number;
	nodeSeconds: number;
	n8nSeconds?: number;
	peakRssMb?: number;
	outcomes: Record<string, number>;
	error?: string;
}

const RESULTS_DIR = path.join(__dirname, 'results');
const LOOP_NODE = 'Loop Over Items';

function parse(argv: string[]): BatchedOptions {
	const value = (name: string) => {
		const index = argv.indexOf(`--${name}`);
		return index >= 0 ? argv[index + 1] : undefined;
	};
	const numbers = (text: string | undefined, fallback: number[]) =>
		text ? text.split(',').map(Number) : fallback;
	return {
		codes: numbers(value('codes'), [20_000]),
		plans: numbers(value('plans'), [200, 5]),
		batchSize: Number(value('batch-size') ?? 1_000),
		phases: (value('phases')?.split(',') ?? ['unchanged', 'changed']) as BatchedOptions['phases'],
		build: !argv.includes('--no-build'),
		latencyMs: Number(value('latency-ms') ?? 30),
		baseline: argv.includes('--baseline')
			? 'both'
			: argv.includes('--baseline-wide')
				? 'wide'
				: 'none',
	};
}

function variantsOf(options: BatchedOptions): Variant[] {
	const wide: Variant[] = ['Set node 15 fields, one run', 'Set node 15 fields, loop'];
	if (options.baseline === 'none') return ['one run', 'loop'];
	if (options.baseline === 'wide') return ['one run', 'loop', ...wide];
	return ['one run', 'loop', 'Set node, one run', 'Set node, loop', ...wide];
}

/** The sync workflow with Loop Over Items between the rows and the node, its output fed back into the loop. */
function inLoop(workflow: WorkflowJson, batchSize: number): WorkflowJson {
	return {
		...workflow,
		name: `${workflow.name} in Loop Over Items (${batchSize})`,
		nodes: [
			...workflow.nodes.map((node) =>
				node.name === MEASURED_NODE ? { ...node, position: [660, 0] } : node,
			),
			{
				id: 'loop',
				name: LOOP_NODE,
				type: 'n8n-nodes-base.splitInBatches',
				typeVersion: 3,
				position: [440, 0],
				parameters: { batchSize, options: {} },
			},
		],
		connections: {
			...workflow.connections,
			Rows: { main: [[{ node: LOOP_NODE, type: 'main', index: 0 }]] },
			[LOOP_NODE]: { main: [[], [{ node: MEASURED_NODE, type: 'main', index: 0 }]] },
			[MEASURED_NODE]: { main: [[{ node: LOOP_NODE, type: 'main', index: 0 }]] },
		},
	} as WorkflowJson;
}

/**
 * The team's codes as an earlier sync of the same rows left them, a minute ago. The first is made through the
 * simulator's own create (validation, defaults); the others are copies of it put straight into its store, since
 * a create checks the team's quota against every code of the team (100,000 creates would take minutes).
 */
function seed(simulator: Simulator, team: BenchTeam, rows: RowsSpec): void {
	const minuteAgo = Date.now() - 60_000;
	const fields = (row: number) => ({
		displayId: `${rows.displayIdPrefix}-${row}`,
		name: `${rows.label} ${row}`,
		qrRedirectUrl: `https://example.com/bench/${row}`,
	});
	const first = simulator.state.createQrAt(team.teamId, { qrType: 'WEB', ...fields(0) }, minuteAgo);
	const text = JSON.stringify(first);
	for (let row = 1; row < rows.count; row++) {
		const id = `${first.id}x${row}`;
		const copy = JSON.parse(
			text.split(first.id).join(id).split(String(first.displayId)).join(fields(row).displayId),
		) as typeof first;
		simulator.state.qrs.set(id, { ...copy, ...fields(row) });
	}
}

export async function runBatchedBench(argv: string[]): Promise<number> {
	const options = parse(argv);
	const log = (line: string) =>
		process.stderr.write(`[bench batched ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
	const scratch = mkdtempSync(path.join(tmpdir(), 'qrtrac-bench-batched-'));
	const memoryLog = path.join(scratch, 'memory.jsonl');
	const simulator = await startSimulator({
		port: 0,
		seed: false,
		latencyMs: options.latencyMs,
		requestLogLimit: 1_000_000,
	});
	let n8n: RealN8n | undefined;
	const startedAt = new Date();
	const loadAtStart = loadavg()[0];
	try {
		n8n = await RealN8n.create({ build: options.build, log });
		const syncMode = findSyncModeSwitch();
		if (!syncMode) throw new Error('the built node has no sync mode');
		const teams = new BenchTeams(simulator);
		const jobs: BatchedJob[] = [];
		for (const codes of options.codes)
			for (const rate of options.plans)
				for (const phase of options.phases)
					for (const variant of variantsOf(options)) {
						const team = teams.create(
							`batched ${codes} ${rate} ${phase} ${variant}`,
							rate,
							codes + 100,
						);
						const rows: RowsSpec = {
							count: codes,
							label: `sheet ${team.teamId}`,
							displayIdPrefix: `b-${team.teamId.slice(-8)}`,
							changeEvery: phase === 'changed' ? 100 : undefined,
						};
						seed(simulator, team, rows);
						const single = variant.startsWith('Set node')
							? setNodeReadWorkflow(
									rows,
									variant.includes('15 fields') ? 'nodeFields' : 'rowFields',
								)
							: qrtracSyncWorkflow(n8n.nodeType('qrtrac'), team.qrtrac, rows, syncMode.parameters);
						jobs.push({
							codes,
							rate,
							phase,
							variant,
							team,
							workflow: variant.endsWith('loop') ? inLoop(single, options.batchSize) : single,
						});
					}
		await n8n.importCredentials(jobs.flatMap((job) => job.team.credentials));
		const ids = await importWorkflows(
			n8n,
			jobs.map((job) => job.workflow),
		);
		const results: BatchedResult[] = [];
		for (const [index, job] of jobs.entries()) {
			log(
				`job ${index + 1}/${jobs.length}: ${job.codes} codes, ${job.rate}/s, ${job.phase}, ${job.variant}`,
			);
			await new Promise((resolve) => setTimeout(resolve, 1_100));
			simulator.clearRequestLog();
			const run = await n8n.executeWorkflow(ids[index], {
				env: peakMemoryEnv(memoryLog),
				timeoutMs: 600_000 + (job.codes / 100 / job.rate) * 20_000,
				quiet: true,
			});
			const result = measure(job, run, simulator, ids[index], memoryLog);
			results.push(result);
			log(`  ${JSON.stringify(result)}`);
		}
		const markdown = render(results, options, {
			startedAt,
			n8n: n8n.installation.version,
			cpus: availableParallelism(),
			loadAtStart,
			loadAtEnd: loadavg()[0],
		});
		mkdirSync(RESULTS_DIR, { recursive: true });
		// One file per set of sizes and plans, so that runs of a day add up instead of replacing each other.
		const base = path.join(
			RESULTS_DIR,
			`${startedAt.toISOString().slice(0, 10)}-batched-${options.codes.join('-')}-${options.plans.join('-')}rps-${options.phases.join('-')}${options.baseline === 'none' ? '' : `-baseline${options.baseline === 'wide' ? '-wide' : ''}`}`,
		);
		writeFileSync(`${base}.md`, `${markdown}\n`);
		writeFileSync(`${base}.json`, `${JSON.stringify({ options, results }, null, 2)}\n`);
		process.stdout.write(`${markdown}\n`);
		return results.some((result) => result.error) ? 1 : 0;
	} finally {
		await n8n?.stop();
		await simulator.close();
		rmSync(scratch, { recursive: true, force: true });
	}
}

function measure(
	job: BatchedJob,
	run: WorkflowRun,
	simulator: Simulator,
	workflowId: string,
	memoryLog: string,
): BatchedResult {
	const stats = requestStats(simulator.requestLog, job.team.teamId);
	const by = stats.byOperation;
	const listRequests = by.getTeamQrsPaginated ?? 0;
	const feedRequests = Object.entries(by)
		.filter(([operation]) => /fromtime/i.test(operation))
		.reduce((sum, [, count]) => sum + count, 0);
	const writeRequests = (by.createQr ?? 0) + (by.updateQr ?? 0);
	const tasks = run.nodes[MEASURED_NODE] ?? [];
	const outcomes: Record<string, number> = {};
	for (const task of tasks)
		for (const item of task.outputs[0] ?? []) {
			const key =
				item.error !== undefined ? 'failed' : String(item.result ?? item.operation ?? 'unknown');
			outcomes[key] = (outcomes[key] ?? 0) + 1;
		}
	return {
		codes: job.codes,
		rate: job.rate,
		phase: job.phase,
		variant: job.variant,
		batches: tasks.length,
		listRequests,
		feedRequests,
		writeRequests,
		otherRequests: stats.requests - listRequests - feedRequests - writeRequests,
		answered429: stats.answered429,
		wallSeconds: stats.wallMs / 1000,
		floorSeconds: stats.requests / job.rate,
		nodeSeconds: tasks.reduce((sum, task) => sum + task.durationMs, 0) / 1000,
		n8nSeconds:
			run.startedAt && run.stoppedAt
				? (Date.parse(run.stoppedAt) - Date.parse(run.startedAt)) / 1000
				: undefined,
		peakRssMb: peakRssOfExecution(readProcessMemory(memoryLog), workflowId),
		outcomes,
		error: run.error?.message,
	};
}

function render(
	results: BatchedResult[],
	options: BatchedOptions,
	run: { startedAt: Date; n8n: string; cpus: number; loadAtStart: number; loadAtEnd: number },
): string {
	const lines = [
		`# Create or Update (sync) in Loop Over Items: ${run.startedAt.toISOString()}`,
		'',
		`n8n ${run.n8n}, Node ${process.version}, ${run.cpus} CPUs, load ${run.loadAtStart.toFixed(2)} -> ${run.loadAtEnd.toFixed(2)}; simulator latency ${options.latencyMs} ms; batches of ${options.batchSize}.`,
		'',
		'| Codes = rows | Plan | Sheet | Run | Batches | List req. | Feed req. | Writes | Other req. | 429 | Wall (sim) | Floor (req./rate) | Node time | n8n time | Peak RSS | Outcomes |',
		'| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
	];
	const s = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(1)} s`);
	for (const r of results)
		lines.push(
			`| ${r.codes} | ${r.rate}/s | ${r.phase} | ${r.variant} | ${r.batches} | ${r.listRequests} | ${r.feedRequests} | ${r.writeRequests} | ${r.otherRequests} | ${r.answered429} | ${s(r.wallSeconds)} | ${s(r.floorSeconds)} | ${s(r.nodeSeconds)} | ${s(r.n8nSeconds)} | ${r.peakRssMb === undefined ? 'n/a' : `${r.peakRssMb.toFixed(0)} MB`} | ${Object.entries(
				r.outcomes,
			)
				.map(([k, v]) => `${k} ${v}`)
				.join(', ')}${r.error ? `; error: ${r.error}` : ''} |`,
		);
	return [...lines, ...attributable(results)].join('\n');
}

/**
 * The node's own memory: the sync's peak RSS less the Set node's over the same rows in the same workflow shape
 * (one run, loop), for each Set node baseline. n8n's part (the rows, the loop's copies of the items) is then
 * left out of both, so the loop's figure against the one run's is what the node holds for the loop.
 */
function attributable(results: BatchedResult[]): string[] {
	const peak = (r: BatchedResult, variant: string) =>
		results.find(
			(other) =>
				other.codes === r.codes &&
				other.rate === r.rate &&
				other.phase === r.phase &&
				other.variant === variant,
		)?.peakRssMb;
	const rows: string[] = [];
	for (const r of results.filter((result) => result.variant === 'one run'))
		for (const baseline of ['Set node', 'Set node 15 fields']) {
			const figures = [
				peak(r, 'one run'),
				peak(r, `${baseline}, one run`),
				peak(r, 'loop'),
				peak(r, `${baseline}, loop`),
			];
			if (figures.some((figure) => figure === undefined)) continue;
			const [oneRun, setOneRun, loop, setLoop] = figures as number[];
			const mb = (value: number) => `${value.toFixed(0)} MB`;
			rows.push(
				`| ${r.codes} | ${r.rate}/s | ${r.phase} | ${baseline} | ${mb(oneRun - setOneRun)} | ${mb(loop - setLoop)} | ${oneRun - setOneRun > 0 ? `${((loop - setLoop) / (oneRun - setOneRun)).toFixed(2)} x` : 'n/a'} |`,
			);
		}
	if (rows.length === 0) return [];
	return [
		'',
		"Node-attributable peak RSS (the sync's less the Set node's in the same shape of workflow):",
		'',
		'| Codes = rows | Plan | Sheet | Baseline | One run | Loop | Loop / one run |',
		'| --- | --- | --- | --- | --- | --- | --- |',
		...rows,
	];
}
