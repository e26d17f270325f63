import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import { RealN8n, type WorkflowJson } from '../../scripts/n8n/realN8n';
import { startSimulator } from '../../simulator';
import { BenchTeams } from '../benchTeams';
import { importWorkflows } from '../importWorkflows';
import { truthOf } from './figures';
import { isDefaultReportRun, parseReportBenchOptions } from './options';
import { renderReportBench } from './render';
import { runReportJob, type ReportJob, type ReportJobResult } from './run';
import { idleWorkflow, reportWorkflow, summarizeWorkflow } from './workflows';

const RESULTS_DIR = path.join(__dirname, '..', 'results');

/**
 * `npm run bench -- --report` (issue 24): a scan report over 1,000,000 events of 1,000 codes inside real n8n,
 * built (a) by QRTRAC's Scan > Get Report and (b) by Scan > Get for Codes with n8n's Summarize node, at each
 * size on a team of its own. Every job is one cold `n8n execute`; an idle run measures n8n itself. Wall time and
 * requests come from the simulator's log, peak memory from the probes, and every code's figures are checked
 * against the simulator's events. Written to bench/results/<date>-report.{md,json} (`-report-custom` for other
 * sizes). See bench/README.md.
 */
export async function runScanReportBench(argv: string[]): Promise<number> {
	const options = parseReportBenchOptions(argv);
	const started = new Date();
	const loadAtStart = loadavg()[0];
	const log = (line: string) =>
		process.stderr.write(`[bench report ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
	const scratch = mkdtempSync(path.join(tmpdir(), 'qrtrac-bench-report-'));
	const simulator = await startSimulator({
		port: 0,
		seed: false,
		latencyMs: options.latencyMs,
		requestLogLimit: 1_000_000,
	});
	let n8n: RealN8n | undefined;
	try {
		n8n = await RealN8n.create({ build: options.build, log });
		const teams = new BenchTeams(simulator);
		const jobs: ReportJob[] = [];
		const workflows: WorkflowJson[] = [];
		const credentials = [];
		const secrets: string[] = [];
		for (const events of options.events) {
			const team = teams.create(`report ${events}`, options.plan, options.codes + 100);
			credentials.push(...team.credentials);
			secrets.push(String(team.credentials[0].data.clientSecret));
			const seededAt = Date.now();
			const volume = simulator.state.seedScanVolume(team.teamId, {
				codes: options.codes,
				totalScans: events,
				days: options.days,
				seed: options.seed,
			});
			const range = { from: volume.from, to: volume.to };
			const truth = truthOf(simulator.state.scans, volume.qrIds, range);
			log(
				`${events} events over ${options.codes} codes seeded in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`,
			);
			for (const variant of options.variants) {
				const build = variant === 'report' ? reportWorkflow : summarizeWorkflow;
				workflows.push(build(n8n.nodeType('qrtrac'), team.qrtrac, range));
				jobs.push({
					variant,
					events,
					codes: options.codes,
					teamId: team.teamId,
					workflowId: '',
					truth,
				});
			}
		}
		workflows.push(idleWorkflow());
		jobs.push({ variant: 'idle', events: 0, codes: 0, teamId: '', workflowId: '' });
		await n8n.importCredentials(credentials);
		const ids = await importWorkflows(n8n, workflows);
		ids.forEach((id, index) => (jobs[index].workflowId = id));
		const redact = (text: string) =>
			secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text);

		const results: ReportJobResult[] = [];
		// the idle run first: n8n's own floor, before the heavy runs warm any cache
		for (const job of [jobs[jobs.length - 1], ...jobs.slice(0, -1)]) {
			log(`job: ${job.variant}${job.events ? `, ${job.events} events` : ''}`);
			const result = await runReportJob(
				{
					n8n,
					simulator,
					scratch,
					timeoutMs: options.timeoutMinutes * 60_000,
					heapMb: options.heapMb,
					cpuProfileDir: options.cpuProfileDir,
					redact,
				},
				job,
			);
			results.push(result);
			const { comparison, ...figures } = result;
			log(
				`  ${JSON.stringify(figures).slice(0, 1_500)}${comparison ? ` identical ${comparison.identical}/${comparison.codes}` : ''}`,
			);
		}
		const markdown = renderReportBench(results, options, {
			startedAt: started,
			n8nVersion: n8n.installation.version,
			cpus: availableParallelism(),
			loadAtStart,
			loadAtEnd: loadavg()[0],
		});
		mkdirSync(RESULTS_DIR, { recursive: true });
		const base = path.join(
			RESULTS_DIR,
			`${started.toISOString().slice(0, 10)}-report${isDefaultReportRun(options) ? '' : '-custom'}`,
		);
		writeFileSync(`${base}.md`, `${markdown}\n`);
		writeFileSync(
			`${base}.json`,
			`${JSON.stringify({ options, startedAt: started.toISOString(), results }, null, 2)}\n`,
		);
		process.stdout.write(`${markdown}\n`);
		log(`results written to ${path.relative(process.cwd(), base)}.{md,json}`);
		return results.every((result) => result.processSeconds > 0) ? 0 : 1;
	} finally {
		await n8n?.stop();
		await simulator.close();
		rmSync(scratch, { recursive: true, force: true });
	}
}
