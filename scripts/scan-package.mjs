#!/usr/bin/env node
// n8n's community-package scanner, run offline: the same ESLint rules n8n applies before listing a package,
// over (1) the packed tarball exactly as npm would publish it and (2) the shipped sources. Also checks that
// the tarball holds only dist/, README, LICENSE and package.json. Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const work = mkdtempSync(join(tmpdir(), 'qrtrac-scan-'));
let failed = false;
try {
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--pack-destination', work], { encoding: 'utf8' }),
	);
	const files = packed[0].files.map((file) => file.path);
	const unexpected = files.filter(
		(path) => !/^(dist\/|README\.md$|LICENSE$|package\.json$)/.test(path),
	);
	console.log(`tarball: ${packed[0].filename}, ${files.length} files, ${packed[0].size} bytes`);
	if (unexpected.length > 0) {
		failed = true;
		console.log(`tarball holds files that should not ship: ${unexpected.join(', ')}`);
	}
	execFileSync('tar', ['-xzf', join(work, packed[0].filename), '-C', work]);
	const tarballScan = await analyzePackage(join(work, 'package'));
	console.log(`scan of the tarball: ${tarballScan.passed ? 'passed' : tarballScan.message}`);
	if (!tarballScan.passed) console.log(tarballScan.details ?? '');
	const sourceScan = await analyzePackage(process.cwd(), SOURCE_FILE_PATTERNS);
	console.log(`scan of the sources: ${sourceScan.passed ? 'passed' : sourceScan.message}`);
	if (!sourceScan.passed) console.log(sourceScan.details ?? '');
	failed = failed || !tarballScan.passed || !sourceScan.passed;
	console.log(`files in dist: ${readdirSync('dist', { recursive: true }).length}`);
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
