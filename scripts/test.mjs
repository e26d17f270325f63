#!/usr/bin/env node
// The project's whole check, as CI runs it: build, lint, type-check, then every jest suite
// (unit, contract, integration, reliability, e2e inside real n8n). Ends with one plain line
// "tests: N passed, N failed" so that any reader of the log sees the count.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const extraJestArgs = process.argv.slice(2);
const steps = [
	['build', 'npm', ['run', 'build']],
	['lint', 'npx', ['eslint', '.']],
	['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
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

const report = join(mkdtempSync(join(tmpdir(), 'qrtrac-jest-')), 'report.json');
console.log(`\n== jest (node ${process.version})`);
const jest = spawnSync('npx', ['jest', '--json', `--outputFile=${report}`, ...extraJestArgs], { stdio: 'inherit' });
let passed = 0;
let failed = 1;
try {
	const summary = JSON.parse(readFileSync(report, 'utf8'));
	passed = summary.numPassedTests;
	failed = summary.numFailedTests + summary.numRuntimeErrorTestSuites;
} catch {
	console.log('jest wrote no report');
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(jest.status === 0 && failed === 0 ? 0 : 1);
