/**
 * jest's testTimeout (jest.config.js) is the upper bound of one test on a busy 2-core machine, where a test that
 * takes 10 s alone may take 40 s while other suites and runs share the cores. A file or test that sets a lower
 * bound of its own (with `jest.setTimeout` or as a test's last argument) fails there for no fault of the node,
 * and the tests after it in the file fail on what it left half done. Longer bounds stay as they are.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const { testTimeout } = require('../../jest.config.js') as { testTimeout: number };

function testFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(folder, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(file);
		return entry.name.endsWith('.test.ts') ? [file] : [];
	});
}

/** `jest.setTimeout(N)` and a test's or hook's own bound (`}, N);` closing its callback), N a number literal. */
const BOUNDS = [/jest\.setTimeout\(([\d_]+)\)/g, /^\s*\}, ([\d_]+)\);/gm];

test('no test file or test bounds itself below jest.config.js testTimeout', () => {
	const lower: string[] = [];
	for (const file of [
		...testFiles(path.join(ROOT, 'test')),
		...testFiles(path.join(ROOT, 'simulator')),
	]) {
		const text = readFileSync(file, 'utf8');
		for (const pattern of BOUNDS)
			for (const match of text.matchAll(pattern)) {
				const bound = Number(match[1].replace(/_/g, ''));
				if (bound < testTimeout) {
					const line = text.slice(0, match.index).split('\n').length;
					lower.push(`${path.relative(ROOT, file)}:${line} (${bound} ms)`);
				}
			}
	}
	expect(testTimeout).toBeGreaterThanOrEqual(60_000);
	expect(lower).toEqual([]);
});
