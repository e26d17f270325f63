#!/usr/bin/env node
// The compatibility suite (test/compat) in every n8n of the matrix (scripts/n8n/compatMatrix.ts), one n8n
// at a time: `npm run test:compat` runs them all, `npm run test:compat -- 1.123.81` (or
// QRTRAC_COMPAT_N8N_VERSION=1.123.81) one. Each version is installed on first use into its own cache folder
// (scripts/n8n/ensureN8n.ts). Prints one line per version with the measured steps, then
// "compat: N passed, N failed" (versions), and exits 1 when any version failed.
// `--list` only prints the versions it would run as a JSON array (compat.yml's job matrix).
// Other arguments go to jest.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const { COMPAT_MATRIX, COMPAT_VERSION_ENV, compatTarget } = await tsImport(
	'./n8n/compatMatrix.ts',
	import.meta.url,
);

const listOnly = process.argv.includes('--list');
const [asked, ...jestArgs] = process.argv
	.slice(2)
	.filter((arg) => arg !== '--list')
	.reduce(
		([version, ...rest], arg) =>
			!version && /^\d+\.\d+\.\d+$/.test(arg) ? [arg, ...rest] : [version, ...rest, arg],
		[undefined],
	);
const only = asked ?? process.env[COMPAT_VERSION_ENV];
let versions;
try {
	versions = only ? [compatTarget(only).version] : COMPAT_MATRIX.map((entry) => entry.version);
} catch (error) {
	console.error(error.message);
	process.exit(2);
}
if (listOnly) {
	console.log(JSON.stringify(versions));
	process.exit(0);
}

const reportDir = mkdtempSync(join(tmpdir(), 'qrtrac-compat-'));

// One build for the whole matrix: every n8n gets the same tarball, even when the sources change meanwhile.
const { packedBuild } = await tsImport('./n8n/packedBuild.ts', import.meta.url);
let tarball;
try {
	const packed = await packedBuild((line) => console.log(`[compat] ${line}`));
	tarball = join(reportDir, basename(packed.tarball));
	copyFileSync(packed.tarball, tarball);
	console.log(
		`[compat] package: ${basename(packed.tarball)} (sources ${basename(dirname(packed.tarball))})`,
	);
} catch (error) {
	console.error(`[compat] the package did not build: ${error.message}`);
	console.log(`compat: 0 passed, ${versions.length} failed`);
	process.exit(1);
}
const results = [];
for (const version of versions) {
	console.log(`\n== compat: n8n ${version} (node ${process.version})`);
	const started = Date.now();
	const jest = spawnSync(
		'npx',
		['jest', '--selectProjects', 'compat', '--runInBand', ...jestArgs],
		{
			stdio: 'inherit',
			env: {
				...process.env,
				[COMPAT_VERSION_ENV]: version,
				QRTRAC_COMPAT_REPORT_DIR: reportDir,
				QRTRAC_COMPAT_TARBALL: tarball,
			},
		},
	);
	const file = join(reportDir, `n8n-${version}.json`);
	const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
	results.push({
		version,
		ok: jest.status === 0,
		seconds: Math.round((Date.now() - started) / 1000),
		report,
	});
}

console.log('\ncompat results:');
for (const { version, ok, seconds, report } of results) {
	const steps = report
		? Object.entries(report.steps)
				.map(([step, outcome]) => `${step} ${outcome}`)
				.join(', ')
		: 'no report';
	const install = report
		? `install ${report.installSeconds} s${report.installedNow ? '' : ' (cached)'}`
		: '';
	console.log(`  n8n ${version}: ${ok ? 'PASS' : 'FAIL'} in ${seconds} s; ${install}; ${steps}`);
}
const failed = results.filter((result) => !result.ok).length;
console.log(
	`compat: ${results.length - failed} passed, ${failed} failed (report files: ${reportDir})`,
);
process.exit(failed === 0 ? 0 : 1);
